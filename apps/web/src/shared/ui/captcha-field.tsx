import Input from 'antd/es/input/Input';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState, type CSSProperties } from 'react';
import { AUTH_PATHS, type CaptchaResponse } from '@hqt/contract/auth';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { plainGet } from '@/shared/api/plain-get';

export interface CaptchaHandle {
  /** A new image; the old answer is gone (a captcha is single use). */
  refresh(): void;
}

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  onIndex: (codeIndex: string) => void;
}

/** Read by a screen reader, not shown. */
const VISUALLY_HIDDEN: CSSProperties = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap', border: 0 };

/**
 * The captcha input with its image; clicking the image asks for a new one. 「语音验证码」 plays the
 * same captcha's digits spoken (issue 24); a polite live region tells a screen reader of a new
 * image and of the audio playing.
 */
export const CaptchaField = forwardRef<CaptchaHandle, Props>(function CaptchaField({ value, onChange, onIndex }, ref) {
  const [img, setImg] = useState<string | null>(null);
  // A new node for every announcement: the same words said twice are still read out.
  const [announcement, setAnnouncement] = useState({ text: '', n: 0 });
  const valueRef = useRef(value);
  const codeIndex = useRef('');
  const shown = useRef(false);
  const audio = useRef<HTMLAudioElement>(null);
  const audioUrl = useRef<string | null>(null);
  const speaking = useRef(false);
  useEffect(() => {
    valueRef.current = value;
  }, [value]);
  useEffect(
    () => () => {
      if (audioUrl.current) URL.revokeObjectURL(audioUrl.current);
    },
    [],
  );

  const announce = useCallback((text: string) => setAnnouncement((a) => ({ text, n: a.n + 1 })), []);

  /** Answers the new captcha's number, or null when none came (the toast has said why). */
  const refresh = useCallback(async (): Promise<string | null> => {
    try {
      // Plain fetch: the page opening asks for it, and need not bring the HTTP client with it.
      const captcha = await plainGet<CaptchaResponse>(AUTH_PATHS.captcha);
      // The old captcha's digits stop with its image.
      if (audio.current && !audio.current.paused) audio.current.pause();
      setImg(captcha.img);
      codeIndex.current = captcha.codeIndex;
      onIndex(captcha.codeIndex);
      // The old answer belongs to the old image.
      if (valueRef.current) onChange?.('');
      // The page's first image is no news; a later one replaces what may have been typed.
      if (shown.current) announce('验证码已刷新');
      shown.current = true;
      return captcha.codeIndex;
    } catch (err) {
      setImg(null);
      const { toast } = await import('@/shared/ui/feedback');
      void toast.error(err instanceof Error ? err.message : MSG.requestFailed);
      return null;
    }
  }, [announce, onChange, onIndex]);

  /** The current captcha spoken; an expired or used one (400) is replaced by a new one first. */
  const speak = useCallback(async () => {
    if (speaking.current) return;
    speaking.current = true;
    try {
      const { fetchCaptchaAudio } = await import('@/shared/api/auth-api');
      let index = codeIndex.current || (await refresh());
      if (!index) return;
      let wav: Blob;
      try {
        wav = await fetchCaptchaAudio(index, { silent: true });
      } catch (err) {
        const status = (err as { code?: unknown }).code;
        if (status !== 400) {
          // A WAV's error answer is not read as JSON: its message is said here.
          const { toast } = await import('@/shared/ui/feedback');
          void toast.error(status === 429 ? OWN_MSG.tooManyRequests : '语音验证码获取失败，请稍后重试');
          throw err;
        }
        if (!(index = await refresh())) throw err;
        wav = await fetchCaptchaAudio(index);
      }
      if (audioUrl.current) URL.revokeObjectURL(audioUrl.current);
      audioUrl.current = URL.createObjectURL(wav);
      const player = audio.current!;
      player.src = audioUrl.current;
      announce('正在播放语音验证码');
      await player.play();
    } catch {
      announce('语音验证码播放失败，请稍后重试');
    } finally {
      speaking.current = false;
    }
  }, [announce, refresh]);

  useImperativeHandle(ref, () => ({ refresh: () => void refresh() }), [refresh]);
  // Once on mount; later images come when asked for (a click, or a failed submit).
  const [first] = useState(() => refresh);
  useEffect(() => void first(), [first]);

  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Input id="vierifyCode" value={value} onChange={(e) => onChange?.(e.target.value)} placeholder="验证码" maxLength={8} autoComplete="off" aria-label="验证码" />
      <button
        type="button"
        onClick={() => void refresh()}
        title="看不清？点击刷新"
        // The name begins with what is seen (the image's text), then says what a click does.
        aria-label={img ? '验证码图片，点击刷新' : undefined}
        style={{ padding: 0, border: '1px solid #d9d9d9', borderRadius: 6, background: '#f3f6fb', width: 120, height: 32, cursor: 'pointer', flex: 'none' }}
      >
        {img ? <img src={img} alt="验证码图片" width={118} height={30} /> : '点击获取'}
      </button>
      <button
        type="button"
        onClick={() => void speak()}
        title="看不清图片？播放语音验证码（普通话数字）"
        style={{ padding: '0 2px', border: 'none', background: 'none', color: 'inherit', textDecoration: 'underline', cursor: 'pointer', flex: 'none', whiteSpace: 'nowrap' }}
      >
        语音验证码
      </button>
      <audio ref={audio} preload="none" />
      <div role="status" aria-live="polite" style={VISUALLY_HIDDEN}>
        <span key={announcement.n}>{announcement.text}</span>
      </div>
    </div>
  );
});

/** What a form needs of its captcha: the field's ref and index callback, the image's index, a new image. */
export function useCaptcha() {
  const ref = useRef<CaptchaHandle>(null);
  const index = useRef('');
  const onIndex = useCallback((i: string) => {
    index.current = i;
  }, []);
  return { ref, onIndex, codeIndex: () => index.current, refresh: () => ref.current?.refresh() };
}

import Input from 'antd/es/input/Input';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';

export interface CaptchaHandle {
  /** A new image; the old answer is gone (a captcha is single use). */
  refresh(): void;
}

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  onIndex: (codeIndex: string) => void;
}

/** The captcha input with its image; clicking the image asks for a new one. */
export const CaptchaField = forwardRef<CaptchaHandle, Props>(function CaptchaField({ value, onChange, onIndex }, ref) {
  const [img, setImg] = useState<string | null>(null);
  const valueRef = useRef(value);
  useEffect(() => {
    valueRef.current = value;
  }, [value]);

  const refresh = useCallback(async () => {
    const { fetchCaptcha } = await import('@/shared/api/auth-api');
    try {
      const captcha = await fetchCaptcha();
      setImg(captcha.img);
      onIndex(captcha.codeIndex);
      // The old answer belongs to the old image.
      if (valueRef.current) onChange?.('');
    } catch {
      setImg(null); // the toast has said why
    }
  }, [onChange, onIndex]);

  useImperativeHandle(ref, () => ({ refresh: () => void refresh() }), [refresh]);
  // Once on mount; later images come when asked for (a click, or a failed submit).
  const [first] = useState(() => refresh);
  useEffect(() => void first(), [first]);

  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Input id="vierifyCode" value={value} onChange={(e) => onChange?.(e.target.value)} placeholder="验证码" maxLength={8} autoComplete="off" aria-label="验证码" />
      <button
        type="button"
        onClick={() => void refresh()}
        title="看不清？点击刷新"
        aria-label="刷新验证码"
        style={{ padding: 0, border: '1px solid #d9d9d9', borderRadius: 6, background: '#f3f6fb', width: 120, height: 32, cursor: 'pointer', flex: 'none' }}
      >
        {img ? <img src={img} alt="验证码图片" width={118} height={30} /> : '点击获取'}
      </button>
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

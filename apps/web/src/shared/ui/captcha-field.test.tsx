// The captcha field's audio alternative (issue 24): 「语音验证码」 plays the current captcha's digits,
// and a polite live region tells a screen reader of a new image and of the audio playing.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { AUTH_PATHS, type CaptchaResponse } from '@hqt/contract/auth';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { ok, server } from '../../../test/msw';
import { CaptchaField } from './captcha-field';

/** A tiny WAV (its header is all the field needs to pass on). */
const WAV = new Uint8Array([...new TextEncoder().encode('RIFF'), 36, 0, 0, 0, ...new TextEncoder().encode('WAVE')]);

let captchas = 0;
/** The captcha numbers whose audio was asked for, in order. */
const asked: string[] = [];
/** What the audio route answers for a number (default: the WAV). */
let audioAnswer: (codeIndex: string) => Response = () => new HttpResponse(WAV, { headers: { 'content-type': 'audio/wav' } });
const played: { src: string; blob: Blob }[] = [];
let blobs: Map<string, Blob>;

beforeEach(() => {
  captchas = 0;
  asked.length = 0;
  played.length = 0;
  blobs = new Map();
  audioAnswer = () => new HttpResponse(WAV, { headers: { 'content-type': 'audio/wav' } });
  server.use(
    mock.get(AUTH_PATHS.captcha, () => HttpResponse.json(ok<CaptchaResponse>({ codeIndex: `c${++captchas}`, img: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 120 }))),
    mock.get(AUTH_PATHS.captchaAudio, ({ request }) => {
      const codeIndex = new URL(request.url).searchParams.get('codeIndex') ?? '';
      asked.push(codeIndex);
      return audioAnswer(codeIndex);
    }),
  );
  // jsdom has no blob URLs and plays no media: the browser's edge, stubbed.
  let urls = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:captcha-${++urls}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push({ src: this.src, blob: blobs.get(this.src)! });
    return Promise.resolve();
  });
});
afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob has no arrayBuffer(): read it as a browser of old would. */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

function renderField() {
  const indexes: string[] = [];
  render(<CaptchaField onIndex={(i) => indexes.push(i)} />);
  return indexes;
}

test('「语音验证码」 is a button reached by Tab after the image; Enter plays the current captcha\'s audio and says so', async () => {
  const indexes = renderField();
  await screen.findByAltText('验证码图片');
  // The first image is the page's own: nothing to announce.
  expect(screen.getByRole('status')).toHaveTextContent('');

  await userEvent.tab();
  expect(screen.getByLabelText('验证码')).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByRole('button', { name: '验证码图片，点击刷新' })).toHaveFocus();
  await userEvent.tab();
  const button = screen.getByRole('button', { name: '语音验证码' });
  expect(button).toHaveFocus();
  await userEvent.keyboard('{Enter}');

  await vi.waitFor(() => expect(played).toHaveLength(1));
  expect(asked).toEqual(['c1']);
  expect(indexes).toEqual(['c1']);
  expect(played[0]!.blob.type).toBe('audio/wav');
  expect(await bytesOf(played[0]!.blob)).toEqual(WAV);
  expect(document.querySelector('audio')).toHaveAttribute('src', played[0]!.src);
  expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  expect(screen.getByRole('status')).toHaveTextContent('正在播放语音验证码');

  // Space works too, and asks for the same captcha again (new noise, same digits: the server's part).
  await userEvent.keyboard(' ');
  await vi.waitFor(() => expect(played).toHaveLength(2));
  expect(asked).toEqual(['c1', 'c1']);
  // The first recording's URL is let go when the second comes.
  expect(URL.revokeObjectURL).toHaveBeenCalledWith(played[0]!.src);
});

test('a new image is announced 「验证码已刷新」, the typed answer is cleared, and the audio follows the new captcha', async () => {
  const changes: string[] = [];
  render(<CaptchaField value="1234" onChange={(v) => changes.push(v)} onIndex={() => {}} />);
  const image = await screen.findByRole('button', { name: '验证码图片，点击刷新' });
  // The accessible name begins with the text that is seen (the image's alt text).
  expect(screen.getByAltText('验证码图片')).toBeInTheDocument();
  const cleared = changes.length;

  await userEvent.click(image);
  await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('验证码已刷新'));
  expect(captchas).toBe(2);
  // The answer typed for the old image is gone (the value here stays "1234": nothing stores the change).
  expect(changes.slice(cleared)).toEqual(['']);

  await userEvent.click(screen.getByRole('button', { name: '语音验证码' }));
  await vi.waitFor(() => expect(played).toHaveLength(1));
  expect(asked).toEqual(['c2']);
});

test('an expired captcha\'s audio: a new captcha is fetched and its audio played, with no error shown', async () => {
  audioAnswer = (codeIndex) =>
    codeIndex === 'c1' ? HttpResponse.json({ code: 400, msg: OWN_MSG.captchaExpired, data: null }, { status: 400 }) : new HttpResponse(WAV, { headers: { 'content-type': 'audio/wav' } });
  const indexes = renderField();
  await screen.findByAltText('验证码图片');
  await userEvent.click(screen.getByRole('button', { name: '语音验证码' }));
  await vi.waitFor(() => expect(played).toHaveLength(1));
  expect(asked).toEqual(['c1', 'c2']);
  expect(indexes).toEqual(['c1', 'c2']);
  expect(screen.getByRole('status')).toHaveTextContent('正在播放语音验证码');
  // The first answer was asked for quietly: no toast was drawn for it.
  expect(document.querySelector('.ant-message')).toBeNull();
});

test('too many requests: said in Chinese, on screen and to a screen reader, and nothing plays', async () => {
  audioAnswer = () => HttpResponse.json({ code: 429, msg: OWN_MSG.tooManyRequests, data: null }, { status: 429 });
  renderField();
  await screen.findByAltText('验证码图片');
  await userEvent.click(screen.getByRole('button', { name: '语音验证码' }));
  expect(await screen.findByText(OWN_MSG.tooManyRequests)).toBeInTheDocument();
  await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('语音验证码播放失败，请稍后重试'));
  expect(asked).toEqual(['c1']);
  expect(played).toEqual([]);
});

test('a captcha the server refuses (too many requests) is said in its words, and no old image stays', async () => {
  server.use(mock.get(AUTH_PATHS.captcha, () => HttpResponse.json({ code: 429, msg: OWN_MSG.tooManyRequests, data: null }, { status: 429 })));
  const indexes = renderField();
  expect(await screen.findByText(OWN_MSG.tooManyRequests)).toBeInTheDocument();
  expect(screen.queryByAltText('验证码图片')).toBeNull();
  expect(indexes).toEqual([]);
});

test('a captcha answer that is not the server\'s (a proxy\'s error page) says 请求失败', async () => {
  server.use(mock.get(AUTH_PATHS.captcha, () => new HttpResponse('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })));
  renderField();
  expect(await screen.findByText(MSG.requestFailed)).toBeInTheDocument();
});

test('no network: the captcha says 请求失败 in Chinese, not the browser\'s words', async () => {
  server.use(mock.get(AUTH_PATHS.captcha, () => HttpResponse.error()));
  renderField();
  expect(await screen.findByText(MSG.requestFailed)).toBeInTheDocument();
});

// A public GET of an envelope by plain fetch, for what a page asks as it opens before anyone needs
// the HTTP client (axios and its interceptors, 21 kB gzip): the platform's information, the login
// page's captcha. Its error carries the server's words, or 请求失败 when there are none (no answer
// within the client's timeout, no network, a proxy's error page).
import { REQUEST_TIMEOUT_MS } from '@hqt/contract/constants';
import { SUCCESS_CODE, type ApiEnvelope } from '@hqt/contract/envelope';
import { MSG } from '@hqt/contract/messages';

export async function plainGet<T>(path: string): Promise<T> {
  const answer = await fetch(path, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    .then((res) => res.json() as Promise<Partial<ApiEnvelope<T>>>)
    .catch(() => null);
  if (!answer || answer.code !== SUCCESS_CODE) throw new Error((typeof answer?.msg === 'string' && answer.msg) || MSG.requestFailed);
  return answer.data as T;
}

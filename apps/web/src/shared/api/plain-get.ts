// A public GET of an envelope by plain fetch, for what a page asks as it opens before anyone needs
// the HTTP client (axios and its interceptors, 21 kB gzip): the platform's information, the login
// page's captcha. Its error carries the server's words, or 请求失败 when there are none.
import { SUCCESS_CODE, type ApiEnvelope } from '@hqt/contract/envelope';
import { MSG } from '@hqt/contract/messages';

export async function plainGet<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: { accept: 'application/json' } });
  const answer = (await res.json().catch(() => null)) as Partial<ApiEnvelope<T>> | null;
  if (!answer || answer.code !== SUCCESS_CODE) throw new Error((typeof answer?.msg === 'string' && answer.msg) || MSG.requestFailed);
  return answer.data as T;
}

// Why the spec's URL login (/login?username=&password=) did not sign in, kept for the login page it
// lands on: the guard sets it, the page shows it once, with the name filled in (the password never).
import { OWN_MSG } from '@hqt/contract/messages';

export interface UrlLoginNotice {
  username: string;
  /** What the page says, in full. */
  text: string;
}

let pending: UrlLoginNotice | null = null;

/** The guard's side: the server's refusal in words a person reads on the page. */
export function rememberUrlLoginFailure(username: string, serverMessage: string): void {
  const text =
    serverMessage === OWN_MSG.captchaRequired
      ? '该账号或所在网络近期有登录失败，为保障账号安全，链接登录需要验证码：请在下方输入密码和验证码后登录。'
      : `链接登录未成功：${serverMessage || '请稍后重试'}。请在下方登录。`;
  pending = { username, text };
}

/** The login page's side: the notice once (a reload shows the plain page). */
export function takeUrlLoginNotice(): UrlLoginNotice | null {
  const notice = pending;
  pending = null;
  return notice;
}

// 忘记密码's calls and the e-mail confirmation (docs/mail.md); the token is sent in the body only.
import { PASSWORD_RESET_PATHS, type ConfirmEmailBody, type ResetBody, type ResetRequestBody } from '@hqt/contract/password-reset';
import { request } from '@/shared/api/http';

/** Answers the server's one message, whether or not a mail went out. */
export const requestPasswordReset = async (body: ResetRequestBody) => (await request<null>({ method: 'POST', url: PASSWORD_RESET_PATHS.request, data: body, anonymous: true })).msg;

/** Silent: the page shows a refused link in place rather than as a toast. */
export const resetPassword = async (body: ResetBody) => (await request<null>({ method: 'POST', url: PASSWORD_RESET_PATHS.reset, data: body, silent: true, anonymous: true })).msg;

export const confirmEmail = async (body: ConfirmEmailBody) => (await request<null>({ method: 'POST', url: PASSWORD_RESET_PATHS.confirmEmail, data: body, silent: true, anonymous: true })).msg;

/** The token of a mailed link (`#token=…`), taken once and wiped from the address bar and history. */
export function takeLinkToken(): string {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  return token;
}

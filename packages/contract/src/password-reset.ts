// 忘记密码 and the confirmation of a changed e-mail: one-time links mailed to the account's owner
// (docs/mail.md). The token travels in the page address's fragment (`#token=…`), which no browser
// sends to a server, and in the body of the call that uses it; never in a query string a log keeps.
import Type from 'typebox';
import { RESET_LINK_TTL_MIN } from './mail-links';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './validation';

export const PASSWORD_RESET_PATHS = {
  /** Asks for a reset link: a username or an e-mail, and a captcha. */
  request: '/api/v1/connect/forgotpassword',
  /** Sets a new password with the link's token. */
  reset: '/api/v1/connect/resetpassword',
  /** Confirms a changed e-mail with the link's token. */
  confirmEmail: '/api/v1/connect/confirmemail',
} as const;

export { EMAIL_CONFIRM_TTL_H, PASSWORD_RESET_PAGES, RESET_LINK_TTL_MIN } from './mail-links';

export const RESET_MSG = {
  /** The one answer to every request, whether or not the account exists or has a confirmed e-mail. */
  requested: `如该账号已绑定邮箱，重置链接已发送，请在 ${RESET_LINK_TTL_MIN} 分钟内使用`,
  accountRequired: '请输入用户名或邮箱',
  done: '密码已重置，请使用新密码登录',
  linkInvalid: '重置链接无效、已使用或已过期，请重新申请',
  confirmInvalid: '确认链接无效、已使用或已过期，请在个人中心重新保存邮箱',
  emailConfirmed: '邮箱已确认，可用于找回密码',
} as const;

/** A link's token: 32 random bytes, base64url. */
const token = (errorMessage: string) => Type.String({ title: '链接令牌', minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$', errorMessage });

export const ResetRequestBody = Type.Object({
  /** A username or an e-mail address. */
  account: Type.String({ title: '用户名或邮箱', minLength: 1, maxLength: EMAIL_MAX_LENGTH, errorMessage: RESET_MSG.accountRequired }),
  vierifyCode: Type.String({ title: '验证码', maxLength: 8 }),
  codeIndex: Type.String({ title: '验证码编号', maxLength: 64 }),
});
export type ResetRequestBody = Type.Static<typeof ResetRequestBody>;

/** Checked in full by the server with passwordProblem(), so the password gets the spec's own message. */
export const ResetBody = Type.Object({
  token: token(RESET_MSG.linkInvalid),
  password: Type.String({ title: '新密码', maxLength: PASSWORD_MAX_LENGTH }),
});
export type ResetBody = Type.Static<typeof ResetBody>;

export const ConfirmEmailBody = Type.Object({ token: token(RESET_MSG.confirmInvalid) });
export type ConfirmEmailBody = Type.Static<typeof ConfirmEmailBody>;

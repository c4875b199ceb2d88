// Accounts and sessions (spec §3, §7): paths and field names exactly as the original API,
// typos included (vierifyCode, vierifycode), so the original client works against ours.
import Type from 'typebox';
import {
  CREDIT_CODE_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_PATTERN,
  PHONE_PATTERN,
  USERNAME_PATTERN,
} from './validation';
import { MAX_INT } from './constants';
import { MSG, OWN_MSG } from './messages';

export const AUTH_PATHS = {
  captcha: '/api/v1/connect/vierifycode',
  /** The same captcha's digits spoken (audio/wav); ?codeIndex= names it. */
  captchaAudio: '/api/v1/connect/vierifycode/audio',
  checkCode: '/api/v1/connect/checkcode',
  token: '/api/v1/connect/token',
  register: '/api/v1/connect/register',
  refresh: '/new/token',
  logout: '/user/logout',
  menuInfo: '/api/v1/admin/getadmininfomenu',
  apiList: '/api/v1/sysinterface/getapislist',
  apiListById: '/api/v1/sysinterface/getapislistbyid',
  platformName: '/api/v1/sysinfo/getplatformname',
  userInfo: '/api/v1/Admin/getinfo',
  createUser: '/api/v1/Admin/create',
} as const;

/** Role names as the server answers them; the portal admits only ENTERPRISE (spec §6). */
export const ROLES = {
  enterprise: { id: 1, name: '企业账户' },
  staff: { id: 2, name: '工作人员' },
  admin: { id: 3, name: '管理员' },
} as const;
export type RoleName = (typeof ROLES)[keyof typeof ROLES]['name'];
export const PORTAL_ROLE: RoleName = ROLES.enterprise.name;

// Messages attached to schema properties: the server's validator answers with them verbatim.
const Username = Type.String({ title: '用户名', minLength: 1, maxLength: 64 });
const Password = Type.String({ title: '密码', minLength: 1, maxLength: PASSWORD_MAX_LENGTH });
const CaptchaAnswer = Type.String({ title: '验证码', maxLength: 8 });
const CaptchaIndex = Type.String({ title: '验证码编号', maxLength: 64 });

export const CaptchaResponse = Type.Object({
  codeIndex: Type.String(),
  /** An SVG image as a data: URL, ready for <img src>. */
  img: Type.String(),
  expiresIn: Type.Integer({ description: 'seconds' }),
});
export type CaptchaResponse = Type.Static<typeof CaptchaResponse>;

export const CaptchaAudioQuery = Type.Object({ codeIndex: CaptchaIndex });
export type CaptchaAudioQuery = Type.Static<typeof CaptchaAudioQuery>;

export const CheckCodeBody = Type.Object({ vierifyCode: CaptchaAnswer, codeIndex: CaptchaIndex });
export type CheckCodeBody = Type.Static<typeof CheckCodeBody>;

/** The login payload of spec §3. client_id / client_secret are accepted and ignored (public client). */
export const TokenBody = Type.Object({
  username: Username,
  password: Password,
  vierifyCode: Type.Optional(CaptchaAnswer),
  codeIndex: Type.Optional(CaptchaIndex),
  client_id: Type.Optional(Type.String({ maxLength: 64 })),
  client_secret: Type.Optional(Type.String({ maxLength: 128 })),
  grant_type: Type.Optional(Type.Literal('password', { title: '授权类型' })),
});
export type TokenBody = Type.Static<typeof TokenBody>;

/** OAuth 2 answer; the token endpoints send it both at the top level and as `data`. */
export const TokenResponse = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer({ description: 'seconds until the access token expires' }),
  token_type: Type.Literal('Bearer'),
  /** An administrator reset the password: the web asks for a new one before anything else. */
  must_change_password: Type.Optional(Type.Boolean()),
});
export type TokenResponse = Type.Static<typeof TokenResponse>;

export const RefreshBody = Type.Object({
  refresh_token: Type.String({ title: '刷新令牌', minLength: 1, maxLength: 256 }),
  grant_type: Type.Optional(Type.Literal('refresh_token')),
});
export type RefreshBody = Type.Static<typeof RefreshBody>;

export const RegisterBody = Type.Object({
  username: Type.String({ title: '用户名', pattern: USERNAME_PATTERN, errorMessage: OWN_MSG.usernameRule }),
  password: Type.String({
    title: '密码',
    pattern: PASSWORD_PATTERN,
    maxLength: PASSWORD_MAX_LENGTH,
    errorMessage: MSG.passwordPattern,
  }),
  enterpriseName: Type.String({ title: '企业名称', minLength: 2, maxLength: 100, errorMessage: OWN_MSG.enterpriseNameRule }),
  creditCode: Type.String({ title: '统一社会信用代码', pattern: CREDIT_CODE_PATTERN, errorMessage: OWN_MSG.creditCodeInvalid }),
  contactPhone: Type.String({ title: '联系电话', pattern: PHONE_PATTERN, errorMessage: MSG.phoneInvalid }),
  vierifyCode: CaptchaAnswer,
  codeIndex: CaptchaIndex,
});
export type RegisterBody = Type.Static<typeof RegisterBody>;

export const MenuInfo = Type.Object({
  roleName: Type.String(),
  userName: Type.String(),
  adminMenu: Type.Array(Type.Object({ path: Type.String(), title: Type.String() })),
});
export type MenuInfo = Type.Static<typeof MenuInfo>;

export const ApiPath = Type.Object({ path: Type.String() });
export type ApiPath = Type.Static<typeof ApiPath>;
export const ApiListByIdQuery = Type.Object({ id: Type.Integer({ title: '角色编号', minimum: 1, maximum: MAX_INT }) });

/** The site's identity and the footer items a Chinese government site carries (null: not configured, not shown). */
export const PlatformInfo = Type.Object({
  platformName: Type.String(),
  trialRun: Type.Boolean(),
  /** The bureau's logo (an address the browser can load), or null for the built-in mark. */
  logoUrl: Type.Union([Type.String(), Type.Null()]),
  bureau: Type.Object({
    name: Type.String(),
    address: Type.String(),
    phone: Type.String(),
    email: Type.String(),
  }),
  site: Type.Object({
    /** 网站标识码 */
    code: Type.Union([Type.String(), Type.Null()]),
    /** ICP 备案号 */
    icp: Type.Union([Type.String(), Type.Null()]),
    /** 公安机关备案号 */
    psb: Type.Union([Type.String(), Type.Null()]),
  }),
  /** 忘记密码 by a mailed link is on (SMTP_URL set); absent or false, the page gives the bureau's phone. */
  passwordResetByEmail: Type.Optional(Type.Boolean()),
});
export type PlatformInfo = Type.Static<typeof PlatformInfo>;

export const UserInfo = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  roleId: Type.Integer(),
  roleName: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()]),
});
export type UserInfo = Type.Static<typeof UserInfo>;

/** Staff create an account (POST /api/v1/Admin/create). */
export const CreateUserBody = Type.Object({
  username: Type.String({ title: '用户名', pattern: USERNAME_PATTERN, errorMessage: OWN_MSG.usernameRule }),
  password: Type.String({ title: '密码', pattern: PASSWORD_PATTERN, maxLength: PASSWORD_MAX_LENGTH, errorMessage: MSG.passwordPattern }),
  name: Type.String({ title: '姓名', minLength: 1, maxLength: 50 }),
  roleId: Type.Integer({ title: '角色', minimum: 1, maximum: 3 }),
  phone: Type.Optional(Type.String({ title: '电话', pattern: PHONE_PATTERN, errorMessage: MSG.phoneInvalid })),
  email: Type.Optional(
    Type.String({ title: '邮箱', pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH, errorMessage: MSG.emailInvalid }),
  ),
});
export type CreateUserBody = Type.Static<typeof CreateUserBody>;

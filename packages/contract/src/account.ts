// The personal centre's calls (spec §3, §7): phone, e-mail and password of one's own account.
import Type from 'typebox';
import { MAX_INT } from './constants';
import { MSG } from './messages';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PHONE_MAX_LENGTH, PHONE_PATTERN } from './validation';

export const ACCOUNT_PATHS = {
  updatePhone: '/api/v1/admin/updatephone',
  updateEmail: '/api/v1/admin/updateemail',
  /** The spec writes it without the leading slash; it is the same path. */
  updatePassword: '/api/v1/admin/updatepwd',
} as const;

const AccountId = Type.Integer({ title: '账号编号', minimum: 1, maximum: MAX_INT });
export const Phone = Type.String({ title: '电话', pattern: PHONE_PATTERN, maxLength: PHONE_MAX_LENGTH, errorMessage: MSG.phoneInvalid });
export const Email = Type.String({ title: '邮箱', pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH, errorMessage: MSG.emailInvalid });

export const UpdatePhoneBody = Type.Object({ id: AccountId, phone: Phone });
export type UpdatePhoneBody = Type.Static<typeof UpdatePhoneBody>;
export const UpdateEmailBody = Type.Object({ id: AccountId, email: Email });
export type UpdateEmailBody = Type.Static<typeof UpdateEmailBody>;

/** The spec's profile save: GET getinfo with the edited model in the query. Name and role stay read-only. */
export const ProfileSaveQuery = Type.Object({
  id: Type.Optional(AccountId),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  roleId: Type.Optional(Type.Integer({ title: '角色', minimum: 1, maximum: MAX_INT })),
  phone: Type.Optional(Phone),
  email: Type.Optional(Email),
});
export type ProfileSaveQuery = Type.Static<typeof ProfileSaveQuery>;

/** Checked in full by the server with passwordProblem(), so each field gets the spec's own message. */
export const UpdatePasswordBody = Type.Object({
  oldPassword: Type.String({ title: '原密码', maxLength: PASSWORD_MAX_LENGTH }),
  newPassword: Type.String({ title: '新密码', maxLength: PASSWORD_MAX_LENGTH }),
});
export type UpdatePasswordBody = Type.Static<typeof UpdatePasswordBody>;

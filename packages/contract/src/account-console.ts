// The account service's console: accounts (管理员) and enterprises (工作人员 and 管理员). The
// personal centre's calls are account.ts.
import Type from 'typebox';
import { YearIndicatorsSchema } from './calculator';
import { CONSOLE_PREFIX, IdField, InstantField, KeywordField } from './console';
import { PageQuery } from './envelope';

export const ACCOUNT_CONSOLE_PATHS = {
  accountPage: `${CONSOLE_PREFIX}/accounts/page`,
  accountAction: `${CONSOLE_PREFIX}/accounts/:id/:action`,

  enterprisePage: `${CONSOLE_PREFIX}/enterprises/page`,
  enterprise: `${CONSOLE_PREFIX}/enterprises/:id`,
} as const;

// ---- accounts (管理员) ----------------------------------------------------------------------------

export const AccountPageQuery = Type.Object({
  ...PageQuery.properties,
  keyword: KeywordField,
  roleId: Type.Optional(Type.Integer({ title: '角色', minimum: 1, maximum: 3 })),
  state: Type.Optional(Type.Enum(['active', 'disabled', 'locked'] as const, { title: '状态' })),
});
export type AccountPageQuery = Type.Static<typeof AccountPageQuery>;

export const ConsoleAccountRow = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  roleId: Type.Integer(),
  roleName: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  disabled: Type.Boolean(),
  lockedUntil: InstantField,
  mustChangePassword: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ConsoleAccountRow = Type.Static<typeof ConsoleAccountRow>;

export const ACCOUNT_ACTIONS = { disable: '停用', enable: '启用', unlock: '解锁', 'reset-password': '重置密码' } as const;
export type AccountAction = keyof typeof ACCOUNT_ACTIONS;
export const AccountActionParams = Type.Object({ id: IdField('账号编号'), action: Type.Enum(Object.keys(ACCOUNT_ACTIONS) as AccountAction[], { title: '操作' }) });
/** reset-password: the temporary password the user must replace at the next login. */
export const AccountActionBody = Type.Object({ password: Type.Optional(Type.String({ title: '临时密码', maxLength: 64 })) });
export type AccountActionBody = Type.Static<typeof AccountActionBody>;

// ---- enterprises ----------------------------------------------------------------------------------

/**
 * An enterprise as staff see it: 已删除 when its account deleted it (it stays listed, with when and by
 * whom, and counts nowhere), else 已停用 while its holding account is disabled, else 正常.
 */
export const ENTERPRISE_STATES = { active: '正常', disabled: '已停用', deleted: '已删除' } as const;
export type EnterpriseState = keyof typeof ENTERPRISE_STATES;
const EnterpriseStateSchema = Type.Enum(Object.keys(ENTERPRISE_STATES) as EnterpriseState[], { title: '状态' });

export const EnterprisePageQuery = Type.Object({ ...PageQuery.properties, keyword: KeywordField, state: Type.Optional(EnterpriseStateSchema) });
export type EnterprisePageQuery = Type.Static<typeof EnterprisePageQuery>;

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableTime = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const ConsoleEnterpriseRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  creditCode: Type.String(),
  contactPhone: NullableString,
  accountId: Type.Integer(),
  username: Type.String(),
  accountName: Type.String(),
  /** The holding account is disabled. */
  disabled: Type.Boolean(),
  state: EnterpriseStateSchema,
  deletedAt: NullableTime,
  /** The account that deleted it (null while it is live). */
  deletedBy: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String(), name: Type.String() }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ConsoleEnterpriseRow = Type.Static<typeof ConsoleEnterpriseRow>;

/** A dictionary code with its label as the dictionary has it now. */
const Coded = Type.Union([Type.Object({ code: Type.String(), label: Type.String() }), Type.Null()]);

/** How many recent saved calculations and messages 企业详情 shows (the totals say how many there are). */
export const ENTERPRISE_DETAIL_RECENT = 20;

/** 企业详情: what a staff member reads before calling or visiting the enterprise. */
export const ConsoleEnterprise = Type.Object({
  ...ConsoleEnterpriseRow.properties,
  /** The other enterprises the same account holds (deleted ones too, marked). */
  siblings: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), creditCode: Type.String(), deletedAt: NullableTime })),
  accountPhone: NullableString,
  accountEmail: NullableString,
  profile: Type.Object({
    legalPerson: NullableString,
    foundedOn: NullableString,
    /** 万元. */
    registeredCapital: Type.Union([Type.Number(), Type.Null()]),
    patents: Type.Union([Type.Integer(), Type.Null()]),
    nature: Coded,
    industry: Coded,
    scale: Coded,
    region: Coded,
    updatedAt: Type.String({ format: 'date-time' }),
  }),
  /** Expired: the validity ended before today (China time); it no longer counts in the calculator. */
  qualifications: Type.Array(Type.Object({ code: Type.String(), label: Type.String(), validUntil: NullableString, expired: Type.Boolean() })),
  /** Newest year first. */
  indicators: Type.Array(YearIndicatorsSchema),
  /** Its saved calculations (政策测算), newest first. */
  evaluations: Type.Object({
    total: Type.Integer(),
    list: Type.Array(
      Type.Object({ id: Type.Integer(), evaluatedAt: Type.String({ format: 'date-time' }), whatIf: Type.Boolean(), guides: Type.Integer(), eligible: Type.Integer(), amount: Type.Number() }),
    ),
  }),
  /** 政策推送 belongs to the holding account: what it follows and the messages it received, newest first. */
  subscriptions: Type.Array(Type.Object({ id: Type.Integer(), kind: Type.String(), label: Type.String(), createdAt: Type.String({ format: 'date-time' }) })),
  messages: Type.Object({
    total: Type.Integer(),
    unread: Type.Integer(),
    list: Type.Array(Type.Object({ id: Type.Integer(), kindLabel: Type.String(), title: Type.String(), createdAt: Type.String({ format: 'date-time' }), readAt: NullableTime })),
  }),
});
export type ConsoleEnterprise = Type.Static<typeof ConsoleEnterprise>;

export const ACCOUNT_CONSOLE_MSG = {
  alreadyInState: '当前状态无需此操作',
  accountNotFound: '账号不存在',
  notSelf: '不能对自己的账号执行此操作',
  enterpriseNotFound: '企业不存在',
  passwordResetDone: '密码已重置，用户下次登录时须修改密码',
} as const;

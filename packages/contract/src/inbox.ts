// The message centre (docs/messages.md): one inbox per account, whatever its role, for every
// service's notices. A service declares its message sources and kinds in its own contract
// (defineService); they are collected from services.ts, so the inbox can name any kind it holds.
import Type from 'typebox';
import { MAX_INT } from './constants';
import { PageQuery } from './envelope';
import { SERVICE_MESSAGE_KINDS, SERVICE_MESSAGE_SOURCES } from './services';

export const INBOX_PATHS = {
  page: '/api/v1/message/getmessagepage',
  unreadCount: '/api/v1/message/getunreadcount',
  read: '/api/v1/message/readmessage/:id',
  readAll: '/api/v1/message/readallmessage',
  mailPrefs: '/api/v1/message/getmailprefs',
  saveMailPrefs: '/api/v1/message/savemailprefs',
} as const;

/** Where a notice comes from: the inbox's filter and the live notice's title. */
export const MESSAGE_SOURCES = { ...SERVICE_MESSAGE_SOURCES, system: '系统' } as const;
export type MessageSource = keyof typeof MESSAGE_SOURCES;
export const MESSAGE_SOURCE_LIST = Object.keys(MESSAGE_SOURCES) as MessageSource[];

/** Every service's kinds (`<service>.<what>`), each with its label and source. */
export const MESSAGE_KINDS = SERVICE_MESSAGE_KINDS as Record<string, { label: string; source: MessageSource }>;
export const kindLabel = (kind: string) => MESSAGE_KINDS[kind]?.label ?? '通知';

export const INBOX_MSG = {
  notFound: '消息不存在',
  allRead: '已全部标为已读',
  mailPrefsSaved: '邮件提醒设置已保存',
  mailUnavailable: '邮件提醒需要平台开通邮件服务，并先在个人资料中绑定、确认邮箱',
} as const;

export const READ_FILTERS = { unread: '未读', read: '已读' } as const;

export const InboxPageQuery = Type.Object({
  ...PageQuery.properties,
  read: Type.Optional(Type.Enum(['', 'unread', 'read'] as const, { title: '阅读状态', errorMessage: '阅读状态不正确' })),
  source: Type.Optional(Type.Enum(['', ...MESSAGE_SOURCE_LIST], { title: '消息来源', errorMessage: '消息来源不正确' })),
  kind: Type.Optional(Type.String({ title: '消息类型', maxLength: 40, pattern: '^$|^[a-z]+\\.[a-z-]+$', errorMessage: '消息类型不正确' })),
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 50 })),
});
export type InboxPageQuery = Type.Static<typeof InboxPageQuery>;

export const InboxMessage = Type.Object({
  id: Type.Integer(),
  source: Type.String(),
  sourceLabel: Type.String(),
  kind: Type.String(),
  kindLabel: Type.String(),
  title: Type.String(),
  body: Type.String(),
  /** Where the notice leads in the account's own branch (a portal or console address), if anywhere. */
  link: Type.Union([Type.String(), Type.Null()]),
  /** Why this account got it (政策推送: 订阅「关键词：研发」, 符合条件：某某公司). */
  reasons: Type.Array(Type.String()),
  read: Type.Boolean(),
  createdAt: Type.String(),
});
export type InboxMessage = Type.Static<typeof InboxMessage>;

export const UnreadCount = Type.Object({ unread: Type.Integer() });
export type UnreadCount = Type.Static<typeof UnreadCount>;

export const MessageIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_INT, title: '消息编号', errorMessage: '消息编号不正确' }),
});

// ---- notices by e-mail -------------------------------------------------------------------------------

/** Which sources an account also receives by e-mail; offered only with mail on and a confirmed address. */
export const MailPrefs = Type.Object({
  available: Type.Boolean(),
  /** The confirmed address mails go to, or null. */
  email: Type.Union([Type.String(), Type.Null()]),
  sources: Type.Array(Type.String()),
});
export type MailPrefs = Type.Static<typeof MailPrefs>;

export const MailPrefsBody = Type.Object({
  sources: Type.Array(Type.Enum(MESSAGE_SOURCE_LIST, { errorMessage: '消息来源不正确' }), {
    title: '邮件提醒',
    uniqueItems: true,
    maxItems: MESSAGE_SOURCE_LIST.length,
    errorMessage: '邮件提醒的消息来源不正确',
  }),
});
export type MailPrefsBody = Type.Static<typeof MailPrefsBody>;

// ---- the hub ------------------------------------------------------------------------------------------

/** The hub's path; the browser connects to it with the access token in the handshake's `auth`. */
export const HUB_PATH = '/socket.io/';
/** What the hub sends when new messages are in an account's inbox (sent only after they committed). */
export const HUB_NOTICE_EVENT = 'message';
export interface HubNotice {
  source: MessageSource;
  kind: string;
  title: string;
  link: string | null;
}

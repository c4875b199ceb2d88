// 政策推送 (spec §7, PRODUCT.md service 4): an enterprise account's subscriptions, its inbox of
// messages (one per account and event), and what the real-time hub announces.
import Type from 'typebox';
import { MAX_INT } from './constants';
import { PageQuery } from './envelope';

export const PUSH_PATHS = {
  saveSubscription: '/api/v1/enterbecalculator/savesubscribe',
  subscriptionPage: '/api/v1/enterbecalculator/getsubscribepage',
  cancelSubscription: '/api/v1/enterbecalculator/cancelsubscribe/:id',
  /** Ours: the inbox. */
  messagePage: '/api/v1/push/getmessagepage',
  unreadCount: '/api/v1/push/getunreadcount',
  readMessage: '/api/v1/push/readmessage/:id',
  readAllMessages: '/api/v1/push/readallmessage',
} as const;

/** What a subscription follows; `qualified` follows whatever the account's enterprises qualify for (the calculator). */
export const SUBSCRIPTION_KINDS = {
  qualified: '符合我企业条件的政策',
  topic: '政策专题',
  supportType: '扶持方式',
  industry: '行业',
  department: '发文部门',
  keyword: '关键词',
} as const;
export type SubscriptionKind = keyof typeof SUBSCRIPTION_KINDS;
export const SUBSCRIPTION_KIND_LIST = Object.keys(SUBSCRIPTION_KINDS) as SubscriptionKind[];

/** One account may follow this many things. */
export const MAX_SUBSCRIPTIONS = 30;
export const KEYWORD_LENGTH = { min: 2, max: 20 } as const;

/** The events a message announces: one message per account, guide and event, ever. */
export const PUSH_EVENTS = {
  published: '新政策发布',
  opened: '开始申报',
  closing: '即将截止',
} as const;
export type PushEvent = keyof typeof PUSH_EVENTS;
export const PUSH_EVENT_LIST = Object.keys(PUSH_EVENTS) as PushEvent[];
/** A closing reminder goes out this many days before the window closes. */
export const CLOSING_REMINDER_DAYS = 3;

export const PUSH_MSG = {
  subscribed: '订阅成功',
  cancelled: '已取消订阅',
  alreadySubscribed: '已订阅该内容',
  tooMany: `订阅数量已达上限（${MAX_SUBSCRIPTIONS} 个），请先取消不需要的订阅`,
  subscriptionNotFound: '订阅不存在或已取消',
  keywordLength: `关键词长度应为 ${KEYWORD_LENGTH.min}–${KEYWORD_LENGTH.max} 个字`,
  topicNotFound: '政策专题不存在或未发布',
  messageNotFound: '消息不存在',
  allRead: '已全部标为已读',
} as const;

// ---- subscriptions ------------------------------------------------------------------------------------

export const SubscriptionBody = Type.Object({
  kind: Type.Enum(SUBSCRIPTION_KIND_LIST, { title: '订阅类型', errorMessage: '订阅类型不正确' }),
  /** A topic's id, a dictionary code, a keyword; empty for `qualified`. */
  value: Type.String({ title: '订阅内容', maxLength: 40, default: '', errorMessage: '订阅内容不能超过 40 个字' }),
});
export type SubscriptionBody = Type.Static<typeof SubscriptionBody>;

export const Subscription = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  kindLabel: Type.String(),
  value: Type.String(),
  /** What is followed, in words: 资金补贴, 「研发」, 专题的标题. */
  label: Type.String(),
  createdAt: Type.String(),
});
export type Subscription = Type.Static<typeof Subscription>;

export const SubscriptionPageQuery = PageQuery;

// ---- the inbox ----------------------------------------------------------------------------------------

export const READ_FILTERS = { unread: '未读', read: '已读' } as const;

export const MessagePageQuery = Type.Object({
  ...PageQuery.properties,
  read: Type.Optional(Type.Enum(['', 'unread', 'read'] as const, { title: '阅读状态', errorMessage: '阅读状态不正确' })),
  event: Type.Optional(Type.Enum(['', ...PUSH_EVENT_LIST], { title: '消息类型', errorMessage: '消息类型不正确' })),
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 50 })),
});
export type MessagePageQuery = Type.Static<typeof MessagePageQuery>;

export const PushMessage = Type.Object({
  id: Type.Integer(),
  event: Type.String(),
  eventLabel: Type.String(),
  guideId: Type.Integer(),
  /** The guide's title when the message was made. */
  title: Type.String(),
  body: Type.String(),
  /** Why this account got it: 订阅「关键词：研发」, 符合条件：某某公司. */
  reasons: Type.Array(Type.String()),
  read: Type.Boolean(),
  createdAt: Type.String(),
});
export type PushMessage = Type.Static<typeof PushMessage>;

export const UnreadCount = Type.Object({ unread: Type.Integer() });
export type UnreadCount = Type.Static<typeof UnreadCount>;

export const MessageIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_INT, title: '消息编号', errorMessage: '消息编号不正确' }),
});

// ---- the hub ------------------------------------------------------------------------------------------

/** The hub's path; the browser connects to it with the access token in the handshake's `auth`. */
export const HUB_PATH = '/socket.io/';
/** The one event the hub sends: new messages are in the inbox (persisted before this is sent). */
export const HUB_MESSAGE_EVENT = 'push:message';
export interface HubMessage {
  event: PushEvent;
  guideId: number;
  title: string;
  body: string;
}

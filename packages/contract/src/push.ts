// 政策推送 (spec §7, PRODUCT.md service 4): an enterprise account's subscriptions, its inbox of
// messages (one per account, guide and event, in the message centre: contract/inbox.ts).
import Type from 'typebox';
import { PageQuery } from './envelope';
import { defineService } from './service';

export const PUSH_PATHS = {
  saveSubscription: '/api/v1/enterbecalculator/savesubscribe',
  subscriptionPage: '/api/v1/enterbecalculator/getsubscribepage',
  cancelSubscription: '/api/v1/enterbecalculator/cancelsubscribe/:id',
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
/** Its messages in the message centre (contract/inbox.ts): source 政策, one kind per event. */
export const pushMessageKind = (event: PushEvent) => `push.${event}`;
export const PUSH_MESSAGE_KINDS = Object.fromEntries(PUSH_EVENT_LIST.map((e) => [pushMessageKind(e), PUSH_EVENTS[e]]));
/** The dedupe key of one account's message about one guide's event. */
export const pushMessageKey = (guideId: number, event: PushEvent) => `guide:${guideId}:${event}`;
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

// ---- what the house collects of it (service.ts) --------------------------------------------------

export const PUSH_SERVICE = defineService({
  key: 'push',
  name: '政策推送',
  messageSources: { policy: '政策' },
  messages: { source: 'policy', kinds: PUSH_MESSAGE_KINDS },
  audit: { actions: { 'subscription.created': '订阅推送', 'subscription.cancelled': '取消订阅' }, details: { subscriptionId: '订阅编号', kind: '订阅类型', followed: '订阅内容' } },
  dictionaries: {},
  numberPrefixes: [],
  flows: [],
});

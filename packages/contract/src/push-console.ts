// 政策推送's results in the console (docs/push.md): what each of a guide's events reached, and who.
// The enterprise's side (subscriptions, inbox) is push.ts.
import Type from 'typebox';
import { CONSOLE_PREFIX, InstantField, KeywordField } from './console';
import { PageQuery } from './envelope';
import { PUSH_EVENT_LIST } from './push';

export const PUSH_CONSOLE_PATHS = {
  /** 政策推送's results for one guide: each event, how many it reached and read it (docs/push.md). */
  guidePush: `${CONSOLE_PREFIX}/guides/:id/push`,
  /** The accounts one guide's messages went to, with their enterprises and read state (POST, page body). */
  guidePushRecipients: `${CONSOLE_PREFIX}/guides/:id/push/recipients`,
} as const;

/**
 * One event of a guide (published, window opened, closing soon) and what it reached. `finished`: the
 * fan-out job has written every message of the event's audience (push_events.finished_at); until then
 * `accounts` is the count written so far.
 */
export const GuidePushEvent = Type.Object({
  event: Type.String(),
  eventLabel: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  finished: Type.Boolean(),
  finishedAt: InstantField,
  /** Accounts notified (one message each). */
  accounts: Type.Integer(),
  /** The live enterprises those accounts hold. */
  enterprises: Type.Integer(),
  /** Accounts that have read their message. */
  read: Type.Integer(),
});
export type GuidePushEvent = Type.Static<typeof GuidePushEvent>;

export const GuidePush = Type.Object({ guideId: Type.Integer(), title: Type.String(), events: Type.Array(GuidePushEvent) });
export type GuidePush = Type.Static<typeof GuidePush>;

export const PushRecipientPageQuery = Type.Object({
  ...PageQuery.properties,
  /** Username, account name or one of its enterprises' names, in part. */
  keyword: KeywordField,
  event: Type.Optional(Type.Enum(PUSH_EVENT_LIST, { title: '消息类型', errorMessage: '消息类型不正确' })),
  read: Type.Optional(Type.Enum(['read', 'unread'] as const, { title: '阅读状态', errorMessage: '阅读状态不正确' })),
});
export type PushRecipientPageQuery = Type.Static<typeof PushRecipientPageQuery>;

export const PushRecipientRow = Type.Object({
  /** The message's id. */
  id: Type.Integer(),
  event: Type.String(),
  eventLabel: Type.String(),
  accountId: Type.Integer(),
  username: Type.String(),
  accountName: Type.String(),
  /** The account's live enterprises, by name. */
  enterprises: Type.Array(Type.String()),
  reasons: Type.Array(Type.String()),
  read: Type.Boolean(),
  readAt: InstantField,
  sentAt: Type.String({ format: 'date-time' }),
});
export type PushRecipientRow = Type.Static<typeof PushRecipientRow>;

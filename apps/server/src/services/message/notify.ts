// Every service's way to tell an account something (docs/messages.md): `notify(tx, …)` writes the
// messages in the caller's transaction and queues a PostgreSQL NOTIFY with them, which PostgreSQL
// delivers only if that transaction commits, to every node; each node then tells its own browsers
// (live.ts). A notice in a rolled-back transaction reaches neither an inbox nor a browser, nor a
// mailbox: the accounts that chose its source by e-mail get an outbox row in the same transaction.
import { sql } from 'drizzle-orm';
import type { HubNotice, MessageSource } from '@hqt/contract/inbox';
import type { DbOrTx } from '../../db/client';

export const MESSAGES_CHANNEL = 'hqt_messages';

export interface Notice {
  source: MessageSource;
  /** `<service>.<what>`, declared in the service's contract and listed in contract/inbox.ts. */
  kind: string;
  title: string;
  body: string;
  /** An address in the recipient's branch (portal or console). */
  link?: string | null;
  /** The same notice sent again (a retried job) is one message: unique per account. */
  dedupeKey: string;
}

/** An account, with why it gets the notice where the service says. */
export type Recipient = number | { accountId: number; reasons: readonly string[] };

/** Separates an account's reasons inside one array element (labels hold no control characters). */
const REASON_SEPARATOR = '\u001f';
// eslint-disable-next-line no-control-regex
const printable = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, ' ');
/** NOTIFY payloads stay under PostgreSQL's 8000 bytes: up to 400 ids of ten digits and the notice's title. */
const IDS_PER_NOTIFY = 400;
const TITLE_IN_NOTIFY = 200;

export interface NotifyPayload {
  accountIds: number[];
  notice: HubNotice;
  /** Some of it waits in the mail outbox: the hearing nodes drain it now, not at the next minute. */
  mail?: boolean;
}

/** Writes the notice for each recipient that does not hold it yet; answers the accounts that got it now. */
export async function notify(tx: DbOrTx, recipients: readonly Recipient[], notice: Notice): Promise<number[]> {
  if (!recipients.length) return [];
  const ids = recipients.map((r) => (typeof r === 'number' ? r : r.accountId));
  const reasons = recipients.map((r) => (typeof r === 'number' ? '' : r.reasons.map(printable).join(REASON_SEPARATOR)));
  // The accounts that chose this source by e-mail (with a confirmed address) get an outbox row too,
  // drained into mail jobs by mail.ts once this commits. One row back: the accounts written (in
  // the order written) and whether any of them is mailed.
  const { rows } = await tx.execute<{ added: number[]; mailed: boolean }>(sql`
    with added as (
      insert into messages (account_id, source, kind, title, body, link, dedupe_key, reasons)
      select x.account_id, ${notice.source}, ${notice.kind}, ${notice.title}, ${notice.body}, ${notice.link ?? null}, ${notice.dedupeKey},
             coalesce(string_to_array(nullif(x.reasons, ''), ${REASON_SEPARATOR}), '{}')
      from unnest(${sql.param(ids)}::int[], ${sql.param(reasons)}::text[]) as x(account_id, reasons)
      on conflict (account_id, dedupe_key) do nothing
      returning id, account_id),
    mailed as (
      insert into message_mail_outbox (message_id)
      select added.id from added
      join message_mail_prefs p on p.account_id = added.account_id and ${notice.source} = any(p.sources)
      join accounts a on a.id = added.account_id and a.email_confirmed_at is not null and not a.disabled
      returning message_id)
    select coalesce(array_agg(account_id order by id), '{}') as added, exists (select 1 from mailed) as mailed from added`);
  const { added, mailed: mail } = rows[0]!;
  if (!added.length) return added;
  // Every NOTIFY of the notice in one round trip.
  const told: HubNotice = { source: notice.source, kind: notice.kind, title: notice.title.slice(0, TITLE_IN_NOTIFY), link: notice.link ?? null };
  const payloads: string[] = [];
  for (let i = 0; i < added.length; i += IDS_PER_NOTIFY) {
    const payload: NotifyPayload = { accountIds: added.slice(i, i + IDS_PER_NOTIFY), notice: told, ...(mail && i === 0 ? { mail } : {}) };
    payloads.push(JSON.stringify(payload));
  }
  await tx.execute(sql`select pg_notify(${MESSAGES_CHANNEL}, p) from unnest(${sql.param(payloads)}::text[]) as p`);
  return added;
}

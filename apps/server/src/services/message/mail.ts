// Notices by e-mail (docs/messages.md): `notify()` leaves an outbox row, in the sender's
// transaction, for each account that chose the notice's source and has a confirmed e-mail. The
// outbox is drained into mail jobs (services/mail: retried, never blocking anyone) when a node
// hears of a notice with such rows, and every minute in case it did not; several nodes draining
// at once skip each other's rows (SKIP LOCKED). Without SMTP the rows are dropped unsent.
import { eq, sql } from 'drizzle-orm';
import { INBOX_MSG, kindLabel, MESSAGE_SOURCE_LIST, MESSAGE_SOURCES, type MailPrefs, type MailPrefsBody, type MessageSource } from '@hqt/contract/inbox';
import type { Db } from '../../db/client';
import { accounts, messageMailPrefs } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { SignedInCtx } from '../../lib/ctx';
import { badRequest } from '../../lib/errors';
import type { Mailer } from '../mail/public';

const BATCH = 200;

/** Mails what waits in the outbox; answers how many messages it took out. */
export async function drainMailOutbox(db: Db, mail: Mailer): Promise<number> {
  let taken = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ email: string | null; source: string; kind: string; title: string; body: string; link: string | null }>(sql`
        with next as (select message_id from message_mail_outbox order by message_id limit ${BATCH} for update skip locked),
        gone as (delete from message_mail_outbox o using next where o.message_id = next.message_id returning o.message_id)
        -- An address changed (unconfirmed) since the notice was sent gets nothing.
        select case when a.email_confirmed_at is not null and not a.disabled then a.email end as email, m.source, m.kind, m.title, m.body, m.link
        from gone join messages m on m.id = gone.message_id join accounts a on a.id = m.account_id`);
      if (mail.enabled) {
        for (const m of rows) {
          if (!m.email) continue;
          const link = m.link ? `\n\n查看详情：${mail.link(m.link)}` : '';
          await mail.send(tx, {
            to: m.email,
            subject: `${MESSAGE_SOURCES[m.source as MessageSource] ?? '系统'}通知：${m.title}`,
            text: `【${kindLabel(m.kind)}】${m.title}\n\n${m.body}${link}`,
          });
        }
      }
      return rows.length;
    });
    taken += n;
    if (n < BATCH) return taken;
  }
}

export const MESSAGE_AUDIT = { mailPrefs: 'message.mail_prefs' } as const;

/** What the account receives by e-mail, and whether it can (mail on, a confirmed address). */
export async function mailPrefs(db: Db, mail: Mailer, ctx: SignedInCtx): Promise<MailPrefs> {
  const [row] = await db
    .select({ email: accounts.email, confirmed: accounts.emailConfirmedAt, sources: messageMailPrefs.sources })
    .from(accounts)
    .leftJoin(messageMailPrefs, eq(messageMailPrefs.accountId, accounts.id))
    .where(eq(accounts.id, ctx.scope.accountId));
  const available = mail.enabled && Boolean(row?.email && row.confirmed);
  return { available, email: available ? row!.email : null, sources: row?.sources ?? [] };
}

export async function saveMailPrefs(db: Db, mail: Mailer, ctx: SignedInCtx, body: MailPrefsBody): Promise<MailPrefs> {
  const current = await mailPrefs(db, mail, ctx);
  if (body.sources.length && !current.available) throw badRequest(INBOX_MSG.mailUnavailable);
  const sources = MESSAGE_SOURCE_LIST.filter((s) => body.sources.includes(s));
  await db.transaction(async (tx) => {
    await tx
      .insert(messageMailPrefs)
      .values({ accountId: ctx.scope.accountId, sources })
      .onConflictDoUpdate({ target: messageMailPrefs.accountId, set: { sources, updatedAt: sql`now()` } });
    await audit(tx, ctx, MESSAGE_AUDIT.mailPrefs, { before: { sources: current.sources }, after: { sources } });
  });
  return { ...current, sources };
}

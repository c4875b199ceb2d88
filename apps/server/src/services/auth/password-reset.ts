// 忘记密码 (docs/mail.md): a one-time link mailed to the account's confirmed e-mail, valid 30
// minutes and used once; every login of the account ends with the reset. A request answers the
// same whether or not the account exists, has a confirmed e-mail, or mail is on at all, and does
// the same work for any of them: the captcha, then one job. The job looks the account up, makes
// the link and queues the mail, so no answer's time tells which accounts have a confirmed e-mail.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { PASSWORD_RESET_PAGES, RESET_LINK_TTL_MIN, RESET_MSG, type ResetBody, type ResetRequestBody } from '@hqt/contract/password-reset';
import { passwordProblem } from '@hqt/contract/validation';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { anonymousCtx, type Ctx } from '../../lib/ctx';
import { badRequest } from '../../lib/errors';
import type { JobSender, Jobs } from '../../lib/jobs';
import type { Mailer } from '../mail/public';
import { checkCaptcha } from './captcha';
import { issueOneTimeToken, useOneTimeToken } from './one-time-tokens';
import { hashPassword } from './password';
import { revokeAccountSessions } from './service';

export const RESET_AUDIT = {
  mailed: 'password.reset_mailed',
  /** The account's reset mails of this hour are spent: no link is made (the requester is answered alike). */
  limited: 'password.reset_limited',
  reset: 'password.reset_by_email',
} as const;

/** The login's own unlock: a proven owner starts with a clean count. */
const UNLOCKED = { lockedUntil: null, failedLogins: 0, lastAttemptAt: null };

/** The queue of the requests' jobs (docs/jobs.md): the name or address asked for, and from where. */
export const RESET_QUEUE = 'password-reset';
export interface ResetJob {
  account: string;
  ip: string | null;
}

/** Reset mails per account and hour (RESET_MAIL_RATE_LIMIT; declared by the routes). */
export const RESET_MAIL_BUDGET = 'reset-mail';

export interface ResetJobDeps {
  db: Db;
  mail: Mailer;
  rateLimits: FastifyInstance['rateLimits'];
  log: FastifyBaseLogger;
}

/** Declares the requests' queue (mail on only); answers its sender. */
export function declarePasswordResetJob(jobs: Jobs, deps: ResetJobDeps): JobSender<ResetJob> {
  return jobs.queue<ResetJob>({
    name: RESET_QUEUE,
    // Woken by the commit's NOTIFY, as the mail queue is: the link comes at once. A job holds the
    // name or address asked for: kept an hour at most.
    settings: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60, deleteAfterSeconds: 3600, notify: true },
    work: { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2, batchSize: 5 },
    run: (job) => mailResetLink(deps, job),
  });
}

/**
 * The request: the captcha, then one job whatever the name or address (none with mail off, for
 * any of them). The same statements for an unknown name, an account without a confirmed e-mail and
 * one with it: which it is, only the job finds out.
 */
export async function requestPasswordReset(deps: { db: Db; resetJobs: JobSender<ResetJob> | null }, ctx: Ctx, body: ResetRequestBody): Promise<void> {
  const { db, resetJobs } = deps;
  await checkCaptcha(db, body.codeIndex, body.vierifyCode, true);
  if (!resetJobs) return;
  await db.transaction((tx) => resetJobs.send(tx, { account: body.account.trim().toLowerCase(), ip: ctx.ip }));
}

/**
 * The job: mails a reset link when the name or address is an enabled account's with a confirmed
 * e-mail, at most RESET_MAIL_RATE_LIMIT an hour to one account; otherwise nothing. The link, the
 * mail's job and the audit record commit together. Run twice (a node died after the commit), it
 * makes a second link that ends the first, counted like any other.
 */
export async function mailResetLink(deps: ResetJobDeps, job: ResetJob): Promise<void> {
  const { db, mail } = deps;
  const key = job.account;
  if (!key) return;
  const [account] = await db
    .select({ id: accounts.id, username: accounts.username, name: accounts.name, email: accounts.email })
    .from(accounts)
    .where(
      and(
        or(eq(sql`lower(${accounts.username})`, key), eq(sql`lower(${accounts.email})`, key)),
        eq(accounts.disabled, false),
        isNotNull(accounts.email),
        isNotNull(accounts.emailConfirmedAt),
      ),
    );
  if (!account?.email) return;
  const email = account.email;
  const ctx = anonymousCtx(job.ip);
  const subject = { accountId: account.id, username: account.username };
  await db.transaction(async (tx) => {
    if (!(await deps.rateLimits.take(tx, RESET_MAIL_BUDGET, account.id))) {
      deps.log.warn({ accountId: account.id }, 'password reset mails of this hour spent: no link made');
      await audit(tx, ctx, RESET_AUDIT.limited, {}, subject);
      return;
    }
    const token = await issueOneTimeToken(tx, account.id, 'password-reset', RESET_LINK_TTL_MIN * 60);
    await mail.send(tx, {
      to: email,
      subject: '重置登录密码',
      text: [
        `${account.name}（用户名 ${account.username}）：`,
        '',
        `我们收到了重置您登录密码的申请。请在 ${RESET_LINK_TTL_MIN} 分钟内打开下面的链接设置新密码（链接只能使用一次）：`,
        mail.link(`${PASSWORD_RESET_PAGES.reset}#token=${token}`),
        '',
        '重置后，该账号在所有设备上的登录都将失效，需要用新密码重新登录。',
        '如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',
      ].join('\n'),
    });
    await audit(tx, ctx, RESET_AUDIT.mailed, {}, subject);
  });
}

/** Sets the new password with a link's token; ends every login of the account. */
export async function resetPassword(db: Db, ctx: Ctx, body: ResetBody): Promise<void> {
  const problem = passwordProblem(body.password, { onConfirm: true });
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const used = await useOneTimeToken(tx, 'password-reset', body.token);
    const [account] = used
      ? await tx
          .update(accounts)
          .set({ passwordHash, mustChangePassword: false, ...UNLOCKED, updatedAt: new Date() })
          .where(and(eq(accounts.id, used.accountId), eq(accounts.disabled, false)))
          .returning({ id: accounts.id, username: accounts.username })
      : [];
    if (!account) throw badRequest(RESET_MSG.linkInvalid);
    await revokeAccountSessions(tx, account.id, 'password-reset');
    await audit(tx, ctx, RESET_AUDIT.reset, {}, { accountId: account.id, username: account.username });
  });
}

// A changed e-mail counts as confirmed (and so receives a 忘记密码 link) only once its owner opens
// the link mailed to it (docs/mail.md). Without mail the address is kept as before, unconfirmed.
import { and, eq, sql } from 'drizzle-orm';
import { EMAIL_CONFIRM_TTL_H, PASSWORD_RESET_PAGES, RESET_MSG } from '@hqt/contract/password-reset';
import type { Db, DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { Ctx } from '../../lib/ctx';
import { badRequest } from '../../lib/errors';
import { issueOneTimeToken, useOneTimeToken } from '../auth/public';
import type { Mailer } from '../mail/public';

export const EMAIL_AUDIT = { confirmed: 'email.confirmed' } as const;

interface OwnAccount {
  id: number;
  name: string;
  username: string;
  email: string | null;
  emailConfirmedAt: Date | null;
}

/**
 * What saving `email` means for its confirmation: a different address is unconfirmed; a new or
 * still unconfirmed one gets a link (when mail is on), sent in the transaction of the save.
 */
export function emailChange(own: OwnAccount, email: string | undefined) {
  const changed = email !== undefined && email.toLowerCase() !== (own.email ?? '').toLowerCase();
  const linkTo = email && (changed || !own.emailConfirmedAt) ? email : null;
  return {
    values: changed ? { emailConfirmedAt: null } : {},
    async confirm(tx: DbOrTx, mail: Mailer) {
      if (!linkTo || !mail.enabled) return;
      const token = await issueOneTimeToken(tx, own.id, 'email-confirm', EMAIL_CONFIRM_TTL_H * 3600, linkTo);
      await mail.send(tx, {
        to: linkTo,
        subject: '确认您的邮箱',
        text: [
          `${own.name}（用户名 ${own.username}）：`,
          '',
          `您在个人中心填写了本邮箱。请在 ${EMAIL_CONFIRM_TTL_H} 小时内打开下面的链接确认，确认后可用它找回密码：`,
          mail.link(`${PASSWORD_RESET_PAGES.confirmEmail}#token=${token}`),
          '',
          '如果这不是您本人的操作，请忽略本邮件。',
        ].join('\n'),
      });
    },
  };
}

/** Confirms the address the link was sent to, if it is still the account's. */
export async function confirmEmail(db: Db, ctx: Ctx, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const used = await useOneTimeToken(tx, 'email-confirm', token);
    const [account] = used?.email
      ? await tx
          .update(accounts)
          .set({ emailConfirmedAt: new Date() })
          .where(and(eq(accounts.id, used.accountId), eq(sql`lower(${accounts.email})`, used.email.toLowerCase())))
          .returning({ id: accounts.id, username: accounts.username, email: accounts.email })
      : [];
    if (!account) throw badRequest(RESET_MSG.confirmInvalid);
    await audit(tx, ctx, EMAIL_AUDIT.confirmed, { email: account.email }, { accountId: account.id, username: account.username });
  });
}

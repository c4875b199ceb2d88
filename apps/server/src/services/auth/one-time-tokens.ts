// One-time links mailed to an account's owner (table account_tokens): random, stored as their
// SHA-256 only, valid for a while, used once; a new link of the same purpose ends the older ones.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountTokens } from '../../db/schema/index';
import { hashToken, newRefreshToken } from '../../lib/tokens';

export type TokenPurpose = 'password-reset' | 'email-confirm';

/** Ends the account's open links of this purpose, and answers a new one (the raw token, to be mailed). */
export async function issueOneTimeToken(tx: DbOrTx, accountId: number, purpose: TokenPurpose, ttlS: number, email: string | null = null): Promise<string> {
  const now = new Date();
  // Links a day past their end are of no more use to anyone: swept as new ones are made, no timer.
  await tx.delete(accountTokens).where(lt(accountTokens.expiresAt, new Date(now.getTime() - 24 * 3600_000)));
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.accountId, accountId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  const token = newRefreshToken();
  await tx.insert(accountTokens).values({ accountId, purpose, tokenHash: hashToken(token), email, expiresAt: new Date(now.getTime() + ttlS * 1000) });
  return token;
}

/**
 * Uses a token up, in the transaction of what it allows: answers its account (and the address a
 * confirmation was sent to), or null for a token unknown, used, expired or of another purpose.
 * Two uses at once: the row lock lets one through, the other finds it used.
 */
export async function useOneTimeToken(tx: DbOrTx, purpose: TokenPurpose, token: string): Promise<{ accountId: number; email: string | null } | null> {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, new Date())))
    .returning({ accountId: accountTokens.accountId, email: accountTokens.email });
  return row ?? null;
}

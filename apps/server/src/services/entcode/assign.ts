// Giving an enterprise its code: once per 统一社会信用代码, for life. Safe under any number of
// concurrent callers (saves of the profile, the owner's page, the daily job): PostgreSQL's partial
// unique index on the live code of a credit code decides, and the losers find the winner's code.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ENTCODE_FLOW, ENTCODE_KIND, ENTCODE_LIVE_STATES, newCode } from '@hqt/contract/entcode';
import type { DbOrTx } from '../../db/client';
import { enterprises } from '../../db/schema/index';
import { systemCtx } from '../../lib/ctx';
import { start } from '../../lib/workflow';
import { enterpriseCodes } from './schema';

/** A live enterprise: its id and its credit code. */
export interface CodeHolder {
  id: number;
  creditCode: string;
}

/** Tries this many fresh codes before giving up (a collision of two random codes is ~1 in 10¹³). */
const ATTEMPTS = 5;

/**
 * Makes sure the enterprise's credit code has its code, pointed at this enterprise row (a deleted and
 * re-added enterprise gets its old code back): creates one only when the credit code never had one
 * (a revoked code stays revoked; a replaced one points to its successor). Runs in the caller's
 * transaction. Answers the credit code's live code id, or null when its code is revoked.
 */
export async function assignCode(tx: DbOrTx, holder: CodeHolder, now = new Date()): Promise<number | null> {
  const ofCredit = eq(enterpriseCodes.creditCode, holder.creditCode);
  // The enterprise row first (as its code's foreign key will): a save holding it locked is waited for
  // before this inserts anything, never after (inserting first, then waiting on the row, while the
  // save waits on that insert's unique entry, is a deadlock).
  await tx.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.id, holder.id)).for('key share');
  await tx.update(enterpriseCodes).set({ enterpriseId: holder.id, updatedAt: now }).where(and(ofCredit, ne(enterpriseCodes.enterpriseId, holder.id)));
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [existing] = await tx
      .select({ id: enterpriseCodes.id, status: enterpriseCodes.status })
      .from(enterpriseCodes)
      .where(ofCredit)
      .orderBy(sql`${enterpriseCodes.status} in ('active', 'frozen') desc`, sql`${enterpriseCodes.id} desc`)
      .limit(1);
    if (existing) return ENTCODE_LIVE_STATES.includes(existing.status as never) ? existing.id : null;
    // No target: a concurrent caller's live code for this credit code (the partial unique index) or,
    // rarely, a code already taken (the code's unique key) makes this insert nothing; look again.
    const [inserted] = await tx
      .insert(enterpriseCodes)
      .values({ code: newCode(), creditCode: holder.creditCode, enterpriseId: holder.id, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: enterpriseCodes.id });
    if (inserted) {
      await start(tx, systemCtx(), ENTCODE_FLOW, { kind: ENTCODE_KIND, id: inserted.id }, 'issue', now);
      return inserted.id;
    }
  }
  throw new Error(`entcode: no code assigned to ${holder.creditCode} after ${ATTEMPTS} attempts`);
}

/** The live code of each credit code named (active or frozen). */
export const liveCodesOf = (tx: DbOrTx, creditCodes: string[]) =>
  tx
    .select()
    .from(enterpriseCodes)
    .where(and(inArray(enterpriseCodes.creditCode, creditCodes.length ? creditCodes : ['']), inArray(enterpriseCodes.status, [...ENTCODE_LIVE_STATES])));

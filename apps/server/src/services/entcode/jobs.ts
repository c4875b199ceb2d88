// 企业赋码's scheduled work (docs/jobs.md): `entcode-assign`, at each start and daily, gives a code to
// every live enterprise whose credit code never had one (databases from before 企业赋码, enterprises
// added outside saveEnterprise). Safe to run twice, on any number of nodes at once.
import { and, eq, isNull, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enterprises } from '../../db/schema/index';
import type { Jobs } from '../../lib/jobs';
import { newCode } from '@hqt/contract/entcode';
import { enterpriseCodes } from './schema';

/** Enterprises given a code per statement. */
const BATCH = 1000;

/**
 * Gives every live enterprise without a code one, a batch per transaction in one insert; answers how
 * many got one. Each batch first locks its enterprise rows `for key share skip locked`: a profile
 * being saved right now is skipped (its save gives the code), and nothing here waits on a save that
 * could wait on this batch's codes. An insert that met a concurrent code or a taken code inserts
 * nothing for that enterprise; the next round finds it again.
 */
export async function assignMissingCodes(db: Db): Promise<number> {
  let assigned = 0;
  for (;;) {
    const { done, added } = await db.transaction(async (tx) => {
      const batch = await tx
        .select({ id: enterprises.id, creditCode: enterprises.creditCode })
        .from(enterprises)
        .where(and(isNull(enterprises.deletedAt), notExists(tx.select({ one: enterpriseCodes.id }).from(enterpriseCodes).where(eq(enterpriseCodes.creditCode, enterprises.creditCode)))))
        .orderBy(enterprises.id)
        .limit(BATCH)
        .for('key share', { skipLocked: true });
      if (!batch.length) return { done: true, added: 0 };
      const now = new Date();
      const rows = await tx
        .insert(enterpriseCodes)
        .values(batch.map((e) => ({ code: newCode(), creditCode: e.creditCode, enterpriseId: e.id, createdAt: now, updatedAt: now })))
        .onConflictDoNothing()
        .returning({ id: enterpriseCodes.id });
      return { done: false, added: rows.length };
    });
    if (done) return assigned;
    assigned += added;
  }
}

export function declareEntcodeJobs(jobs: Jobs, db: Db): void {
  jobs.queue({
    name: 'entcode-assign',
    settings: { retryLimit: 3, retryDelay: 60, expireInSeconds: 900, deleteAfterSeconds: 7 * 24 * 3600 },
    run: () => assignMissingCodes(db),
    schedule: '30 18 * * *',
    atStart: true,
  });
}

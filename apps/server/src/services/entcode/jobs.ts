// 企业赋码's scheduled work (docs/jobs.md): `entcode-assign`, at each start and daily, gives a code to
// every live enterprise whose credit code never had one (databases from before 企业赋码, enterprises
// added outside saveEnterprise). Safe to run twice, on any number of nodes at once (assignCode).
import { and, isNull, notExists, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enterprises } from '../../db/schema/index';
import type { Jobs } from '../../lib/jobs';
import { assignCode } from './assign';
import { enterpriseCodes } from './schema';

/** Enterprises handled per transaction. */
const BATCH = 500;

/** Gives every live enterprise without a code one; answers how many got one. */
export async function assignMissingCodes(db: Db): Promise<number> {
  let assigned = 0;
  for (;;) {
    const batch = await db
      .select({ id: enterprises.id, creditCode: enterprises.creditCode })
      .from(enterprises)
      .where(and(isNull(enterprises.deletedAt), notExists(db.select({ one: enterpriseCodes.id }).from(enterpriseCodes).where(eq(enterpriseCodes.creditCode, enterprises.creditCode)))))
      .orderBy(enterprises.id)
      .limit(BATCH);
    if (!batch.length) return assigned;
    await db.transaction(async (tx) => {
      for (const e of batch) await assignCode(tx, e);
    });
    assigned += batch.length;
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

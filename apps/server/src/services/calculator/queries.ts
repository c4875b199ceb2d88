// The caller's own enterprises and evaluations (docs/scope-and-ctx.md): an id outside the scope,
// or a deleted enterprise, matches nothing.
import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { enterprises, evaluations } from '../../db/schema/index';
import type { Scope } from '../../lib/ctx';
import { preparedPer } from '../../lib/prepared';

const liveOf = (accountId: number | Placeholder) => and(eq(enterprises.accountId, accountId), isNull(enterprises.deletedAt))!;
export const ownLiveEnterprises = (scope: Scope): SQL => liveOf(scope.accountId);

/** The caller's enterprise, locked for the transaction's change. */
export async function lockOwnEnterprise(tx: DbOrTx, scope: Scope, id: number) {
  const [row] = await tx.select().from(enterprises).where(and(ownLiveEnterprises(scope), eq(enterprises.id, id))).for('update');
  return row;
}

/** The caller's enterprise, as the calculator reads it on every evaluation (on the pool, prepared). */
const ownEnterpriseStatement = preparedPer((db) =>
  db
    .select()
    .from(enterprises)
    .where(and(liveOf(sql.placeholder('accountId')), eq(enterprises.id, sql.placeholder('id'))))
    .prepare('calculator_own_enterprise'),
);

export async function readOwnEnterprise(db: Db, scope: Scope, id: number) {
  const [row] = await ownEnterpriseStatement(db).execute({ accountId: scope.accountId, id });
  return row;
}

export const ownEvaluations = (scope: Scope): SQL => eq(evaluations.accountId, scope.accountId);

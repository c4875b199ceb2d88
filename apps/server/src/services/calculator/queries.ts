// The caller's own enterprises and evaluations (docs/scope-and-ctx.md): an id outside the scope,
// or a deleted enterprise, matches nothing.
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { enterprises, evaluations } from '../../db/schema/index';
import type { Scope } from '../../lib/ctx';

export const ownLiveEnterprises = (scope: Scope): SQL => and(eq(enterprises.accountId, scope.accountId), isNull(enterprises.deletedAt))!;

export async function ownEnterprise(db: DbOrTx, scope: Scope, id: number, { forUpdate = false } = {}) {
  const query = db.select().from(enterprises).where(and(ownLiveEnterprises(scope), eq(enterprises.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export const ownEvaluations = (scope: Scope): SQL => eq(evaluations.accountId, scope.accountId);

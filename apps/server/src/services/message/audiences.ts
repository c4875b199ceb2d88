// Who a service's notice goes to, resolved once here for every service: the live accounts of an
// enterprise (while it is not deleted), and the active administrators (the leadership's queue).
import { and, eq, isNull } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import type { DbOrTx } from '../../db/client';
import { accounts, enterprises } from '../../db/schema/index';

/** The accounts holding an enterprise, while it is not deleted, and not disabled. */
export async function enterpriseAccounts(db: DbOrTx, enterpriseId: number): Promise<number[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(enterprises)
    .innerJoin(accounts, and(eq(accounts.id, enterprises.accountId), eq(accounts.disabled, false)))
    .where(and(eq(enterprises.id, enterpriseId), isNull(enterprises.deletedAt)));
  return rows.map((r) => r.id);
}

/** The active administrators. */
export async function administrators(db: DbOrTx): Promise<number[]> {
  return (await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.roleId, ROLES.admin.id), eq(accounts.disabled, false)))).map((r) => r.id);
}

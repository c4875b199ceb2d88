// The account's own rows, read and written only through the caller's scope: an id outside it
// matches nothing, so another account's id answers "not found" and changes nothing.
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema/index';
import type { Scope } from '../../lib/ctx';
import { preparedPer } from '../../lib/prepared';

/** The caller's own account, optionally named by an id the client sent. */
const own = (scope: Scope, id: number = scope.accountId): SQL => and(eq(accounts.id, id), eq(accounts.id, scope.accountId))!;

export async function findOwnAccount(db: DbOrTx, scope: Scope, id?: number) {
  const [row] = await db.select().from(accounts).where(own(scope, id));
  return row ?? null;
}

/** getinfo's read, asked on every page load: only what it shows. */
const profileStatement = preparedPer((db) =>
  db
    .select({ id: accounts.id, name: accounts.name, username: accounts.username, roleId: accounts.roleId, phone: accounts.phone, email: accounts.email, avatar: accounts.avatar })
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .prepare('account_own_profile'),
);

/** The caller's own profile (its scope's account). */
export async function findOwnProfile(db: Db, scope: Scope) {
  const [row] = await profileStatement(db).execute({ accountId: scope.accountId });
  return row ?? null;
}

export type ContactField = 'phone' | 'email';

/** Another account already holding this phone or e-mail (e-mails compare without case). */
export async function contactHeldByOther(db: DbOrTx, scope: Scope, field: ContactField, value: string): Promise<boolean> {
  const same = field === 'phone' ? eq(accounts.phone, value) : eq(sql`lower(${accounts.email})`, value.toLowerCase());
  const [other] = await db.select({ id: accounts.id }).from(accounts).where(and(same, ne(accounts.id, scope.accountId)));
  return Boolean(other);
}

/** Answers whether a row was changed (false: the id is not the caller's). */
export async function updateOwnAccount(db: DbOrTx, scope: Scope, id: number | undefined, values: Partial<typeof accounts.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(own(scope, id))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/** Names compare without case: `Demo` and `demo` are one account. */
export async function usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(sql`lower(${accounts.username})`, username.trim().toLowerCase()));
  return Boolean(row);
}

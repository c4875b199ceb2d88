// The enterprises registered on the portal, as staff see them: each with the account that holds
// it (disabling that account is how an enterprise is disabled: the account actions of console.ts).
import { and, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import { CONSOLE_MSG, type ConsoleEnterprise, type ConsoleEnterpriseRow, type EnterprisePageQuery } from '@hqt/contract/console';
import type { PageOf } from '@hqt/contract/envelope';
import type { Db } from '../../db/client';
import { accounts, enterprises } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { paginate, totalOver } from '../../lib/paginate';
import { likePattern } from './console';

const rowColumns = {
  id: enterprises.id,
  name: enterprises.name,
  creditCode: enterprises.creditCode,
  contactPhone: enterprises.contactPhone,
  accountId: accounts.id,
  username: accounts.username,
  accountName: accounts.name,
  disabled: accounts.disabled,
  createdAt: enterprises.createdAt,
};

const toRow = <R extends { createdAt: Date }>({ createdAt, ...r }: R) => ({ ...r, createdAt: createdAt.toISOString() });

export async function enterprisePage(db: Db, query: EnterprisePageQuery): Promise<PageOf<ConsoleEnterpriseRow>> {
  const filters: SQL[] = [];
  if (query.keyword?.trim()) {
    const pattern = likePattern(query.keyword);
    filters.push(or(ilike(enterprises.name, pattern), ilike(enterprises.creditCode, pattern), ilike(accounts.username, pattern))!);
  }
  if (query.state) filters.push(eq(accounts.disabled, query.state === 'disabled'));
  const where = and(...filters);
  return paginate(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ ...rowColumns, total: totalOver() })
        .from(enterprises)
        .innerJoin(accounts, eq(accounts.id, enterprises.accountId))
        .where(where)
        .orderBy(desc(enterprises.createdAt), desc(enterprises.id))
        .limit(limit)
        .offset(offset),
    count: () =>
      db
        .select({ n: count() })
        .from(enterprises)
        .innerJoin(accounts, eq(accounts.id, enterprises.accountId))
        .where(where)
        .then((r) => r[0]?.n ?? 0),
    map: ({ total: _total, ...r }) => toRow(r),
  });
}

export async function enterpriseDetail(db: Db, id: number): Promise<ConsoleEnterprise> {
  const [row] = await db
    .select({ ...rowColumns, accountPhone: accounts.phone, accountEmail: accounts.email })
    .from(enterprises)
    .innerJoin(accounts, eq(accounts.id, enterprises.accountId))
    .where(eq(enterprises.id, id));
  if (!row) throw notFound(CONSOLE_MSG.enterpriseNotFound);
  const { accountPhone, accountEmail, ...rest } = row;
  const siblings = await db
    .select({ id: enterprises.id, name: enterprises.name, creditCode: enterprises.creditCode })
    .from(enterprises)
    .where(and(eq(enterprises.accountId, row.accountId), ne(enterprises.id, id)))
    .orderBy(enterprises.id);
  return { ...toRow(rest), siblings, accountPhone, accountEmail };
}

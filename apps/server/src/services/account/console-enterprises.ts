// The enterprises registered on the portal, as staff see them: each with the account that holds
// it (disabling that account is how an enterprise is disabled: the account actions of console.ts),
// deleted ones too, marked with when and by whom. 企业详情 is the whole enterprise: its profile,
// its saved calculations and its account's 政策推送.
import { and, desc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dateOf } from '@hqt/contract/calculator-engine';
import { ACCOUNT_CONSOLE_MSG, type ConsoleEnterprise, type ConsoleEnterpriseRow, ENTERPRISE_DETAIL_RECENT, type EnterprisePageQuery, type EnterpriseState } from '@hqt/contract/account-console';
import type { PageOf } from '@hqt/contract/envelope';
import type { DictType } from '@hqt/contract/policy';
import type { Db } from '../../db/client';
import { kindLabel } from '@hqt/contract/inbox';
import { accounts, enterprises, evaluations, messages, pushSubscriptions } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { paginate, totalOver } from '../../lib/paginate';
import { dictLabel, type Dictionaries } from '../dict/public';
import { keywordMatch } from '../../lib/like';

const deleter = alias(accounts, 'deleter');

const rowColumns = {
  id: enterprises.id,
  name: enterprises.name,
  creditCode: enterprises.creditCode,
  contactPhone: enterprises.contactPhone,
  accountId: accounts.id,
  username: accounts.username,
  accountName: accounts.name,
  disabled: accounts.disabled,
  deletedAt: enterprises.deletedAt,
  deleterId: deleter.id,
  deleterUsername: deleter.username,
  deleterName: deleter.name,
  createdAt: enterprises.createdAt,
};

const STATE_FILTERS: Record<EnterpriseState, SQL> = {
  active: and(isNull(enterprises.deletedAt), eq(accounts.disabled, false))!,
  disabled: and(isNull(enterprises.deletedAt), eq(accounts.disabled, true))!,
  deleted: isNotNull(enterprises.deletedAt),
};

interface Row {
  createdAt: Date;
  deletedAt: Date | null;
  disabled: boolean;
  deleterId: number | null;
  deleterUsername: string | null;
  deleterName: string | null;
}

const toRow = <R extends Row>({ createdAt, deletedAt, deleterId, deleterUsername, deleterName, ...r }: R) => ({
  ...r,
  state: (deletedAt ? 'deleted' : r.disabled ? 'disabled' : 'active') as EnterpriseState,
  deletedAt: deletedAt?.toISOString() ?? null,
  deletedBy: deleterId === null ? null : { id: deleterId, username: deleterUsername!, name: deleterName! },
  createdAt: createdAt.toISOString(),
});

export async function enterprisePage(db: Db, query: EnterprisePageQuery): Promise<PageOf<ConsoleEnterpriseRow>> {
  const filters: (SQL | undefined)[] = [keywordMatch(query.keyword, enterprises.name, enterprises.creditCode, accounts.username)];
  if (query.state) filters.push(STATE_FILTERS[query.state]);
  const where = and(...filters);
  return paginate(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ ...rowColumns, total: totalOver() })
        .from(enterprises)
        .innerJoin(accounts, eq(accounts.id, enterprises.accountId))
        .leftJoin(deleter, eq(deleter.id, enterprises.deletedBy))
        .where(where)
        .orderBy(desc(enterprises.createdAt), desc(enterprises.id))
        .limit(limit)
        .offset(offset),
    map: ({ total: _total, ...r }) => toRow(r),
  });
}

const coded = (dicts: Dictionaries, type: DictType, code: string | null) => (code ? { code, label: dictLabel(dicts, type, code) } : null);

export async function enterpriseDetail(db: Db, dicts: Dictionaries, id: number): Promise<ConsoleEnterprise> {
  const [found] = await db
    .select({ row: rowColumns, e: enterprises, accountPhone: accounts.phone, accountEmail: accounts.email })
    .from(enterprises)
    .innerJoin(accounts, eq(accounts.id, enterprises.accountId))
    .leftJoin(deleter, eq(deleter.id, enterprises.deletedBy))
    .where(eq(enterprises.id, id));
  if (!found) throw notFound(ACCOUNT_CONSOLE_MSG.enterpriseNotFound);
  const { row, e, accountPhone, accountEmail } = found;
  const accountId = row.accountId;
  const siblings = await db
    .select({ id: enterprises.id, name: enterprises.name, creditCode: enterprises.creditCode, deletedAt: enterprises.deletedAt })
    .from(enterprises)
    .where(and(eq(enterprises.accountId, accountId), ne(enterprises.id, id)))
    .orderBy(enterprises.id);
  const evaluationRows = await db
    .select({
      id: evaluations.id,
      evaluatedAt: evaluations.evaluatedAt,
      whatIf: evaluations.whatIf,
      guides: sql<number>`jsonb_array_length(${evaluations.guides})`.mapWith(Number),
      eligible: evaluations.eligible,
      amount: evaluations.amount,
      total: totalOver(),
    })
    .from(evaluations)
    .where(eq(evaluations.enterpriseId, id))
    .orderBy(desc(evaluations.evaluatedAt), desc(evaluations.id))
    .limit(ENTERPRISE_DETAIL_RECENT);
  const subscriptions = await db
    .select({ id: pushSubscriptions.id, kind: pushSubscriptions.kind, label: pushSubscriptions.label, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.accountId, accountId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  const messageRows = await db
    .select({
      id: messages.id,
      kind: messages.kind,
      title: messages.title,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
      total: totalOver(),
      unread: sql<number>`count(*) filter (where ${messages.readAt} is null) over ()`.mapWith(Number),
    })
    .from(messages)
    .where(eq(messages.accountId, accountId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(ENTERPRISE_DETAIL_RECENT);
  const today = dateOf(new Date());
  return {
    ...toRow(row),
    siblings: siblings.map((s) => ({ ...s, deletedAt: s.deletedAt?.toISOString() ?? null })),
    accountPhone,
    accountEmail,
    profile: {
      legalPerson: e.legalPerson,
      foundedOn: e.foundedOn,
      registeredCapital: e.registeredCapital,
      patents: e.patents,
      nature: coded(dicts, 'nature', e.nature),
      industry: coded(dicts, 'industry', e.industry),
      scale: coded(dicts, 'scale', e.scale),
      region: coded(dicts, 'region', e.region),
      updatedAt: e.updatedAt.toISOString(),
    },
    qualifications: e.qualifications.map((q) => ({
      code: q.code,
      label: dictLabel(dicts, 'qualification', q.code),
      validUntil: q.validUntil ?? null,
      expired: Boolean(q.validUntil && q.validUntil < today),
    })),
    indicators: [...e.indicators].sort((a, b) => b.year - a.year),
    evaluations: {
      total: evaluationRows[0]?.total ?? 0,
      list: evaluationRows.map(({ total: _total, ...r }) => ({ ...r, evaluatedAt: r.evaluatedAt.toISOString() })),
    },
    subscriptions: subscriptions.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })),
    messages: {
      total: messageRows[0]?.total ?? 0,
      unread: messageRows[0]?.unread ?? 0,
      list: messageRows.map(({ total: _total, unread: _unread, kind, ...m }) => ({ ...m, kindLabel: kindLabel(kind), createdAt: m.createdAt.toISOString(), readAt: m.readAt?.toISOString() ?? null })),
    },
  };
}

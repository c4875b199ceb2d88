// 企业诉求 follows up the problems raised on a visit (企业走访): it listens to the visit's summary
// (`visit.summarized`) and files each problem once as an appeal of the visit's enterprise, and it
// registers how the visit reads its problems back (visit/follow-ups.ts). The visit service knows
// nothing of appeals; this file is the relationship, kept on the side that depends on the other.
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { APPEAL_FLOW, APPEAL_KIND, APPEAL_NUMBER_PREFIX, type AppealStatus } from '@hqt/contract/appeal';
import { VISIT_KIND, type VisitProblem } from '@hqt/contract/visit';
import type { DbOrTx } from '../../db/client';
import { accounts, enterprises } from '../../db/schema/index';
import { auditRecord } from '../../lib/audit';
import type { Ctx } from '../../lib/ctx';
import type { DomainEvents } from '../../lib/events';
import { notFound } from '../../lib/errors';
import { insertNumbered } from '../../lib/numbering';
import { opening } from '../../lib/workflow';
import type { ProblemFollowUps } from '../visit/public';
import { appeals } from './schema';
import { acceptDueSql, APPEAL_AUDIT } from './service';

/** The appeals a visit gave rise to: its problems, and those its enterprise filed about it. */
export const ofVisit = (visitId: number) => and(eq(appeals.sourceKind, VISIT_KIND), eq(appeals.sourceId, visitId));

/**
 * Files the summary's problems as appeals of the visit's enterprise, on its behalf (its account is the
 * filer; the contact is the enterprise's legal person and phone), inside the visit's transaction:
 * numbered like any, the visit its source. A problem already filed for the visit is left as it is.
 */
export async function fileVisitProblems(tx: DbOrTx, summary: DomainEvents['visit.summarized']): Promise<void> {
  const { ctx, visitId, enterpriseId, problems, at } = summary;
  if (!problems.length) return;
  const filed = await tx
    .select({ key: appeals.sourceKey })
    .from(appeals)
    .where(and(ofVisit(visitId), inArray(appeals.sourceKey, problems.map((p) => p.key))));
  const fresh = problems.filter((p) => !filed.some((f) => f.key === p.key));
  if (!fresh.length) return;
  for (const problem of fresh) {
    await fileSourcedAppeal(tx, ctx, { enterpriseId, category: problem.category, title: problem.title, content: problem.content, source: { kind: VISIT_KIND, id: visitId, key: problem.key } }, at);
  }
}

/** What another service files as an appeal of an enterprise: its words, and the item it comes from. */
export interface SourcedAppeal {
  enterpriseId: number;
  category: string;
  title: string;
  content: string;
  /** The item it comes from (a visit's problem, an application's 差评); `key` tells apart several from one item (null: any number of them). */
  source: { kind: string; id: number; key: string | null };
}

/**
 * Files an appeal of the enterprise on its behalf (its account is the filer; the contact its legal
 * person and phone) inside the caller's transaction, numbered like any, its source kept: a visit's
 * problem, an application's 差评 (整改) or 申报遇到困难. Answers its id and number.
 */
export async function fileSourcedAppeal(tx: DbOrTx, ctx: Ctx, filing: SourcedAppeal, at: Date): Promise<{ id: number; number: string }> {
  const [owner] = await tx
    .select({ accountId: enterprises.accountId, legalPerson: enterprises.legalPerson, phone: enterprises.contactPhone, accountName: accounts.name, accountPhone: accounts.phone })
    .from(enterprises)
    .innerJoin(accounts, eq(accounts.id, enterprises.accountId))
    .where(eq(enterprises.id, filing.enterpriseId));
  if (!owner) throw notFound();
  const values = {
    enterpriseId: filing.enterpriseId,
    accountId: owner.accountId,
    category: filing.category,
    title: filing.title.trim(),
    content: filing.content,
    contact: (owner.legalPerson ?? owner.accountName).slice(0, 20),
    phone: owner.phone ?? owner.accountPhone ?? '',
    sourceKind: filing.source.kind,
    sourceId: filing.source.id,
    sourceKey: filing.source.key,
    acceptDueAt: acceptDueSql(at),
    createdAt: at,
    updatedAt: at,
  };
  const record = auditRecord(ctx, APPEAL_AUDIT.file, { enterpriseId: filing.enterpriseId, category: filing.category });
  const row = await insertNumbered(tx, appeals, values, APPEAL_NUMBER_PREFIX, at, { record, numberKey: 'number', opening: opening(ctx, APPEAL_FLOW, APPEAL_KIND, 'file', at) });
  return { id: row.id as number, number: row.number as string };
}

/** How a visit reads its problems back: each with its appeal's number and state now. */
export const visitProblemFollowUps: ProblemFollowUps = {
  async of(db: DbOrTx, visitId: number): Promise<VisitProblem[]> {
    const rows = await db
      .select({ key: appeals.sourceKey, appealId: appeals.id, appealNumber: appeals.number, title: appeals.title, status: appeals.status })
      .from(appeals)
      .where(ofVisit(visitId))
      .orderBy(asc(appeals.id));
    // An appeal the enterprise filed about the visit is one of its problems too (with no key).
    return rows.map((r) => ({
      key: r.key ?? '',
      appealId: r.appealId,
      appealNumber: r.appealNumber ?? '',
      title: r.title,
      status: r.status,
      statusLabel: APPEAL_FLOW.states[r.status as AppealStatus] ?? r.status,
    }));
  },
  async tally(db: DbOrTx, visitIds: SQL): Promise<{ raised: number; solved: number }> {
    const [row] = await db
      .select({ raised: count(), solved: sql<number>`count(*) filter (where ${appeals.status} = 'closed')`.mapWith(Number) })
      .from(appeals)
      .where(and(eq(appeals.sourceKind, VISIT_KIND), sql`${appeals.sourceId} in (${visitIds})`));
    return row ?? { raised: 0, solved: 0 };
  },
};

/** The appeals filed from one item (an application's 整改 and 申报遇到困难), oldest first, with their state now. */
export async function appealsFrom(db: DbOrTx, kind: string, id: number): Promise<{ id: number; number: string; title: string; status: string; statusLabel: string }[]> {
  const rows = await db
    .select({ id: appeals.id, number: appeals.number, title: appeals.title, status: appeals.status })
    .from(appeals)
    .where(and(eq(appeals.sourceKind, kind), eq(appeals.sourceId, id)))
    .orderBy(asc(appeals.id));
  return rows.map((r) => ({ ...r, number: r.number ?? '', statusLabel: APPEAL_FLOW.states[r.status as AppealStatus] ?? r.status }));
}

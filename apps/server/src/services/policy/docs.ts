// 政策超市's 政策文件 (docs/policy-docs.md): the published policy documents, searched over title,
// 文号 and full text by bigrams (policy_search), filtered by 发文单位, 层级 and 发布日期;
// one document with its text, 解读, attachments and the published guides that cite it.
import { and, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PageOf } from '@hqt/contract/envelope';
import { DOC_FILTER_TITLES, POLICY_DOC_MSG, type PolicyDocDetail, type PolicyDocPageQuery, type PolicyDocSummary } from '@hqt/contract/policy-docs';
import { guides, policies } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import { likePattern } from '../../lib/like';
import { paginate, totalOver } from '../../lib/paginate';
import { sanitizeHtml } from '../../lib/sanitize';
import { dictCode, dictLabel as label, type Dictionaries } from '../dict/public';
import { policySearch } from './schema';
import { INDEXABLE, published, summaryColumns, toSummary, type PolicyDeps } from './service';

/** What the portal shows: a published document (what the home page counts as 政策文件). */
const visible = eq(policies.status, 'published');

/**
 * A keyword's pieces in the stored bigrams of policy_search (joined to policies; schema.ts):
 * documents whose title, 文号 and full text hold every piece (policy_search_idx), and whether
 * their title or 文号 does.
 */
export const bigramMatch = (keyword: string) => ({
  match: sql`${policySearch.search} @@ hqt_bigram_query(${keyword})`,
  inTitle: sql`${policySearch.titleSearch} @@ hqt_bigram_query(${keyword})`,
});

// Written out in full: inside a subquery drizzle would leave the outer column unqualified.
const guideCount = sql<number>`(select count(*) from guides g where g.policy_id = "policies"."id" and g.status = 'published')`.mapWith(Number);

/** A list's row: what a document is known by, without its text. */
const rowColumns = {
  id: policies.id,
  title: policies.title,
  docNo: policies.docNo,
  department: policies.department,
  level: policies.level,
  publishDate: policies.publishDate,
  expiryDate: policies.expiryDate,
  guideCount,
};
type Row = Omit<PolicyDocSummary, 'departmentLabel' | 'levelLabel'>;

const summaryOf = (dicts: Dictionaries, p: Row): PolicyDocSummary => ({
  id: p.id,
  title: p.title,
  docNo: p.docNo,
  department: p.department,
  departmentLabel: label(dicts, 'department', p.department),
  level: p.level,
  levelLabel: label(dicts, 'policyLevel', p.level),
  publishDate: p.publishDate,
  expiryDate: p.expiryDate,
  guideCount: p.guideCount,
});

/** A day of the calendar (the pattern admits 2026-02-30), or a 400 naming the field. */
function calendarDay(day: string | undefined, title: string): string | undefined {
  if (!day) return undefined;
  if (new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) throw badRequest(POLICY_DOC_MSG.badDay(title));
  return day;
}

/** The keyword's condition, whether a document's title or 文号 holds it (those come first), and whether it reads policy_search. */
function keywordConditions(keyword: string): { match: SQL; inTitle: SQL; bigrams: boolean } | null {
  if (!keyword) return null;
  if (INDEXABLE.test(keyword)) return { ...bigramMatch(keyword), bigrams: true };
  // A lone character has no bigram: a substring, LIKE's own characters escaped.
  const pattern = likePattern(keyword);
  const inTitle = or(sql`${policies.title} ilike ${pattern}`, sql`${policies.docNo} ilike ${pattern}`)!;
  return { match: or(inTitle, sql`${policies.contentHtml} ilike ${pattern}`)!, inTitle, bigrams: false };
}

export async function policyDocPage({ db, dicts: store }: PolicyDeps, query: PolicyDocPageQuery): Promise<PageOf<PolicyDocSummary>> {
  const dicts = await store.all();
  const issuer = dictCode(dicts, 'department', query.issuer);
  const level = dictCode(dicts, 'policyLevel', query.level);
  const from = calendarDay(query.from, DOC_FILTER_TITLES.from);
  const to = calendarDay(query.to, DOC_FILTER_TITLES.to);
  if (from && to && from > to) throw badRequest(POLICY_DOC_MSG.range);
  const keyword = keywordConditions(query.keyword?.trim() ?? '');
  const where = and(
    visible,
    keyword?.match,
    issuer ? eq(policies.department, issuer) : undefined,
    level ? eq(policies.level, level) : undefined,
    from ? gte(policies.publishDate, from) : undefined,
    to ? lte(policies.publishDate, to) : undefined,
  );
  const order = [...(keyword ? [desc(keyword.inTitle)] : []), desc(policies.publishDate), desc(policies.id)];
  return paginate(query, {
    rows: ({ limit, offset }) => {
      const from = db.select({ ...rowColumns, total: totalOver() }).from(policies).$dynamic();
      const searched = keyword?.bigrams ? from.innerJoin(policySearch, eq(policySearch.policyId, policies.id)) : from;
      return searched.where(where).orderBy(...order).limit(limit).offset(offset);
    },
    map: (r) => summaryOf(dicts, r),
  });
}

/** One published document, its HTML sanitised again, with the published guides that cite it. */
export async function policyDocDetail({ db, dicts: store }: PolicyDeps, id: number): Promise<PolicyDocDetail> {
  const [row] = await db.select({ ...rowColumns, contentHtml: policies.contentHtml, interpretationHtml: policies.interpretationHtml, attachments: policies.attachments }).from(policies).where(and(eq(policies.id, id), visible));
  if (!row) throw notFound(POLICY_DOC_MSG.notFound);
  const dicts = await store.all();
  const citing = await db
    .select(summaryColumns)
    .from(guides)
    .innerJoin(policies, eq(policies.id, guides.policyId))
    .where(and(eq(guides.policyId, id), published))
    .orderBy(desc(guides.publishedAt), desc(guides.id));
  return {
    ...summaryOf(dicts, row),
    contentHtml: sanitizeHtml(row.contentHtml),
    interpretationHtml: sanitizeHtml(row.interpretationHtml),
    attachments: row.attachments,
    guides: citing.map((g) => toSummary(dicts, g)),
  };
}

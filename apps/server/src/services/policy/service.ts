// 政策超市 and 政策专题: published content only, searched over Chinese text by bigrams.
import { and, asc, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { MAX_PAGE_SIZE } from '@hqt/contract/constants';
import type { PageOf, PageQuery } from '@hqt/contract/envelope';
import {
  DICT_TYPES,
  describeAmountRule,
  describeCondition,
  type AppealCategory,
  type DictItem,
  type DictType,
  type GuideDetail,
  type GuidePageQuery,
  type GuideStatus,
  type GuideSummary,
  type Statistics,
  type TopicDetail,
  type TopicSummary,
} from '@hqt/contract/policy';
import type { Db } from '../../db/client';
import { dictItems, enterprises, guides, policies, topicGuides, topics } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import { sanitizeHtml } from '../../lib/sanitize';

// ---- dictionaries ----------------------------------------------------------------------------------

type Dictionaries = Map<string, Map<string, DictItem>>;
const DICT_TTL_MS = 60_000;
let cache: { at: number; dicts: Dictionaries } | null = null;

/**
 * Dictionaries change rarely and every page needs their labels: kept for a minute per process,
 * so another node sees a staff edit within that minute.
 */
export async function dictionaries(db: Db): Promise<Dictionaries> {
  if (cache && Date.now() - cache.at < DICT_TTL_MS) return cache.dicts;
  const rows = await db.select().from(dictItems).orderBy(asc(dictItems.dictType), asc(dictItems.sort));
  const dicts: Dictionaries = new Map();
  for (const r of rows) {
    if (!dicts.has(r.dictType)) dicts.set(r.dictType, new Map());
    dicts.get(r.dictType)!.set(r.code, { code: r.code, label: r.label, extra: r.extra ?? null });
  }
  cache = { at: Date.now(), dicts };
  return dicts;
}

const label = (dicts: Dictionaries, type: string, code: string) => dicts.get(type)?.get(code)?.label ?? code;

/** GET getsondatalist?Dict_Type=: by our key (policyLevel) or by its Chinese name (政策层级). */
export async function dictionaryItems(db: Db, dictType: string): Promise<DictItem[]> {
  const key = (Object.keys(DICT_TYPES) as DictType[]).find((k) => k === dictType || DICT_TYPES[k] === dictType);
  if (!key) throw badRequest(`未知的字典类型：${dictType.slice(0, 40)}`);
  return [...((await dictionaries(db)).get(key)?.values() ?? [])];
}

// ---- guides ------------------------------------------------------------------------------------------

const capPage = ({ currentPage, pageSize }: PageQuery) => ({ currentPage, pageSize: Math.min(pageSize, MAX_PAGE_SIZE) });

export function guideStatus(windowStart: Date, windowEnd: Date, now = new Date()): GuideStatus {
  return now < windowStart ? 'upcoming' : now >= windowEnd ? 'closed' : 'open';
}

const summaryColumns = {
  id: guides.id,
  title: guides.title,
  summary: guides.summary,
  policyId: guides.policyId,
  policyTitle: policies.title,
  docNo: policies.docNo,
  level: policies.level,
  department: policies.department,
  supportType: guides.supportType,
  mode: guides.mode,
  windowStart: guides.windowStart,
  windowEnd: guides.windowEnd,
  amountRule: guides.amountRule,
  viewCount: guides.viewCount,
  publishedAt: guides.publishedAt,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] };

function toSummary(dicts: Dictionaries, r: SummaryRow): GuideSummary {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    policyId: r.policyId,
    policyTitle: r.policyTitle,
    docNo: r.docNo,
    level: r.level,
    levelLabel: label(dicts, 'policyLevel', r.level),
    department: r.department,
    departmentLabel: label(dicts, 'department', r.department),
    supportType: r.supportType,
    supportTypeLabel: label(dicts, 'supportType', r.supportType),
    mode: r.mode,
    modeLabel: label(dicts, 'guideMode', r.mode),
    windowStart: r.windowStart.toISOString(),
    windowEnd: r.windowEnd.toISOString(),
    status: guideStatus(r.windowStart, r.windowEnd),
    amountText: describeAmountRule(r.amountRule),
    viewCount: r.viewCount,
    publishedAt: r.publishedAt.toISOString(),
  };
}

const published = and(eq(guides.status, 'published'), eq(policies.status, 'published'));

/** A keyword with a two-character piece or a Latin word uses the index; a lone character a substring match. */
const INDEXABLE = /[\u3400-\u4dbf\u4e00-\u9fff]{2}|[a-z0-9]/i;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every filter value must be a code of its dictionary: a typo gets a clear answer, not an empty page. */
function checkFilter(dicts: Dictionaries, type: DictType, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!dicts.get(type)?.has(value)) throw badRequest(`未知的${DICT_TYPES[type]}：${value.slice(0, 40)}`);
  return value;
}

/** The page's SQL, built and checked but not run (the benchmark runs it bare, to measure our overhead). */
export async function guidePageQuery(db: Db, query: GuidePageQuery) {
  const dicts = await dictionaries(db);
  const { currentPage, pageSize } = capPage(query);
  const level = checkFilter(dicts, 'policyLevel', query.level);
  const department = checkFilter(dicts, 'department', query.department);
  const supportType = checkFilter(dicts, 'supportType', query.supportType);
  const mode = checkFilter(dicts, 'guideMode', query.mode);
  const industry = checkFilter(dicts, 'industry', query.industry);
  const region = checkFilter(dicts, 'region', query.region);
  const keyword = query.keyword?.trim() ?? '';

  const where: (SQL | undefined)[] = [published];
  let rank: SQL | null = null;
  if (keyword) {
    if (INDEXABLE.test(keyword)) {
      where.push(sql`${guides.search} @@ hqt_bigram_query(${keyword})`);
      rank = sql`ts_rank(${guides.search}, hqt_bigram_query(${keyword}))`;
    } else {
      const pattern = `%${escapeLike(keyword)}%`;
      where.push(or(sql`${guides.title} ilike ${pattern}`, sql`${guides.summary} ilike ${pattern}`));
    }
  }
  if (level) where.push(eq(policies.level, level));
  if (department) where.push(eq(policies.department, department));
  if (supportType) where.push(eq(guides.supportType, supportType));
  if (mode) where.push(eq(guides.mode, mode));
  if (industry) where.push(sql`(cardinality(${guides.industries}) = 0 or ${industry} = any(${guides.industries}))`);
  if (region) where.push(sql`(cardinality(${guides.regions}) = 0 or ${region} = any(${guides.regions}))`);
  if (query.openNow) where.push(and(lte(guides.windowStart, sql`now()`), gt(guides.windowEnd, sql`now()`)));

  const order =
    query.sort === 'popular'
      ? [desc(guides.viewCount), desc(guides.id)]
      : query.sort === 'date' || !rank
        ? [desc(guides.publishedAt), desc(guides.id)]
        : [desc(rank), desc(guides.publishedAt), desc(guides.id)];

  const select = db
    .select({ ...summaryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(guides)
    .innerJoin(policies, eq(policies.id, guides.policyId))
    .where(and(...where))
    .orderBy(...order)
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize);
  return { select, where: and(...where), dicts, currentPage, pageSize };
}

export async function guidePage(db: Db, query: GuidePageQuery): Promise<PageOf<GuideSummary>> {
  const { select, where, dicts, currentPage, pageSize } = await guidePageQuery(db, query);
  const rows = await select;
  // Past the last page the window count is not there: count separately only then.
  let total = rows[0]?.total ?? 0;
  if (!rows.length && currentPage > 1) {
    const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(guides).innerJoin(policies, eq(policies.id, guides.policyId)).where(where);
    total = c?.n ?? 0;
  }
  return { list: rows.map((r) => toSummary(dicts, r)), total, currentPage, pageSize };
}

/** The whole guide, with its policy's text sanitised again; counts a view. */
export async function guideDetail(db: Db, id: number): Promise<GuideDetail> {
  const [row] = await db
    .update(guides)
    .set({ viewCount: sql`${guides.viewCount} + 1` })
    .where(and(eq(guides.id, id), eq(guides.status, 'published'), sql`exists (select 1 from ${policies} where ${policies.id} = ${guides.policyId} and ${policies.status} = 'published')`))
    .returning();
  if (!row) throw notFound('政策指南不存在或已下线');
  const [policy] = await db.select().from(policies).where(eq(policies.id, row.policyId));
  const dicts = await dictionaries(db);
  const labelOf = (dict: string, code: string) => label(dicts, dict, code);
  return {
    ...toSummary(dicts, {
      ...row,
      policyTitle: policy!.title,
      docNo: policy!.docNo,
      level: policy!.level,
      department: policy!.department,
    }),
    beneficiaries: row.beneficiaries,
    conditionsText: row.conditionsText,
    supportStandard: row.supportStandard,
    conditionGroups: row.eligibility.groups.map((group) => group.map((c) => describeCondition(c, labelOf))),
    eligibility: row.eligibility,
    amountRule: row.amountRule,
    payoutDays: row.payoutDays,
    contact: { department: row.deptName, address: row.deptAddress, phone: row.deptPhone },
    materials: row.materials,
    steps: row.steps,
    onlineUrl: row.onlineUrl,
    policy: {
      id: policy!.id,
      title: policy!.title,
      docNo: policy!.docNo,
      departmentLabel: label(dicts, 'department', policy!.department),
      levelLabel: label(dicts, 'policyLevel', policy!.level),
      publishDate: policy!.publishDate,
      expiryDate: policy!.expiryDate,
      contentHtml: sanitizeHtml(policy!.contentHtml),
      interpretationHtml: sanitizeHtml(policy!.interpretationHtml),
      attachments: policy!.attachments,
    },
  };
}

// ---- topics ------------------------------------------------------------------------------------------

const activeTopic = and(eq(topics.status, 'published'), lte(topics.startsAt, sql`now()`), or(isNull(topics.endsAt), gt(topics.endsAt, sql`now()`)));

// Written out in full: inside a subquery drizzle would leave the outer column unqualified.
const memberCount = sql<number>`(select count(*) from topic_guides tg join guides g on g.id = tg.guide_id where tg.topic_id = "topics"."id" and g.status = 'published')`.mapWith(Number);

const toTopic = (t: typeof topics.$inferSelect & { memberCount: number }): TopicSummary => ({
  id: t.id,
  title: t.title,
  summary: t.summary,
  cover: t.cover,
  startsAt: t.startsAt.toISOString(),
  endsAt: t.endsAt?.toISOString() ?? null,
  memberCount: t.memberCount,
});

export async function topicPage(db: Db, query: PageQuery): Promise<PageOf<TopicSummary>> {
  const { currentPage, pageSize } = capPage(query);
  const rows = await db
    .select({ topic: topics, memberCount, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(topics)
    .where(activeTopic)
    .orderBy(asc(topics.sort), desc(topics.id))
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize);
  return { list: rows.map((r) => toTopic({ ...r.topic, memberCount: r.memberCount })), total: rows[0]?.total ?? 0, currentPage, pageSize };
}

export async function topicDetail(db: Db, id: number): Promise<TopicDetail> {
  const [row] = await db.select({ topic: topics, memberCount }).from(topics).where(and(eq(topics.id, id), activeTopic));
  if (!row) throw notFound('政策专题不存在或已下线');
  const dicts = await dictionaries(db);
  const members = await db
    .select(summaryColumns)
    .from(topicGuides)
    .innerJoin(guides, eq(guides.id, topicGuides.guideId))
    .innerJoin(policies, eq(policies.id, guides.policyId))
    .where(and(eq(topicGuides.topicId, id), published))
    .orderBy(asc(topicGuides.position));
  return { ...toTopic({ ...row.topic, memberCount: row.memberCount }), guides: members.map((m) => toSummary(dicts, m)) };
}

// ---- the home page -----------------------------------------------------------------------------------

export async function appealCategoryPage(db: Db, query: PageQuery): Promise<PageOf<AppealCategory>> {
  const { currentPage, pageSize } = capPage(query);
  const all = (await dictionaryItems(db, 'appealCategory')).map((c) => ({ code: c.code, label: c.label, limitDays: Number(c.extra?.limitDays ?? 0) }));
  return { list: all.slice((currentPage - 1) * pageSize, currentPage * pageSize), total: all.length, currentPage, pageSize };
}

/** The home page's counters, in one round trip. */
export async function statistics(db: Db): Promise<Statistics> {
  const [row] = await db.execute<Record<keyof Statistics, string>>(sql`
    select
      (select count(*) from ${policies} where status = 'published') as policies,
      (select count(*) from ${guides} where status = 'published') as guides,
      (select count(*) from ${guides} where status = 'published' and window_start <= now() and window_end > now()) as "openGuides",
      (select count(*) from ${topics} where status = 'published' and starts_at <= now() and (ends_at is null or ends_at > now())) as topics,
      (select count(*) from ${enterprises}) as enterprises,
      (select coalesce(sum(view_count), 0) from ${guides}) as views`).then((r) => r.rows);
  return {
    policies: Number(row!.policies),
    guides: Number(row!.guides),
    openGuides: Number(row!.openGuides),
    topics: Number(row!.topics),
    enterprises: Number(row!.enterprises),
    views: Number(row!.views),
  };
}

// 政策超市 and 政策专题: published content only, searched over Chinese text by bigrams.
import { and, asc, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PageOf, PageQuery } from '@hqt/contract/envelope';
import {
  describeAmountRule,
  describeCondition,
  type AppealCategory,
  type GuideDetail,
  type GuidePageQuery,
  type GuideStatus,
  type GuideSummary,
  type Statistics,
  type TopicDetail,
  type TopicSummary,
} from '@hqt/contract/policy';
import type { Db } from '../../db/client';
import type { DictType } from '@hqt/contract/policy';
import { enterprises, guides, policies, topicGuides, topics } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { pageOfArray, pageWindow, paginate, totalOver } from '../../lib/paginate';
import { sanitizeHtml } from '../../lib/sanitize';
import { dictCode, dictLabel as label, type Dictionaries, type DictionaryStore } from '../dict/public';

/** What the policy service reads from: the database and the node's dictionaries. */
export interface PolicyDeps {
  db: Db;
  dicts: DictionaryStore;
}

// ---- guides ------------------------------------------------------------------------------------------

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

/** The page's SQL, built and checked but not run (the benchmark runs it bare, to measure our overhead). */
export async function guidePageQuery({ db, dicts: store }: PolicyDeps, query: GuidePageQuery) {
  const dicts = await store.all();
  const window = pageWindow(query);
  const level = dictCode(dicts, 'policyLevel', query.level);
  const department = dictCode(dicts, 'department', query.department);
  const supportType = dictCode(dicts, 'supportType', query.supportType);
  const mode = dictCode(dicts, 'guideMode', query.mode);
  const industry = dictCode(dicts, 'industry', query.industry);
  const region = dictCode(dicts, 'region', query.region);
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
    .select({ ...summaryColumns, total: totalOver() })
    .from(guides)
    .innerJoin(policies, eq(policies.id, guides.policyId))
    .where(and(...where))
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
  const count = () =>
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(guides).innerJoin(policies, eq(policies.id, guides.policyId)).where(and(...where)).then((r) => r[0]?.n ?? 0);
  return { select, count, dicts };
}

export async function guidePage(deps: PolicyDeps, query: GuidePageQuery): Promise<PageOf<GuideSummary>> {
  const { select, count, dicts } = await guidePageQuery(deps, query);
  return paginate(query, { rows: () => select, count, map: (r) => toSummary(dicts, r) });
}

/** The whole guide, with its policy's text sanitised again; counts a view. */
export async function guideDetail({ db, dicts: store }: PolicyDeps, id: number): Promise<GuideDetail> {
  const [row] = await db
    .update(guides)
    .set({ viewCount: sql`${guides.viewCount} + 1` })
    .where(and(eq(guides.id, id), eq(guides.status, 'published'), sql`exists (select 1 from ${policies} where ${policies.id} = ${guides.policyId} and ${policies.status} = 'published')`))
    .returning();
  if (!row) throw notFound('政策指南不存在或已下线');
  const [policy] = await db.select().from(policies).where(eq(policies.id, row.policyId));
  const dicts = await store.all();
  const labelOf = (dict: string, code: string) => label(dicts, dict as DictType, code);
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

export async function topicPage({ db }: PolicyDeps, query: PageQuery): Promise<PageOf<TopicSummary>> {
  return paginate(query, {
    rows: ({ limit, offset }) =>
      db.select({ topic: topics, memberCount, total: totalOver() }).from(topics).where(activeTopic).orderBy(asc(topics.sort), desc(topics.id)).limit(limit).offset(offset),
    count: () => db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(topics).where(activeTopic).then((r) => r[0]?.n ?? 0),
    map: (r) => toTopic({ ...r.topic, memberCount: r.memberCount }),
  });
}

export async function topicDetail({ db, dicts: store }: PolicyDeps, id: number): Promise<TopicDetail> {
  const [row] = await db.select({ topic: topics, memberCount }).from(topics).where(and(eq(topics.id, id), activeTopic));
  if (!row) throw notFound('政策专题不存在或已下线');
  const dicts = await store.all();
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

export async function appealCategoryPage({ dicts }: PolicyDeps, query: PageQuery): Promise<PageOf<AppealCategory>> {
  const all = (await dicts.items('appealCategory')).map((c) => ({ code: c.code, label: c.label, limitDays: Number(c.extra?.limitDays ?? 0) }));
  return pageOfArray(query, all);
}

/** The home page's counters, in one round trip. */
export async function statistics({ db }: PolicyDeps): Promise<Statistics> {
  const [row] = await db.execute<Record<keyof Statistics, string>>(sql`
    select
      (select count(*) from ${policies} where status = 'published') as policies,
      (select count(*) from ${guides} g join ${policies} p on p.id = g.policy_id where g.status = 'published' and p.status = 'published') as guides,
      (select count(*) from ${guides} g join ${policies} p on p.id = g.policy_id
        where g.status = 'published' and p.status = 'published' and g.window_start <= now() and g.window_end > now()) as "openGuides",
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

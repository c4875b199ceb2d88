// 政策超市 and 政策专题: published content only, searched over Chinese text by bigrams.
import { and, asc, desc, eq, fillPlaceholders, getTableColumns, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
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
import { COUNT_CAP, pageOfArray, pageWindow, paginate, totalOver } from '../../lib/paginate';
import { preparedPer } from '../../lib/prepared';
import { sanitizeHtml } from '../../lib/sanitize';
import { dictCode, dictLabel as label, type Dictionaries, type DictionaryStore } from '../dict/public';
import { likePattern } from '../../lib/like';

/** What the policy service reads from: the database and the node's dictionaries. */
export interface PolicyDeps {
  db: Db;
  dicts: DictionaryStore;
}

// ---- guides ------------------------------------------------------------------------------------------

export function guideStatus(windowStart: Date, windowEnd: Date, now = new Date()): GuideStatus {
  return now < windowStart ? 'upcoming' : now >= windowEnd ? 'closed' : 'open';
}

export const summaryColumns = {
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

export function toSummary(dicts: Dictionaries, r: SummaryRow): GuideSummary {
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

export const published = and(eq(guides.status, 'published'), eq(policies.status, 'published'));

/** A keyword with a two-character piece or a Latin word uses the index; a lone character a substring match. */
export const INDEXABLE = /[\u3400-\u4dbf\u4e00-\u9fff]{2}|[a-z0-9]/i;

interface MarketFilters {
  keyword: string;
  level?: string;
  department?: string;
  supportType?: string;
  mode?: string;
  industry?: string;
  region?: string;
  openNow: boolean;
}
type Sort = 'date' | 'popular' | 'relevance';

/**
 * The market's conditions: which guides match, and (with a keyword) whether a guide's title does.
 * `v` gives each value its place in the SQL: the value itself, or a placeholder for a statement
 * built once and reused.
 */
function conditions(f: MarketFilters, v: (name: keyof MarketFilters | 'pattern', value: unknown) => unknown) {
  const where: (SQL | undefined)[] = [published];
  let inTitle: SQL | null = null;
  if (f.keyword) {
    if (INDEXABLE.test(f.keyword)) {
      where.push(sql`${guides.search} @@ hqt_bigram_query(${v('keyword', f.keyword)})`);
      inTitle = sql`${guides.titleSearch} @@ hqt_bigram_query(${v('keyword', f.keyword)})`;
    } else {
      const pattern = v('pattern', likePattern(f.keyword));
      where.push(or(sql`${guides.title} ilike ${pattern}`, sql`${guides.summary} ilike ${pattern}`));
      inTitle = sql`${guides.title} ilike ${pattern}`;
    }
  }
  if (f.level) where.push(sql`${policies.level} = ${v('level', f.level)}`);
  if (f.department) where.push(sql`${policies.department} = ${v('department', f.department)}`);
  if (f.supportType) where.push(sql`${guides.supportType} = ${v('supportType', f.supportType)}`);
  if (f.mode) where.push(sql`${guides.mode} = ${v('mode', f.mode)}`);
  if (f.industry) where.push(sql`(cardinality(${guides.industries}) = 0 or ${v('industry', f.industry)} = any(${guides.industries}))`);
  if (f.region) where.push(sql`(cardinality(${guides.regions}) = 0 or ${v('region', f.region)} = any(${guides.regions}))`);
  if (f.openNow) where.push(and(lte(guides.windowStart, sql`now()`), gt(guides.windowEnd, sql`now()`)));
  return { matches: and(...where)!, inTitle };
}

function buildFewMatches(db: Db, f: MarketFilters, sort: Sort, countCap: number): Statement {
  const { matches, inTitle } = conditions(f, (name) => sql.placeholder(name));
  const few = db
    .select({ ...summaryColumns, policyTitle: sql<string>`${policies.title}`.as('policy_title'), inTitle: sql<boolean>`${inTitle}`.as('in_title') })
    .from(guides)
    .innerJoin(policies, eq(policies.id, guides.policyId))
    .where(matches)
    .limit(countCap + 1)
    .as('few');
  const order = sort === 'popular' ? [desc(few.viewCount), desc(few.id)] : sort === 'date' ? [desc(few.publishedAt), desc(few.id)] : [desc(few.inTitle), desc(few.publishedAt), desc(few.id)];
  const statement = db
    .select({
      id: few.id,
      title: few.title,
      summary: few.summary,
      policyId: few.policyId,
      policyTitle: few.policyTitle,
      docNo: few.docNo,
      level: few.level,
      department: few.department,
      supportType: few.supportType,
      mode: few.mode,
      windowStart: few.windowStart,
      windowEnd: few.windowEnd,
      amountRule: few.amountRule,
      viewCount: few.viewCount,
      publishedAt: few.publishedAt,
      total: totalOver(),
    })
    .from(few)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return { prepared: statement.prepare(''), query: statement.toSQL() };
}

/** The capped statement (see guidePageQuery): the count of at most `countCap + 1` matches, and the page walked in its order when there are more. */
function buildCapped(db: Db, f: MarketFilters, sort: Sort, countCap: number, name: string): Statement {
  const { matches, inTitle } = conditions(f, (name) => sql.placeholder(name));
  const [limit, offset, reach] = (['limit', 'offset', 'reach'] as const).map((n) => sql.placeholder(n));
  // The sort keys as `hits` names them, and how they are computed from a guide.
  const keys = {
    date: { names: sql`published_at desc, id desc`, select: sql`${guides.publishedAt} as published_at` },
    popular: { names: sql`view_count desc, id desc`, select: sql`${guides.viewCount} as view_count` },
    relevance: { names: sql`in_title desc, published_at desc, id desc`, select: sql`${guides.publishedAt} as published_at, ${inTitle} as in_title` },
  }[sort];
  const hitCount = sql`(select count(*) from hits)`;
  const hits = db
    .$with('hits', { id: sql<number>`id` })
    .as(sql`select ${guides.id} as id${inTitle ? sql`, ${keys.select}` : sql``} from ${marketFrom} where ${matches} limit ${countCap + 1}`);

  const many = sql`${hitCount} > ${countCap}`;
  const walk = (gate: SQL, more: SQL, order: SQL, n: unknown, skip: unknown) =>
    sql`(select ${guides.id} as id, ${keys.select} from ${marketFrom} where ${gate} and ${matches} and ${more} order by ${order} limit ${n} offset ${skip})`;
  const newest = sql`published_at desc, id desc`;
  const pageIds = !inTitle
    ? // No keyword: the filters alone, always the walk; `hits` only counts.
      sql`select id from ${walk(sql`true`, sql`true`, keys.names, limit, offset)} f`
    : sort === 'relevance'
      ? // Title matches first, then the others: each branch is a walk newest first.
        sql`(select id from hits where ${hitCount} <= ${countCap} order by ${keys.names} limit ${limit} offset ${offset}) union all
          (select id from (${walk(many, inTitle, newest, reach, 0)} union all ${walk(many, sql`not (${inTitle})`, newest, reach, 0)}) f
            order by ${keys.names} limit ${limit} offset ${offset})`
      : sql`(select id from hits where ${hitCount} <= ${countCap} order by ${keys.names} limit ${limit} offset ${offset}) union all
          (select id from ${walk(many, sql`true`, keys.names, limit, offset)} f)`;

  const order =
    sort === 'popular'
      ? [desc(guides.viewCount), desc(guides.id)]
      : sort === 'date'
        ? [desc(guides.publishedAt), desc(guides.id)]
        : [desc(inTitle!), desc(guides.publishedAt), desc(guides.id)];

  const statement = db
    .with(hits)
    .select({ ...summaryColumns, total: sql<number>`${hitCount}`.mapWith(Number) })
    .from(guides)
    .innerJoin(policies, eq(policies.id, guides.policyId))
    .where(sql`${guides.id} in (${pageIds})`)
    .orderBy(...order);
  return { prepared: statement.prepare(name), query: statement.toSQL() };
}

const FILTER_KEYS = ['level', 'department', 'supportType', 'mode', 'industry', 'region', 'openNow'] as const;
const marketFrom = sql`${guides} inner join ${policies} on ${policies.id} = ${guides.policyId}`;

type Statement = { prepared: { execute: (values: Record<string, unknown>) => Promise<(SummaryRow & { total: number })[]> }; query: { sql: string; params: unknown[] } };
const statements = new WeakMap<Db, Map<string, Statement>>();

/**
 * The market's statements are a handful of shapes (which filters, which sort) with new values each
 * time: each shape is built once per database and reused (building one costs more than the
 * database's work on the page). With a keyword, unnamed: how many guides match a keyword varies
 * without bound, so PostgreSQL plans each run for its own values. Without one (the market as it
 * opens, on every visit), named: parsed once per connection, and planned once if PostgreSQL finds its
 * generic plan no worse than the plans for the values.
 */
function reusable(db: Db, shape: string, build: () => Statement, values: Record<string, unknown>) {
  let byShape = statements.get(db);
  if (!byShape) statements.set(db, (byShape = new Map()));
  let statement = byShape.get(shape);
  if (!statement) byShape.set(shape, (statement = build()));
  const { prepared, query } = statement;
  return {
    run: () => prepared.execute(values),
    /** The statement and its values as they are sent (for the benchmarks). */
    toSQL: () => ({ sql: query.sql, params: fillPlaceholders(query.params, values) }),
  };
}

/** A keyword's page when the matches are few: one scan of at most `countCap + 1`, counted and sorted. */
/**
 * The market's page at any size (10,000–100,000 guides), in one statement:
 *
 * - `hits` (a CTE used several times, hence materialised) holds at most `countCap + 1` matches,
 *   only their ids and sort keys: the count is capped (`total` as in `paginate` with a cap), and without a
 *   keyword it is an index-only scan of guides_market_idx.
 * - Without a keyword the page is a walk of the order itself (guides_market_idx, newest first,
 *   stopping after its rows).
 * - With a keyword, when every match is in `hits` (the count is not capped), the page is sorted from
 *   `hits`: the matches are read once, by the GIN index. When more match, the page is the walk, in
 *   branches gated by the count (a one-time filter: the branch not taken is not run); many matches
 *   make that walk short.
 * The page is the same rows, in the same order, as sorting every match would give.
 *
 * "Relevance" (a keyword and no sort asked): guides whose title matches first, then newest. The
 * search `tsvector` is built by array_to_tsvector: no positions, hence no weights, and ts_rank gives
 * every match (nearly) the same value, so it cannot rank here; the title is tested on its own
 * bigrams (`title_search`), or by the same substring for a one-character keyword.
 */
export async function guidePageQuery({ db, dicts: store }: PolicyDeps, query: GuidePageQuery, { countCap = COUNT_CAP } = {}) {
  const dicts = await store.all();
  const window = pageWindow(query);
  const level = dictCode(dicts, 'policyLevel', query.level);
  const department = dictCode(dicts, 'department', query.department);
  const supportType = dictCode(dicts, 'supportType', query.supportType);
  const mode = dictCode(dicts, 'guideMode', query.mode);
  const industry = dictCode(dicts, 'industry', query.industry);
  const region = dictCode(dicts, 'region', query.region);
  const filters: MarketFilters = { keyword: query.keyword?.trim() ?? '', level, department, supportType, mode, industry, region, openNow: Boolean(query.openNow) };
  const { matches, inTitle } = conditions(filters, (_name, value) => value);

  const sort: Sort = query.sort === 'popular' ? 'popular' : query.sort === 'date' || !inTitle ? 'date' : 'relevance';
  const count = () =>
    db
      .execute<{ n: string }>(sql`select count(*) as n from (select 1 from ${marketFrom} where ${matches} limit ${countCap + 1}) c`)
      .then((r) => Number(r.rows[0]?.n ?? 0));
  const values = { ...filters, pattern: likePattern(filters.keyword), limit: window.limit, offset: window.offset, reach: window.offset + window.limit };
  const shape = [INDEXABLE.test(filters.keyword), Boolean(filters.keyword), sort, countCap, ...FILTER_KEYS.map((k) => Boolean(filters[k]))].join('|');
  // The shape without a keyword, short enough for a statement's name (63 bytes at most).
  const name = filters.keyword ? '' : `market_${sort}_${countCap}_${FILTER_KEYS.map((k) => (filters[k] ? 1 : 0)).join('')}`;
  const select = reusable(db, `capped|${shape}`, () => buildCapped(db, filters, sort, countCap, name), values);
  const firstTry = inTitle ? reusable(db, `few|${shape}`, () => buildFewMatches(db, filters, sort, countCap), values) : null;
  return { select, firstTry, count, dicts, countCap };
}

export async function guidePage(deps: PolicyDeps, query: GuidePageQuery, options: { countCap?: number } = {}): Promise<PageOf<GuideSummary>> {
  const { select, firstTry, count, dicts, countCap } = await guidePageQuery(deps, query, options);
  const rows = async (): Promise<(SummaryRow & { total: number })[]> => {
    if (firstTry) {
      const page = await firstTry.run();
      if (!page[0] || page[0].total <= countCap) return page;
    }
    return select.run();
  };
  return paginate(query, { rows, count, cap: countCap, map: (r) => toSummary(dicts, r) });
}

/** A published guide's view counted, the guide and its policy answered: one statement, prepared (a busy page's one round trip). */
const viewStatement = preparedPer((db) =>
  db
    .update(guides)
    .set({ viewCount: sql`${guides.viewCount} + 1` })
    .from(policies)
    .where(and(eq(guides.id, sql.placeholder('id')), eq(guides.status, 'published'), eq(policies.id, guides.policyId), eq(policies.status, 'published')))
    .returning({ guide: getTableColumns(guides), policy: getTableColumns(policies) })
    .prepare('policy_guide_view'),
);

/** The whole guide, with its policy's text sanitised again; counts a view. */
export async function guideDetail({ db, dicts: store }: PolicyDeps, id: number): Promise<GuideDetail> {
  const [row] = await viewStatement(db).execute({ id });
  if (!row) throw notFound('政策指南不存在或已下线');
  const { guide, policy } = row;
  const dicts = await store.all();
  const labelOf = (dict: string, code: string) => label(dicts, dict as DictType, code);
  return {
    ...toSummary(dicts, { ...guide, policyTitle: policy.title, docNo: policy.docNo, level: policy.level, department: policy.department }),
    beneficiaries: guide.beneficiaries,
    conditionsText: guide.conditionsText,
    supportStandard: guide.supportStandard,
    conditionGroups: guide.eligibility.groups.map((group) => group.map((c) => describeCondition(c, labelOf))),
    eligibility: guide.eligibility,
    amountRule: guide.amountRule,
    payoutDays: guide.payoutDays,
    contact: { department: guide.deptName, address: guide.deptAddress, phone: guide.deptPhone },
    materials: guide.materials,
    steps: guide.steps,
    onlineUrl: guide.onlineUrl,
    policy: {
      id: policy.id,
      title: policy.title,
      docNo: policy.docNo,
      departmentLabel: label(dicts, 'department', policy.department),
      levelLabel: label(dicts, 'policyLevel', policy.level),
      publishDate: policy.publishDate,
      expiryDate: policy.expiryDate,
      contentHtml: sanitizeHtml(policy.contentHtml),
      interpretationHtml: sanitizeHtml(policy.interpretationHtml),
      attachments: policy.attachments,
    },
  };
}

// ---- topics ------------------------------------------------------------------------------------------

const activeTopic = and(eq(topics.status, 'published'), lte(topics.startsAt, sql`now()`), or(isNull(topics.endsAt), gt(topics.endsAt, sql`now()`)));

// Written out in full: inside a subquery drizzle would leave the outer column unqualified.
const memberCount = sql<number>`(select count(*) from topic_guides tg join guides g on g.id = tg.guide_id join policies p on p.id = g.policy_id
  where tg.topic_id = "topics"."id" and g.status = 'published' and p.status = 'published')`.mapWith(Number);

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
      (select count(*) from ${enterprises} where deleted_at is null) as enterprises,
      (select coalesce(sum(g.view_count), 0) from ${guides} g join ${policies} p on p.id = g.policy_id
        where g.status = 'published' and p.status = 'published') as views`).then((r) => r.rows);
  return {
    policies: Number(row!.policies),
    guides: Number(row!.guides),
    openGuides: Number(row!.openGuides),
    topics: Number(row!.topics),
    enterprises: Number(row!.enterprises),
    views: Number(row!.views),
  };
}

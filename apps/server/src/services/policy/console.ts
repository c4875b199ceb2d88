// The staff console's side of the policy service: policies, guides and topics written, published
// and withdrawn (草稿 → 已发布 → 已撤回), each change audited with who, when, before and after.
// The portal's calls (service.ts) show only what is published, so nothing here reaches the portal
// before its publish.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PageOf } from '@hqt/contract/envelope';
import type { Workbench } from '@hqt/contract/console';
import { UPLOADED_IMAGE_PATTERN } from '@hqt/contract/constants';
import { type ConsoleGuide, type ConsoleGuidePageQuery, type ConsoleGuideRow, type ConsolePolicy, type ConsolePolicyRow, type ConsoleTopic, type ConsoleTopicRow, type ContentPageQuery, type ContentStatus, type GuideInput, guidePublishGaps, type Lifecycle, POLICY_CONSOLE_MSG, type PolicyInput, type StateBody, type TopicInput } from '@hqt/contract/policy-console';
import { CONTENT_FLOW } from '@hqt/contract/content-flow';
import type { TimelineEntry } from '@hqt/contract/workflow';
import { ruleProblems } from '@hqt/contract/policy';
import { isSafeLink } from '@hqt/contract/validation';
import type { Db, DbOrTx } from '../../db/client';
import { accounts, enterprises, guides, policies, topicGuides, topics } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { start, step, timeline, type FlowDeps } from '../../lib/workflow';
import type { SignedInCtx } from '../../lib/ctx';
import { badRequest, notFound } from '../../lib/errors';
import { paginate, totalOver } from '../../lib/paginate';
import { sanitizeHtml } from '../../lib/sanitize';
import { dictCode, dictLabel, type Dictionaries } from '../dict/public';
import { isStoredUpload } from '../files/public';
import type { PolicyDeps } from './service';
import type { Events } from '../../lib/events';
import { keywordMatch } from '../../lib/like';

export const CONTENT_AUDIT = {
  policy: { created: 'policy.created', updated: 'policy.updated', published: 'policy.published', withdrawn: 'policy.withdrawn' },
  guide: { created: 'guide.created', updated: 'guide.updated', published: 'guide.published', withdrawn: 'guide.withdrawn' },
  topic: { created: 'topic.created', updated: 'topic.updated', published: 'topic.published', withdrawn: 'topic.withdrawn' },
} as const;

type Kind = keyof typeof CONTENT_AUDIT;
/** The three tables share their lifecycle columns (db/schema/policy.ts). */
const TABLES = { policy: policies, guide: guides, topic: topics } as const;
const NOT_FOUND = { policy: POLICY_CONSOLE_MSG.policyNotFound, guide: POLICY_CONSOLE_MSG.guideNotFound, topic: POLICY_CONSOLE_MSG.topicNotFound } as const;

// ---- who and when ------------------------------------------------------------------------------------

interface LifecycleColumns {
  status: string;
  createdAt: Date;
  createdBy: number | null;
  updatedAt: Date;
  updatedBy: number | null;
  publishedAt: Date | null;
  publishedBy: number | null;
  withdrawnAt: Date | null;
  withdrawnBy: number | null;
}

type People = ReadonlyMap<number, string>;

/** The names of every staff member the rows mention, in one query. */
async function peopleOf(db: DbOrTx, rows: readonly LifecycleColumns[]): Promise<People> {
  const ids = [...new Set(rows.flatMap((r) => [r.createdBy, r.updatedBy, r.publishedBy, r.withdrawnBy]).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids));
  return new Map(found.map((p) => [p.id, p.name]));
}

function lifecycle(r: LifecycleColumns, people: People): Lifecycle {
  const who = (id: number | null) => (id === null ? null : { id, name: people.get(id) ?? '' });
  return {
    status: r.status as ContentStatus,
    createdAt: r.createdAt.toISOString(),
    createdBy: who(r.createdBy),
    updatedAt: r.updatedAt.toISOString(),
    updatedBy: who(r.updatedBy),
    // published_at defaults to the row's creation (demo and generated content are made published): a draft's means nothing.
    publishedAt: r.status === 'draft' ? null : (r.publishedAt?.toISOString() ?? null),
    publishedBy: who(r.publishedBy),
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    withdrawnBy: who(r.withdrawnBy),
  };
}

/** What an edit changed, for the audit log: long texts by their length, not their content. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: { before: Record<string, unknown>; after: Record<string, unknown> } = { before: {}, after: {} };
  const shown = (v: unknown) => (typeof v === 'string' && v.length > 200 ? `（${v.length} 字）` : v);
  for (const key of Object.keys(after)) {
    const [b, a] = [before[key] instanceof Date ? (before[key] as Date).toISOString() : before[key], after[key]];
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    out.before[key] = shown(b);
    out.after[key] = shown(a);
  }
  return out;
}

declare module '../../lib/events' {
  interface DomainEvents {
    /**
     * A published-or-not policy's text, or one of its guides, was rewritten (publish and withdrawal
     * are the steps `policy.publish`, `guide.withdraw` …): 政策问答's clause index listens.
     */
    'policy.revised': { policyIds: number[] };
  }
}

/** The console's writes announce what they changed. */
type ContentDeps = PolicyDeps & { events: Events };

// ---- publishing and withdrawing --------------------------------------------------------------------

/** Told, inside the publishing transaction, that a guide was published (政策推送 queues its messages). */

/** A guide is published only once its policy is, and only complete (guidePublishGaps). */
async function guideReady(tx: DbOrTx, id: number): Promise<void> {
  const [guide] = await tx
    .select({
      policyStatus: policies.status,
      beneficiaries: guides.beneficiaries,
      conditionsText: guides.conditionsText,
      supportStandard: guides.supportStandard,
      materials: guides.materials,
      eligibility: guides.eligibility,
    })
    .from(guides)
    .innerJoin(policies, eq(policies.id, guides.policyId))
    .where(eq(guides.id, id));
  if (guide?.policyStatus !== 'published') throw badRequest(POLICY_CONSOLE_MSG.policyNotPublished);
  const gaps = guidePublishGaps(guide);
  if (gaps.length > 0) throw badRequest(POLICY_CONSOLE_MSG.guideIncomplete(gaps));
}

/** 草稿/已撤回 → 已发布, 已发布 → 已撤回 (CONTENT_FLOW), through the workflow's step(); 政策推送 listens to `guide.publish`. */
export async function changeState(deps: FlowDeps, ctx: SignedInCtx, kind: Kind, id: number, { action }: StateBody): Promise<void> {
  const me = ctx.actor.accountId;
  await step(deps, ctx, CONTENT_FLOW, { kind, table: TABLES[kind], id, notFound: NOT_FOUND[kind] }, action, {
    audit: CONTENT_AUDIT[kind][action === 'publish' ? 'published' : 'withdrawn'],
    set: () => (action === 'publish' ? { publishedAt: new Date(), publishedBy: me } : { withdrawnAt: new Date(), withdrawnBy: me }),
    ...(kind === 'guide' && action === 'publish' ? { guard: (tx: DbOrTx) => guideReady(tx, id) } : {}),
  });
}

/** Every publish and withdrawal of one item, oldest first, with who took it (404 for no such item). */
export async function contentTimeline(db: Db, kind: Kind, id: number): Promise<TimelineEntry[]> {
  const table = TABLES[kind];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) throw notFound(NOT_FOUND[kind]);
  return timeline(db, kind, id);
}

// ---- policies ----------------------------------------------------------------------------------------

function checkPolicy(dicts: Dictionaries, uploadsDir: string, input: PolicyInput) {
  dictCode(dicts, 'department', input.department);
  dictCode(dicts, 'policyLevel', input.level);
  if (input.expiryDate !== null && input.expiryDate <= input.publishDate) throw badRequest(POLICY_CONSOLE_MSG.expiryOrder);
  for (const a of input.attachments) {
    // A link elsewhere, or a file uploaded here that exists: not merely an address that starts right.
    if (!isSafeLink(a.url) && !isStoredUpload(uploadsDir, a.url)) throw badRequest(`附件「${a.name}」的地址须以 http(s):// 开头，或为已上传的文件`);
  }
  return { ...input, contentHtml: sanitizeHtml(input.contentHtml), interpretationHtml: sanitizeHtml(input.interpretationHtml) };
}

export async function policyPage({ db, dicts: store }: PolicyDeps, query: ContentPageQuery): Promise<PageOf<ConsolePolicyRow>> {
  const dicts = await store.all();
  const where = and(keywordMatch(query.keyword, policies.title, policies.docNo), query.status ? eq(policies.status, query.status) : undefined);
  // Written out: inside a subquery drizzle leaves columns unqualified, and "id" would be the guide's.
  const guideCount = sql<number>`(select count(*) from guides g where g.policy_id = "policies"."id")`.mapWith(Number);
  const page = await paginate(query, {
    rows: ({ limit, offset }) => db.select({ policy: policies, guideCount, total: totalOver() }).from(policies).where(where).orderBy(desc(policies.updatedAt), desc(policies.id)).limit(limit).offset(offset),
    map: (r) => r,
  });
  const people = await peopleOf(db, page.list.map((r) => r.policy));
  return {
    ...page,
    list: page.list.map(({ policy: p, guideCount: n }) => ({
      id: p.id,
      title: p.title,
      docNo: p.docNo,
      departmentLabel: dictLabel(dicts, 'department', p.department),
      levelLabel: dictLabel(dicts, 'policyLevel', p.level),
      publishDate: p.publishDate,
      guideCount: n,
      ...lifecycle(p, people),
    })),
  };
}

const policyInput = (p: typeof policies.$inferSelect): PolicyInput => ({
  title: p.title,
  docNo: p.docNo,
  department: p.department,
  level: p.level,
  publishDate: p.publishDate,
  expiryDate: p.expiryDate,
  contentHtml: p.contentHtml,
  interpretationHtml: p.interpretationHtml,
  attachments: p.attachments,
});

export async function policyForEdit(db: Db, id: number): Promise<ConsolePolicy> {
  const [p] = await db.select().from(policies).where(eq(policies.id, id));
  if (!p) throw notFound(POLICY_CONSOLE_MSG.policyNotFound);
  // Shown in the editor as stored, sanitised again (the portal's rule: on save and on show).
  const input = policyInput(p);
  return { id: p.id, ...input, contentHtml: sanitizeHtml(input.contentHtml), interpretationHtml: sanitizeHtml(input.interpretationHtml), ...lifecycle(p, await peopleOf(db, [p])) };
}

export async function savePolicy({ db, dicts, events, uploadsDir }: ContentDeps & { uploadsDir: string }, ctx: SignedInCtx, id: number | null, input: PolicyInput): Promise<{ id: number }> {
  const values = checkPolicy(await dicts.all(), uploadsDir, input);
  const me = ctx.actor.accountId;
  return db.transaction(async (tx) => {
    if (id === null) {
      const [created] = await tx.insert(policies).values({ ...values, status: 'draft', createdBy: me, updatedBy: me }).returning({ id: policies.id });
      await start(tx, ctx, CONTENT_FLOW, { kind: 'policy', id: created!.id }, 'create');
      await audit(tx, ctx, CONTENT_AUDIT.policy.created, { id: created!.id, title: values.title });
      return created!;
    }
    const [before] = await tx.select().from(policies).where(eq(policies.id, id)).for('update');
    if (!before) throw notFound(POLICY_CONSOLE_MSG.policyNotFound);
    await tx.update(policies).set({ ...values, updatedBy: me, updatedAt: new Date() }).where(eq(policies.id, id));
    await audit(tx, ctx, CONTENT_AUDIT.policy.updated, { id, ...changes(policyInput(before), values) });
    await events.emit(tx, 'policy.revised', { policyIds: [id] });
    return { id };
  });
}

// ---- guides ------------------------------------------------------------------------------------------

async function checkGuide(db: DbOrTx, dicts: Dictionaries, input: GuideInput) {
  const [policy] = await db.select({ id: policies.id }).from(policies).where(eq(policies.id, input.policyId));
  if (!policy) throw badRequest('所属政策文件不存在');
  dictCode(dicts, 'supportType', input.supportType);
  dictCode(dicts, 'guideMode', input.mode);
  for (const code of input.industries) dictCode(dicts, 'industry', code);
  for (const code of input.regions) dictCode(dicts, 'region', code);
  const windowStart = new Date(input.windowStart);
  const windowEnd = new Date(input.windowEnd);
  if (!(windowEnd > windowStart)) throw badRequest(POLICY_CONSOLE_MSG.windowOrder);
  const problems = ruleProblems(input.eligibility, input.amountRule, (dict, code) => dicts.get(dict)?.has(code) ?? false);
  if (problems.length > 0) throw badRequest(`规则有误：${problems[0]}`);
  return { ...input, windowStart, windowEnd };
}

const guideInput = (g: typeof guides.$inferSelect): GuideInput => ({
  policyId: g.policyId,
  title: g.title,
  summary: g.summary,
  beneficiaries: g.beneficiaries,
  conditionsText: g.conditionsText,
  supportStandard: g.supportStandard,
  eligibility: g.eligibility,
  amountRule: g.amountRule,
  supportType: g.supportType,
  mode: g.mode,
  industries: g.industries,
  regions: g.regions,
  windowStart: g.windowStart.toISOString(),
  windowEnd: g.windowEnd.toISOString(),
  payoutDays: g.payoutDays,
  deptName: g.deptName,
  deptAddress: g.deptAddress,
  deptPhone: g.deptPhone,
  materials: g.materials,
  steps: g.steps,
  onlineUrl: g.onlineUrl,
});

export async function guidePage({ db, dicts: store }: PolicyDeps, query: ConsoleGuidePageQuery): Promise<PageOf<ConsoleGuideRow>> {
  const dicts = await store.all();
  const where = and(
    keywordMatch(query.keyword, guides.title, policies.title),
    query.status ? eq(guides.status, query.status) : undefined,
    query.policyId ? eq(guides.policyId, query.policyId) : undefined,
  );
  const page = await paginate(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ guide: guides, policyTitle: policies.title, policyStatus: policies.status, total: totalOver() })
        .from(guides)
        .innerJoin(policies, eq(policies.id, guides.policyId))
        .where(where)
        .orderBy(desc(guides.updatedAt), desc(guides.id))
        .limit(limit)
        .offset(offset),
    map: (r) => r,
  });
  const people = await peopleOf(db, page.list.map((r) => r.guide));
  return {
    ...page,
    list: page.list.map(({ guide: g, policyTitle, policyStatus }) => ({
      id: g.id,
      title: g.title,
      policyId: g.policyId,
      policyTitle,
      policyStatus: policyStatus as ContentStatus,
      supportTypeLabel: dictLabel(dicts, 'supportType', g.supportType),
      modeLabel: dictLabel(dicts, 'guideMode', g.mode),
      windowStart: g.windowStart.toISOString(),
      windowEnd: g.windowEnd.toISOString(),
      viewCount: g.viewCount,
      ...lifecycle(g, people),
    })),
  };
}

export async function guideForEdit(db: Db, id: number): Promise<ConsoleGuide> {
  const [g] = await db.select().from(guides).where(eq(guides.id, id));
  if (!g) throw notFound(POLICY_CONSOLE_MSG.guideNotFound);
  return { id: g.id, ...guideInput(g), ...lifecycle(g, await peopleOf(db, [g])) };
}

export async function saveGuide({ db, dicts, events }: ContentDeps, ctx: SignedInCtx, id: number | null, input: GuideInput): Promise<{ id: number }> {
  const me = ctx.actor.accountId;
  const all = await dicts.all();
  return db.transaction(async (tx) => {
    const values = await checkGuide(tx, all, input);
    if (id === null) {
      const [created] = await tx.insert(guides).values({ ...values, status: 'draft', createdBy: me, updatedBy: me }).returning({ id: guides.id });
      await start(tx, ctx, CONTENT_FLOW, { kind: 'guide', id: created!.id }, 'create');
      await audit(tx, ctx, CONTENT_AUDIT.guide.created, { id: created!.id, title: values.title });
      return created!;
    }
    const [before] = await tx.select().from(guides).where(eq(guides.id, id)).for('update');
    if (!before) throw notFound(POLICY_CONSOLE_MSG.guideNotFound);
    // A published guide stays on the portal: it may move only to a policy that is published too.
    if (before.status === 'published' && values.policyId !== before.policyId) {
      const [policy] = await tx.select({ status: policies.status }).from(policies).where(eq(policies.id, values.policyId)).for('share');
      if (policy?.status !== 'published') throw badRequest(POLICY_CONSOLE_MSG.policyNotPublished);
    }
    await tx.update(guides).set({ ...values, updatedBy: me, updatedAt: new Date() }).where(eq(guides.id, id));
    await audit(tx, ctx, CONTENT_AUDIT.guide.updated, { id, ...changes(guideInput(before), input) });
    await events.emit(tx, 'policy.revised', { policyIds: [...new Set([before.policyId, values.policyId])] });
    return { id };
  });
}

// ---- topics ------------------------------------------------------------------------------------------

const topicMemberCount = sql<number>`(select count(*) from topic_guides tg where tg.topic_id = "topics"."id")`.mapWith(Number);

export async function topicPage({ db }: PolicyDeps, query: ContentPageQuery): Promise<PageOf<ConsoleTopicRow>> {
  const where = and(keywordMatch(query.keyword, topics.title), query.status ? eq(topics.status, query.status) : undefined);
  const page = await paginate(query, {
    rows: ({ limit, offset }) =>
      db.select({ topic: topics, memberCount: topicMemberCount, total: totalOver() }).from(topics).where(where).orderBy(desc(topics.updatedAt), desc(topics.id)).limit(limit).offset(offset),
    map: (r) => r,
  });
  const people = await peopleOf(db, page.list.map((r) => r.topic));
  return {
    ...page,
    list: page.list.map(({ topic: t, memberCount }) => ({
      id: t.id,
      title: t.title,
      cover: t.cover,
      startsAt: t.startsAt.toISOString(),
      endsAt: t.endsAt?.toISOString() ?? null,
      sort: t.sort,
      memberCount,
      ...lifecycle(t, people),
    })),
  };
}

async function topicMembers(db: DbOrTx, id: number) {
  return db
    .select({ id: guides.id, title: guides.title, status: guides.status })
    .from(topicGuides)
    .innerJoin(guides, eq(guides.id, topicGuides.guideId))
    .where(eq(topicGuides.topicId, id))
    .orderBy(topicGuides.position);
}

export async function topicForEdit(db: Db, id: number): Promise<ConsoleTopic> {
  const [t] = await db.select().from(topics).where(eq(topics.id, id));
  if (!t) throw notFound(POLICY_CONSOLE_MSG.topicNotFound);
  const members = await topicMembers(db, id);
  return {
    id: t.id,
    title: t.title,
    summary: t.summary,
    cover: t.cover,
    startsAt: t.startsAt.toISOString(),
    endsAt: t.endsAt?.toISOString() ?? null,
    sort: t.sort,
    guideIds: members.map((m) => m.id),
    guides: members.map((m) => ({ ...m, status: m.status as ContentStatus })),
    ...lifecycle(t, await peopleOf(db, [t])),
  };
}

export async function saveTopic({ db }: PolicyDeps, ctx: SignedInCtx, id: number | null, input: TopicInput): Promise<{ id: number }> {
  const startsAt = new Date(input.startsAt);
  const endsAt = input.endsAt === null ? null : new Date(input.endsAt);
  if (endsAt && !(endsAt > startsAt)) throw badRequest(POLICY_CONSOLE_MSG.topicPeriodOrder);
  if (input.cover.startsWith('/') && !new RegExp(UPLOADED_IMAGE_PATTERN).test(input.cover)) throw badRequest('封面须为颜色（如 #1658d8）或上传的图片');
  const me = ctx.actor.accountId;
  const { guideIds, ...fields } = input;
  const values = { ...fields, startsAt, endsAt };
  return db.transaction(async (tx) => {
    if (guideIds.length > 0) {
      const found = await tx.select({ id: guides.id }).from(guides).where(inArray(guides.id, guideIds));
      const missing = guideIds.find((g) => !found.some((f) => f.id === g));
      if (missing !== undefined) throw badRequest(`申报指南 ${missing} 不存在`);
    }
    let topicId: number;
    let before: Record<string, unknown> | null = null;
    if (id === null) {
      const [created] = await tx.insert(topics).values({ ...values, status: 'draft', createdBy: me, updatedBy: me }).returning({ id: topics.id });
      topicId = created!.id;
      await start(tx, ctx, CONTENT_FLOW, { kind: 'topic', id: topicId }, 'create');
    } else {
      const [row] = await tx.select().from(topics).where(eq(topics.id, id)).for('update');
      if (!row) throw notFound(POLICY_CONSOLE_MSG.topicNotFound);
      before = { ...row, guideIds: (await topicMembers(tx, id)).map((m) => m.id) };
      await tx.update(topics).set({ ...values, updatedBy: me, updatedAt: new Date() }).where(eq(topics.id, id));
      await tx.delete(topicGuides).where(eq(topicGuides.topicId, id));
      topicId = id;
    }
    if (guideIds.length > 0) await tx.insert(topicGuides).values(guideIds.map((guideId, position) => ({ topicId, guideId, position })));
    if (before) await audit(tx, ctx, CONTENT_AUDIT.topic.updated, { id: topicId, ...changes(before, { ...input }) });
    else await audit(tx, ctx, CONTENT_AUDIT.topic.created, { id: topicId, title: input.title });
    return { id: topicId };
  });
}

// ---- 工作台 ------------------------------------------------------------------------------------------

const DRAFTS_SHOWN = 10;

/** What waits for staff, and the portal's figures; later services add their queues here. */
export async function workbench(db: Db): Promise<Workbench> {
  const drafts = await db.execute<{ kind: 'policy' | 'guide' | 'topic'; id: number; title: string; updated_at: Date }>(sql`
    (select 'policy' as kind, id, title, updated_at from ${policies} where status = 'draft')
    union all (select 'guide', id, title, updated_at from ${guides} where status = 'draft')
    union all (select 'topic', id, title, updated_at from ${topics} where status = 'draft')
    order by updated_at desc limit ${DRAFTS_SHOWN}`);
  const closing = await db
    .select({ id: guides.id, title: guides.title, windowEnd: guides.windowEnd })
    .from(guides)
    .innerJoin(policies, eq(policies.id, guides.policyId))
    .where(and(eq(guides.status, 'published'), eq(policies.status, 'published'), sql`${guides.windowEnd} > now()`, sql`${guides.windowEnd} <= now() + interval '7 days'`))
    .orderBy(guides.windowEnd)
    .limit(20);
  const [f] = await db.execute<Record<keyof Workbench['figures'], string>>(sql`
    select
      (select count(*) from ${policies} where status = 'published') as "publishedPolicies",
      (select count(*) from ${guides} g join ${policies} p on p.id = g.policy_id where g.status = 'published' and p.status = 'published') as "publishedGuides",
      (select count(*) from ${guides} g join ${policies} p on p.id = g.policy_id
        where g.status = 'published' and p.status = 'published' and g.window_start <= now() and g.window_end > now()) as "openGuides",
      (select count(*) from ${topics} where status = 'published' and starts_at <= now() and (ends_at is null or ends_at > now())) as "activeTopics",
      (select count(*) from ${enterprises} where deleted_at is null) as enterprises,
      (select count(*) from ${enterprises} where deleted_at is null and created_at >= date_trunc('month', now())) as "enterprisesThisMonth",
      (select coalesce(sum(view_count), 0) from ${guides}) as "guideViews"`).then((r) => r.rows);
  return {
    drafts: drafts.rows.map((d) => ({ kind: d.kind, id: d.id, title: d.title, updatedAt: new Date(d.updated_at).toISOString() })),
    closingThisWeek: closing.map((c) => ({ id: c.id, title: c.title, windowEnd: c.windowEnd.toISOString() })),
    figures: Object.fromEntries(Object.entries(f!).map(([k, v]) => [k, Number(v)])) as Workbench['figures'],
  };
}

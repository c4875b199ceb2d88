// The clause index's two halves (docs/qa.md). In PostgreSQL, `qa_passages`: written in the
// transaction of a policy's publish, revision or withdrawal (`reindexPolicy`, called by the policy
// service's events) and, at the start, for every policy whose passages were made from something older
// (`reconcile`: content written without the service). In each node, the ranking (`QaStore`): the
// passages read whole once a trigger says they changed, tokenised with the term dictionary as it is,
// and kept until either changes.
import { and, eq, lt, sql } from 'drizzle-orm';
import { QA_TERM_DICT, type ClausePart, type PassageKind } from '@hqt/contract/qa';
import type { Db, DbOrTx } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import { guides, policies } from '../../db/schema/index';
import { NotifiedCache } from '../../lib/notified-cache';
import type { DictionaryStore } from '../dict/public';
import { passagesOf, QaIndex, type Passage } from './engine';
import { qaFaqs, qaPassages, qaQuestions, qaSources } from './schema';
import { termDictionary, type TermItem } from './terms';

/** What a policy's passages are made from: its status and its and its guides' last writes. */
const versionOf = sql<string>`md5(p.status || p.updated_at::text || coalesce((select string_agg(g.id || g.status || g.updated_at::text, ',' order by g.id) from guides g where g.policy_id = p.id), ''))`;

/** Rows at a time: a statement's parameters stay under PostgreSQL's 65,535. */
const INSERT_CHUNK = 500;

/** Writes a policy's passages anew: none unless it is published, and only its published guides'. */
export async function reindexPolicy(tx: DbOrTx, policyId: number): Promise<void> {
  // The policy's row lock orders two writers of its passages (a start's reconcile on two nodes, a
  // console's save): the second deletes what the first wrote and writes the same again.
  const [policy] = await tx.select().from(policies).where(eq(policies.id, policyId)).for('update');
  await tx.delete(qaPassages).where(eq(qaPassages.policyId, policyId));
  if (!policy) return;
  if (policy.status === 'published') {
    const published = await tx
      .select({
        id: guides.id,
        title: guides.title,
        conditionsText: guides.conditionsText,
        supportStandard: guides.supportStandard,
        materials: guides.materials,
        steps: guides.steps,
        windowStart: guides.windowStart,
        windowEnd: guides.windowEnd,
        payoutDays: guides.payoutDays,
        deptName: guides.deptName,
        deptAddress: guides.deptAddress,
        deptPhone: guides.deptPhone,
      })
      .from(guides)
      .where(and(eq(guides.policyId, policyId), eq(guides.status, 'published')))
      .orderBy(guides.id);
    const rows = passagesOf(policy, published);
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(qaPassages).values(rows.slice(i, i + INSERT_CHUNK));
  }
  const [{ version } = { version: '' }] = await tx.execute<{ version: string }>(sql`select ${versionOf} as version from policies p where p.id = ${policyId}`).then((r) => r.rows);
  await tx.insert(qaSources).values({ policyId, version }).onConflictDoUpdate({ target: qaSources.policyId, set: { version } });
}

/**
 * Indexes again every policy whose passages are older than it (one transaction each); answers how
 * many. The job `qa-reconcile` runs it at each start and nightly (30 s at 100,000 clauses: the
 * server answers meanwhile, from the passages already stored); the demo runs it as it seeds.
 */
export async function reconcile(db: Db): Promise<number> {
  const stale = await db.execute<{ id: number }>(sql`select p.id from policies p left join qa_sources s on s.policy_id = p.id where s.version is distinct from ${versionOf} order by p.id`);
  for (const { id } of stale.rows) await db.transaction((tx) => reindexPolicy(tx, id));
  return stale.rows.length;
}

/** Deletes the questions asked more than `days` days before `now` (their text may hold the asker's figures); answers how many. */
export async function forgetQuestions(db: Db, days: number, now = new Date()): Promise<number> {
  const gone = await db.delete(qaQuestions).where(lt(qaQuestions.askedAt, new Date(now.getTime() - days * 86_400_000))).returning({ id: qaQuestions.id });
  return gone.length;
}

export function declareQaJobs(jobs: Jobs, db: Db, questionRetentionDays: number): void {
  jobs.queue({
    name: 'qa-reconcile',
    settings: { retryLimit: 3, retryDelay: 60, expireInSeconds: 3600, deleteAfterSeconds: 7 * 24 * 3600 },
    run: () => reconcile(db),
    schedule: '40 18 * * *',
    atStart: true,
  });
  jobs.queue({
    name: 'qa-forget-questions',
    settings: { retryLimit: 3, retryDelay: 300, expireInSeconds: 600, deleteAfterSeconds: 7 * 24 * 3600 },
    run: () => forgetQuestions(db, questionRetentionDays),
    schedule: '50 18 * * *',
  });
}

/** A build that takes less than this is awaited by the question that needs it; a longer one runs behind the index it replaces. */
const AWAIT_BUILD_MS = 1000;

/**
 * What the passages are, cheaply: every reindex deletes and inserts rows (new ids), a 常见问题's
 * edit moves its updated_at, a withdrawal drops its passages and hides its 常见问题 — each moves this.
 */
const passagesVersion = sql<string>`select (select count(*) || ':' || coalesce(max(id), 0) from ${qaPassages}) || '|' ||
  (select count(*) || ':' || coalesce(max(f.updated_at)::text, '') from ${qaFaqs} f join ${policies} p on p.id = f.policy_id where p.status = 'published') as version`;

export class QaStore {
  // The node holds the passages' version, dropped when the trigger says they changed; while the
  // listener is down each question asks the version again (one cheap statement), and the passages
  // are read whole and tokenised again only when it or the term dictionary's content moved (the
  // dictionary is compared by its terms, not its copy: a store not listening hands out a new copy
  // each time). One build at a time: a question during one waits for it or keeps the ranking it
  // replaces (below); what it built may be a change behind, and the next question builds again.
  private readonly version: NotifiedCache<string>;
  private built: { version: string; terms: string; index: QaIndex; ms: number } | null = null;
  private building: Promise<QaIndex> | null = null;

  constructor(
    private readonly db: Db,
    connectionString: string,
    private readonly dicts: DictionaryStore,
    onError: (err: Error) => void,
  ) {
    this.version = new NotifiedCache<string>({
      connectionString,
      channel: 'hqt_qa_changed',
      onError,
      load: async () => (await db.execute<{ version: string }>(passagesVersion)).rows[0]!.version,
    });
  }

  /** Every passage and published 常见问题, as the ranking reads them. */
  private async passages(): Promise<Passage[]> {
    const [stored, faqs] = await Promise.all([
      this.db.select().from(qaPassages).orderBy(qaPassages.id),
      this.db
        .select({ faq: qaFaqs, policyTitle: policies.title, docNo: policies.docNo, effectiveOn: policies.publishDate, expiresOn: policies.expiryDate })
        .from(qaFaqs)
        .innerJoin(policies, eq(policies.id, qaFaqs.policyId))
        .where(eq(policies.status, 'published'))
        .orderBy(qaFaqs.id),
    ]);
    const passages: Passage[] = stored.map((r) => ({ ...r, kind: r.kind as PassageKind, part: r.part as ClausePart | null }));
    // A 常见问题 links to the clause it rests on, when its policy's text prints that label.
    const blockOf = new Map(passages.filter((p) => p.part === 'c').map((p) => [`${p.policyId}:${p.label}`, p.block]));
    return [
      ...passages,
      ...faqs.map(({ faq, ...policy }): Passage => {
        const block = blockOf.get(`${faq.policyId}:${faq.clause}`) ?? null;
        return { ...policy, policyId: faq.policyId, guideId: null, kind: 'faq', part: block === null ? null : 'c', block, path: ['常见问题'], label: faq.question, text: faq.answer, variants: faq.variants, basis: faq.clause };
      }),
    ];
  }

  start = () => this.version.start();
  stop = () => this.version.stop();
  /** Resolves once every change committed before the call has been heard (tests, the console's writes). */
  heard = () => this.version.heard();

  /** The ranking over the passages and the dictionary as they are now (or, while a long build runs, as they were). */
  async index(): Promise<QaIndex> {
    const [version, dicts] = await Promise.all([this.version.get(), this.dicts.all()]);
    const items = [...(dicts.get(QA_TERM_DICT)?.values() ?? [])].filter((i) => !i.disabled).map(({ label, extra }) => ({ label, extra }));
    const terms = JSON.stringify(items);
    const built = this.built;
    if (built && built.version === version && built.terms === terms) return built.index;
    this.building ??= this.build(version, terms, items).finally(() => (this.building = null));
    if (built && built.ms >= AWAIT_BUILD_MS) return built.index;
    return this.building;
  }

  private async build(version: string, terms: string, items: TermItem[]): Promise<QaIndex> {
    const started = performance.now();
    const index = await QaIndex.build(await this.passages(), termDictionary(items));
    this.built = { version, terms, index, ms: performance.now() - started };
    return index;
  }
}

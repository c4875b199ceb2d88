// The calculator's rules, compiled once per node: every published guide of a published policy whose
// window has not closed, parsed into what the engine reads. A trigger on guides and policies
// notifies `hqt_guides_changed` and every node drops its copy (lib/notified-cache.ts), so an
// evaluation never queries per guide and never reads a rule older than the notification's trip.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { windowOf, type RuleGuide } from '@hqt/contract/calculator-engine';
import type { Db } from '../../db/client';
import { guides, policies } from '../../db/schema/index';
import { NotifiedCache } from '../../lib/notified-cache';

export const ruleGuideColumns = {
  id: guides.id,
  title: guides.title,
  supportType: guides.supportType,
  mode: guides.mode,
  windowStart: guides.windowStart,
  windowEnd: guides.windowEnd,
  eligibility: guides.eligibility,
  amountRule: guides.amountRule,
  updatedAt: guides.updatedAt,
};

type RuleGuideRow = { [K in keyof typeof ruleGuideColumns]: (typeof ruleGuideColumns)[K]['_']['data'] };

export const toRuleGuide = (r: RuleGuideRow): RuleGuide => ({
  id: r.id,
  title: r.title,
  supportType: r.supportType,
  mode: r.mode,
  windowStart: r.windowStart.toISOString(),
  windowEnd: r.windowEnd.toISOString(),
  eligibility: r.eligibility,
  amountRule: r.amountRule,
  version: r.updatedAt.toISOString(),
});

export interface RulebookAnswer {
  etag: string;
  plain: Buffer;
  gzip: Buffer;
}

/** The guides open in [from, until): no window opens or closes in between. */
export interface OpenGuides {
  id: number;
  from: number;
  until: number;
  guides: RuleGuide[];
}

export class Rulebook {
  private readonly cache: NotifiedCache<RuleGuide[]>;

  constructor(db: Db, connectionString: string, onError: (err: Error) => void) {
    this.cache = new NotifiedCache({
      connectionString,
      channel: 'hqt_guides_changed',
      onError,
      load: async () =>
        (
          await db
            .select(ruleGuideColumns)
            .from(guides)
            .innerJoin(policies, eq(policies.id, guides.policyId))
            .where(and(eq(guides.status, 'published'), eq(policies.status, 'published'), gt(guides.windowEnd, sql`now()`)))
            .orderBy(desc(guides.publishedAt), desc(guides.id))
        ).map(toRuleGuide),
    });
  }

  private readonly answers = new WeakMap<RuleGuide[], RulebookAnswer>();
  /** Per copy of the rules: the open list without and with the upcoming guides. */
  private readonly openLists = new WeakMap<RuleGuide[], [OpenGuides | null, OpenGuides | null]>();
  private listSeq = 0;

  start = () => this.cache.start();
  stop = () => this.cache.stop();

  /**
   * The `getrulebook` answer: every guide not closed when the rules were loaded. The same for every
   * enterprise, so it is serialised and compressed once per change of the rules, not per request,
   * and named by its content (the same ETag on every node).
   */
  async answer(): Promise<RulebookAnswer> {
    const all = await this.cache.get();
    let answer = this.answers.get(all);
    if (!answer) {
      const plain = Buffer.from(JSON.stringify({ code: 200, msg: 'success', data: { guides: all } }));
      answer = { etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`, plain, gzip: gzipSync(plain) };
      this.answers.set(all, answer);
    }
    return answer;
  }

  /**
   * The guides open at `at` (and those not open yet, on request), newest first. The list is the same
   * array, under the same `id`, until the rules change or a window opens or closes: the id is the
   * rules' version an assessment is kept under (assessments.ts).
   */
  async open(at: Date, includeUpcoming = false): Promise<OpenGuides> {
    const all = await this.cache.get();
    const t = at.getTime();
    const held = this.openLists.get(all)?.[includeUpcoming ? 1 : 0];
    if (held && held.from <= t && t < held.until) return held;
    // The instants around `t` at which some guide's window opens or closes.
    let from = -Infinity;
    let until = Infinity;
    for (const g of all) {
      for (const b of [Date.parse(g.windowStart), Date.parse(g.windowEnd)]) {
        if (b <= t) from = Math.max(from, b);
        else until = Math.min(until, b);
      }
    }
    const list: OpenGuides = {
      id: ++this.listSeq,
      from,
      until,
      guides: all.filter((g) => {
        const w = windowOf(g, at);
        return w === 'open' || (includeUpcoming && w === 'upcoming');
      }),
    };
    const pair = this.openLists.get(all) ?? [null, null];
    pair[includeUpcoming ? 1 : 0] = list;
    this.openLists.set(all, pair);
    return list;
  }

  async guides(at: Date, includeUpcoming = false): Promise<RuleGuide[]> {
    return (await this.open(at, includeUpcoming)).guides;
  }
}

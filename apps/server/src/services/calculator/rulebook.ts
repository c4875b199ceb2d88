// The calculator's rules, compiled once per node: every published guide of a published policy whose
// window has not closed, parsed into what the engine reads. A trigger on guides and policies
// notifies `hqt_guides_changed` and every node drops its copy (lib/notified-cache.ts), so an
// evaluation never queries per guide and never reads a rule older than the notification's trip.
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

  private readonly serialized = new WeakMap<RuleGuide[], string>();

  start = () => this.cache.start();
  stop = () => this.cache.stop();

  /** Every guide not closed when the rules were loaded, as JSON: serialised once per load, not per request. */
  async json(): Promise<string> {
    const all = await this.cache.get();
    let text = this.serialized.get(all);
    if (text === undefined) this.serialized.set(all, (text = JSON.stringify(all)));
    return text;
  }

  /** The guides open at `at` (and those not open yet, on request), newest first. */
  async guides(at: Date, includeUpcoming = false): Promise<RuleGuide[]> {
    return (await this.cache.get()).filter((g) => {
      const w = windowOf(g, at);
      return w === 'open' || (includeUpcoming && w === 'upcoming');
    });
  }
}

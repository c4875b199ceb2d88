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

  /** The guides open at `at` (and those not open yet, on request), newest first. */
  async guides(at: Date, includeUpcoming = false): Promise<RuleGuide[]> {
    return (await this.cache.get()).filter((g) => {
      const w = windowOf(g, at);
      return w === 'open' || (includeUpcoming && w === 'upcoming');
    });
  }
}

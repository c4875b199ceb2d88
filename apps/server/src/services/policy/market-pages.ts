// The market's pages (the portal's first page, its filters and sorts, its searches) are the same for
// every visitor: each node keeps them, for the minute they were read in, until a guide or its
// policy changes — the trigger behind `hqt_guides_changed` tells every node (lib/notified-cache.ts),
// and the console's content writes answer only once their own node has heard it, so the person who
// published sees the market change on their next request. The minute bounds what time alone
// changes: a window opening or closing (申报中, openNow), the view counts of 最热, a dictionary
// label. Searches vary without bound, so the pages kept are the ones used last: a stream of new
// keywords pushes out the old, never the pages in use. A keyword search was a busy portal's
// costliest statement (5 ms of PostgreSQL's time each in bench/mixed-load.ts), and a few keywords
// (the home page's, 研发) are most of them.
import fp from 'fastify-plugin';
import type { PageOf } from '@hqt/contract/envelope';
import { GuidePageQuery, type GuideSummary } from '@hqt/contract/policy';
import { Lru } from '../../lib/lru';
import { NotifiedCache } from '../../lib/notified-cache';

/** Pages kept at most, the ones used last (a page is a few kB). */
export const MAX_PAGES = 500;
/**
 * The page's key is read from the declared fields only: the validator keeps unknown ones, which
 * would split the pages kept and, nested 10,000 deep, overflowed JSON.stringify's stack (a 500).
 */
const KEY_FIELDS = Object.keys(GuidePageQuery.properties).sort() as (keyof GuidePageQuery)[];

export class MarketPages {
  private readonly cache: NotifiedCache<Lru<string, Promise<PageOf<GuideSummary>>>>;

  constructor(connectionString: string, onError: (err: Error) => void) {
    this.cache = new NotifiedCache({ connectionString, channel: 'hqt_guides_changed', onError, load: () => Promise.resolve(new Lru(MAX_PAGES)) });
  }

  start = () => this.cache.start();
  stop = () => this.cache.stop();
  /** Resolves once this node has heard every change committed before the call. */
  heard = () => this.cache.heard();

  /** The page as `read` answers it, kept (while the listener is down, nothing is kept). */
  async page(query: GuidePageQuery, read: () => Promise<PageOf<GuideSummary>>): Promise<PageOf<GuideSummary>> {
    const kept = await this.cache.get();
    const fields = KEY_FIELDS.map((field) => (field === 'keyword' ? query.keyword?.trim() || null : (query[field] ?? null)));
    const key = `${Math.floor(Date.now() / 60_000)}|${JSON.stringify(fields)}`;
    const found = kept.get(key);
    if (found) return found;
    const answer = read();
    kept.set(key, answer);
    // A failed read is not kept.
    answer.catch(() => {
      if (kept.peek(key) === answer) kept.delete(key);
    });
    return answer;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    marketPages: MarketPages;
  }
}

export default fp<{ connectionString: string }>(
  async (app, opts) => {
    const pages = new MarketPages(opts.connectionString, (err) => app.log.warn({ err }, 'market pages listener lost; reconnecting'));
    await pages.start();
    app.decorate('marketPages', pages);
    app.addHook('onClose', () => pages.stop());
  },
  { name: 'market-pages', dependencies: ['db'] },
);

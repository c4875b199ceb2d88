// Rate limits that matter (login, refresh, captcha, registration) are counted in PostgreSQL: N
// nodes do not allow N times the limit and a restart does not reset them. A route names its
// budget (`config: { rateBudget: 'auth' }`); every route naming the same budget draws on one count
// per client address and window.
import type { onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { OWN_MSG } from '@hqt/contract/messages';
import { AppError } from '../lib/errors';

export interface Budget {
  /** Requests per address and window. */
  max: number;
  windowS: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateBudget?: string;
  }
}

/** Old windows are swept now and then, beside the requests (never holding one up): no timer, no job. */
const SWEEP_EVERY = 200;

export default fp<{ budgets: Record<string, Budget> }>(
  async (app, opts) => {
    let sinceSweep = 0;
    const hookFor = (name: string, budget: Budget): onRequestAsyncHookHandler =>
      async function rateLimit(request, reply) {
        const key = `${name}:${request.ip}`;
        const { rows } = await app.db.execute<{ hits: number; reset_s: number }>(sql`
          insert into rate_limit_hits as r (bucket, window_start, hits)
          values (${key}, to_timestamp(floor(extract(epoch from now()) / ${budget.windowS}) * ${budget.windowS}), 1)
          on conflict (bucket, window_start) do update set hits = r.hits + 1
          returning hits, ceil(extract(epoch from r.window_start) + ${budget.windowS} - extract(epoch from now()))::int as reset_s`);
        if (++sinceSweep >= SWEEP_EVERY) {
          sinceSweep = 0;
          app.db
            .execute(sql`delete from rate_limit_hits where window_start < now() - interval '1 hour'`)
            .catch((err: unknown) => app.log.warn({ err }, 'rate-limit sweep failed'));
        }
        const { hits, reset_s: resetS } = rows[0]!;
        reply.header('x-ratelimit-limit', budget.max).header('x-ratelimit-remaining', Math.max(0, budget.max - hits));
        if (hits > budget.max) {
          reply.header('retry-after', Math.max(1, resetS));
          throw new AppError(429, OWN_MSG.tooManyRequests);
        }
      };
    const hooks = new Map(Object.entries(opts.budgets).map(([name, budget]) => [name, hookFor(name, budget)]));

    app.addHook('onRoute', (route) => {
      const name = route.config?.rateBudget;
      if (!name) return;
      const hook = hooks.get(name);
      if (!hook) throw new Error(`${route.url}: unknown rate-limit budget "${name}"`);
      route.onRequest = [hook, ...[route.onRequest ?? []].flat()];
    });
  },
  { name: 'rate-limit', dependencies: ['db'] },
);

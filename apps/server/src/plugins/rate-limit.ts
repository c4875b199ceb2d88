// Rate limits that matter are counted in PostgreSQL: N nodes do not allow N times the limit and a
// restart does not reset them (docs/rate-limits.md). A budget counts per client address (the login
// endpoints, 企业码) or per signed-in account (filing appeals, asking for visits). A route names its
// budgets (`config: { rateBudget: 'auth' }`, or several); every route naming the same budget draws on
// one count per address or account and window. Each service declares its budgets from its own
// settings (`app.rateLimits.declare`, before its routes name them), and spends one itself where only
// it knows what to count: a changed phone or e-mail, a reset mail in its job.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { OWN_MSG } from '@hqt/contract/messages';
import type { DbOrTx } from '../db/client';
import { AppError } from '../lib/errors';

export interface Budget {
  /** Requests per address (or account) and window. */
  max: number;
  windowS: number;
  /**
   * Whose count: the client's address (default; counted before the login is checked), or the
   * signed-in account (counted after the guard and the schema: only a request that would be done).
   */
  per?: 'address' | 'account';
  /** The 429's Chinese message (default 操作过于频繁，请稍后再试). */
  message?: string;
}

export interface RateLimits {
  /** Declares a budget, before any route names it (a service's plugin, from its settings). */
  declare(name: string, budget: Budget): void;
  /**
   * Spends one of `budget` for `key` (an address, an account id); past the budget throws its 429,
   * with Retry-After when a reply is given.
   */
  spend(db: DbOrTx, budget: string, key: string | number, reply?: FastifyReply): Promise<void>;
  /** Spends one and answers whether it was within the budget, for work that must not tell (a job). */
  take(db: DbOrTx, budget: string, key: string | number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateBudget?: string | readonly string[];
  }
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

/** Old windows are swept now and then, beside the requests (never holding one up): no timer, no job. */
const SWEEP_EVERY = 200;

export default fp(
  async (app) => {
    const budgets = new Map<string, Budget>();
    // A window is of no use once it has ended: the longest budget's window decides what is old.
    const keepS = () => Math.max(3600, ...[...budgets.values()].map((b) => b.windowS));
    let sinceSweep = 0;

    const budgetOf = (name: string): Budget => {
      const budget = budgets.get(name);
      if (!budget) throw new Error(`unknown rate-limit budget "${name}"`);
      return budget;
    };

    /** One atomic upsert: the hits of this window so far (this one included) and the seconds left. */
    async function hit(db: DbOrTx, name: string, key: string | number) {
      const budget = budgetOf(name);
      const bucket = `${name}:${key}`;
      const { rows } = await db.execute<{ hits: number; reset_s: number }>(sql`
        insert into rate_limit_hits as r (bucket, window_start, hits)
        values (${bucket}, to_timestamp(floor(extract(epoch from now()) / ${budget.windowS}) * ${budget.windowS}), 1)
        on conflict (bucket, window_start) do update set hits = r.hits + 1
        returning hits, ceil(extract(epoch from r.window_start) + ${budget.windowS} - extract(epoch from now()))::int as reset_s`);
      if (++sinceSweep >= SWEEP_EVERY) {
        sinceSweep = 0;
        app.db
          .execute(sql`delete from rate_limit_hits where window_start < now() - make_interval(secs => ${keepS()})`)
          .catch((err: unknown) => app.log.warn({ err }, 'rate-limit sweep failed'));
      }
      const { hits, reset_s: resetS } = rows[0]!;
      return { budget, hits, resetS };
    }

    const rateLimits: RateLimits = {
      declare(name, budget) {
        if (budgets.has(name)) throw new Error(`rate-limit budget "${name}" declared twice`);
        budgets.set(name, budget);
      },
      async spend(db, name, key, reply) {
        const { budget, hits, resetS } = await hit(db, name, key);
        reply?.header('x-ratelimit-limit', budget.max).header('x-ratelimit-remaining', Math.max(0, budget.max - hits));
        if (hits > budget.max) {
          reply?.header('retry-after', Math.max(1, resetS));
          throw new AppError(429, budget.message ?? OWN_MSG.tooManyRequests);
        }
      },
      async take(db, name, key) {
        const { budget, hits } = await hit(db, name, key);
        return hits <= budget.max;
      },
    };
    app.decorate('rateLimits', rateLimits);

    const byAddress = (name: string) =>
      async function rateLimit(request: FastifyRequest, reply: FastifyReply) {
        await rateLimits.spend(app.db, name, request.ip, reply);
      };
    const byAccount = (name: string) =>
      async function accountRateLimit(request: FastifyRequest, reply: FastifyReply) {
        // The guard ran first (onRequest): a route for signed-in accounts always has its actor here.
        const accountId = request.ctx.actor?.accountId;
        if (accountId === undefined) throw new AppError(401, OWN_MSG.notLoggedIn);
        await rateLimits.spend(app.db, name, accountId, reply);
      };

    app.addHook('onRoute', (route) => {
      const names = [route.config?.rateBudget ?? []].flat();
      for (const name of names) {
        const budget = budgets.get(name);
        if (!budget) throw new Error(`${route.url}: unknown rate-limit budget "${name}"`);
        if (budget.per === 'account') {
          if (route.config?.access === 'public') throw new Error(`${route.url}: the per-account budget "${name}" needs a signed-in route`);
          route.preHandler = [...[route.preHandler ?? []].flat(), byAccount(name)];
        } else {
          route.onRequest = [byAddress(name), ...[route.onRequest ?? []].flat()];
        }
      }
    });
  },
  { name: 'rate-limit', dependencies: ['db'] },
);

// `app.clock` (lib/clock.ts). With `testClock` (TEST_CLOCK=true, refused when NODE_ENV=production)
// the browser tests move it through PUT /api/test/clock; without, that route does not exist.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { Envelope } from '@hqt/contract/envelope';
import { TEST_CLOCK_PATH } from '@hqt/contract/test-clock';
import { Clock } from '../lib/clock';
import { ok } from '../lib/envelope';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

/** A year either way: far enough for any window of the product's, near enough to stay in the calendar's years. */
const MAX_OFFSET_MS = 366 * 86_400_000;

const clockPlugin: FastifyPluginAsyncTypebox<{ testClock: boolean }> = async (app, opts) => {
  app.decorate('clock', new Clock());
  if (!opts.testClock) return;
  app.put(
    TEST_CLOCK_PATH,
    {
      schema: {
        tags: ['测试'],
        summary: '测试时钟：把服务器的“现在”移到墙上时间之后（或之前）offsetMs 毫秒（仅 TEST_CLOCK）',
        body: Type.Object({ offsetMs: Type.Integer({ minimum: -MAX_OFFSET_MS, maximum: MAX_OFFSET_MS }) }, { additionalProperties: false }),
        response: { 200: Envelope(Type.Object({ now: Type.String() })) },
      },
      config: { access: 'public' },
    },
    async (request) => {
      app.clock.travel(request.body.offsetMs);
      await app.clock.caughtUp();
      return ok({ now: app.clock.now().toISOString() });
    },
  );
};

export default fp(clockPlugin, { name: 'clock' });

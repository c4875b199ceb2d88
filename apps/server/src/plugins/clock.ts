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
        summary: '测试时钟：把服务器的“现在”移到墙上时间之后（或之前）offsetMs 毫秒，runTimersOf 时随即执行该类事项到期的流程定时步骤（仅 TEST_CLOCK）',
        body: Type.Object({ offsetMs: Type.Integer({ minimum: -MAX_OFFSET_MS, maximum: MAX_OFFSET_MS }), runTimersOf: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })) }, { additionalProperties: false }),
        response: { 200: Envelope(Type.Object({ now: Type.String() })) },
      },
      config: { access: 'public' },
    },
    async (request) => {
      app.clock.travel(request.body.offsetMs);
      // Asked for (a 公示 brought to its end): that flow's timers then run at the moved time before the answer.
      if (request.body.runTimersOf) await app.clock.caughtUp(request.body.runTimersOf);
      return ok({ now: app.clock.now().toISOString() });
    },
  );
};

export default fp(clockPlugin, { name: 'clock' });

// One job for every flow's timers (lib/flow-timers.ts): hourly, and at each start for what came due
// while no node ran. Services register their timed flows while they register (`app.flowTimers`).
import fp from 'fastify-plugin';
import { FlowTimers } from '../lib/flow-timers';

declare module 'fastify' {
  interface FastifyInstance {
    flowTimers: FlowTimers;
  }
}

export default fp(
  async (app) => {
    const timers = new FlowTimers();
    app.decorate('flowTimers', timers);
    // A test that moves the clock past a 公示's end (runTimersOf: 'publicity') finds its timer taken when the move answers.
    app.clock.onTravel((kind) => timers.run(app.db, app.calendar, app.clock.now(), kind));
    app.jobs.queue({
      name: 'workflow-timers',
      settings: { retryLimit: 3, retryDelay: 60, expireInSeconds: 900, deleteAfterSeconds: 7 * 24 * 3600 },
      run: async () => ({ taken: await timers.run(app.db, app.calendar, app.clock.now()) }),
      schedule: '0 * * * *',
      atStart: true,
    });
  },
  { name: 'flow-timers', dependencies: ['db', 'clock', 'jobs'] },
);

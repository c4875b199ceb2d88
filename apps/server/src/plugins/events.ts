import fp from 'fastify-plugin';
import { Events } from '../lib/events';

declare module 'fastify' {
  interface FastifyInstance {
    /** Domain events (lib/events.ts): services listen at registration and emit inside transactions. */
    events: Events;
  }
}

export default fp(
  async (app) => {
    app.decorate('events', new Events());
  },
  { name: 'events' },
);

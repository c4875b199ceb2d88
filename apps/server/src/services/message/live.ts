// Each node hears every committed notice (notify.ts NOTIFYs it in the writer's transaction) and
// tells the browsers connected to it through the hub. While the listener is down a notice may go
// untold; the browser's inbox and badge still have it (they are read again on every reconnection
// and every few minutes).
import type { FastifyInstance } from 'fastify';
import { HUB_NOTICE_EVENT } from '@hqt/contract/inbox';
import { NotifiedCache } from '../../lib/notified-cache';
import { MESSAGES_CHANNEL, type NotifyPayload } from './notify';

/** `drainMail`: called when a heard notice left rows in the mail outbox. */
export function listenForNotices(app: FastifyInstance, connectionString: string, drainMail: () => void) {
  // Nothing is cached: the listener (with its reconnects and heartbeat) is what is used here.
  const listener = new NotifiedCache<null>({
    connectionString,
    channel: MESSAGES_CHANNEL,
    load: () => Promise.resolve(null),
    onError: (err) => app.log.warn({ err }, 'message listener lost; reconnecting'),
    notified: (payload) => {
      try {
        const { accountIds, notice, mail } = JSON.parse(payload) as NotifyPayload;
        app.hub.emitLocal(accountIds, HUB_NOTICE_EVENT, notice);
        if (mail) drainMail();
      } catch (err) {
        app.log.warn({ err }, 'unreadable message notification');
      }
    },
  });
  return listener;
}

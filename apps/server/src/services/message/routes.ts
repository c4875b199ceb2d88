// The message centre's calls (INBOX_PATHS): every signed-in account's own inbox, portal and console
// alike, and the listener that tells browsers of new messages.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { Envelope, Page } from '@hqt/contract/envelope';
import { INBOX_MSG, INBOX_PATHS, InboxMessage, InboxPageQuery, MessageIdParams, UnreadCount } from '@hqt/contract/inbox';
import { ok } from '../../lib/envelope';
import { signedIn } from '../../lib/ctx';
import { messagePage, readAllMessages, readMessage, unreadCount } from './inbox';
import { listenForNotices } from './live';

const routes: FastifyPluginAsyncTypebox<{ connectionString: string }> = async (app, opts) => {
  const listener = listenForNotices(app, opts.connectionString);
  await listener.start();
  app.addHook('onClose', () => listener.stop());

  const tags = ['消息中心'];
  const config = { access: 'account' } as const;
  app.post(INBOX_PATHS.page, { schema: { tags, summary: '我的消息（未读在前）', body: InboxPageQuery, response: { 200: Envelope(Page(InboxMessage)) } }, config }, async (request) =>
    ok(await messagePage(app.db, signedIn(request), request.body)),
  );
  app.get(INBOX_PATHS.unreadCount, { schema: { tags, summary: '未读消息数', response: { 200: Envelope(UnreadCount) } }, config }, async (request) =>
    ok({ unread: await unreadCount(app.db, signedIn(request)) }),
  );
  app.post(INBOX_PATHS.read, { schema: { tags, summary: '标为已读', params: MessageIdParams, response: { 200: Envelope(InboxMessage) } }, config }, async (request) =>
    ok(await readMessage(app.db, signedIn(request), request.params.id)),
  );
  app.post(INBOX_PATHS.readAll, { schema: { tags, summary: '全部标为已读', response: { 200: Envelope(Type.Object({ updated: Type.Integer() })) } }, config }, async (request) =>
    ok({ updated: await readAllMessages(app.db, signedIn(request)) }, INBOX_MSG.allRead),
  );
};

export default fp(routes, { name: 'message', dependencies: ['db', 'auth', 'hub'] });

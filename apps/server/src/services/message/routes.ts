// The message centre's calls (INBOX_PATHS): every signed-in account's own inbox and its e-mail
// choices, portal and console alike; the listener that tells browsers of new messages; the job that
// mails the notices people chose to receive by e-mail.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { Envelope, Page } from '@hqt/contract/envelope';
import { INBOX_MSG, INBOX_PATHS, InboxMessage, InboxPageQuery, MailPrefs, MailPrefsBody, MessageIdParams, UnreadCount } from '@hqt/contract/inbox';
import { ok } from '../../lib/envelope';
import { signedIn } from '../../lib/ctx';
import { messagePage, readAllMessages, readMessage, unreadCount } from './inbox';
import { listenForNotices } from './live';
import { drainMailOutbox, mailPrefs, saveMailPrefs } from './mail';

const routes: FastifyPluginAsyncTypebox<{ connectionString: string }> = async (app, opts) => {
  const drain = () => drainMailOutbox(app.db, app.mail);
  // Every minute, whatever a node heard: a notice whose NOTIFY was missed is mailed all the same.
  app.jobs.queue({ name: 'message-mail', settings: { retryLimit: 3, retryDelay: 10, expireInSeconds: 300, deleteAfterSeconds: 24 * 3600 }, run: drain, schedule: '* * * * *' });
  const listener = listenForNotices(app, opts.connectionString, () => void drain().catch((err: Error) => app.log.warn({ err }, 'mailing notices failed; the next minute tries again')));
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
  app.get(INBOX_PATHS.mailPrefs, { schema: { tags, summary: '邮件提醒设置', response: { 200: Envelope(MailPrefs) } }, config }, async (request) =>
    ok(await mailPrefs(app.db, app.mail, signedIn(request))),
  );
  app.post(INBOX_PATHS.saveMailPrefs, { schema: { tags, summary: '保存邮件提醒设置', body: MailPrefsBody, response: { 200: Envelope(MailPrefs) } }, config }, async (request) =>
    ok(await saveMailPrefs(app.db, app.mail, signedIn(request), request.body), INBOX_MSG.mailPrefsSaved),
  );
};

export default fp(routes, { name: 'message', dependencies: ['db', 'auth', 'hub', 'jobs', 'mail'] });

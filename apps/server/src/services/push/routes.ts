// 政策推送's calls (PUSH_PATHS) and its jobs. It listens to a guide's publishing (the workflow step
// `guide.publish`, in the policy console's transaction); its messages go to the message centre.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { ConsoleIdParams } from '@hqt/contract/console';
import { GuidePush, PUSH_CONSOLE_PATHS, PushRecipientPageQuery, PushRecipientRow } from '@hqt/contract/push-console';
import { Envelope, Page } from '@hqt/contract/envelope';
import { IdParams } from '@hqt/contract/policy';
import { PUSH_MSG, PUSH_PATHS, Subscription, SubscriptionBody, SubscriptionPageQuery } from '@hqt/contract/push';
import { pushSubscriptions } from '../../db/schema/index';
import { ok } from '../../lib/envelope';
import { codesIn } from '../dict/public';
import { signedIn } from '../../lib/ctx';
import { guidePush, guidePushRecipients } from './console';
import { declarePushJobs, type PushJobs } from './jobs';
import { cancelSubscription, saveSubscription, subscriptionPage } from './subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    push: PushJobs;
  }
}

const routes: FastifyPluginAsyncTypebox<{ batchSize: number }> = async (app, opts) => {
  app.decorate('push', declarePushJobs(app.jobs, app.db, { db: app.db, facts: app.enterpriseFacts, batchSize: opts.batchSize }));
  app.events.onStep('guide', ['publish'], (tx, published) => app.push.guidePublished(tx, published.id));

  // A subscription that follows a code: deleting the code would leave it following nothing, unlabelled.
  for (const kind of ['supportType', 'industry', 'department'] as const) {
    app.dicts.usedBy(kind, codesIn('subscription', pushSubscriptions, pushSubscriptions.id, pushSubscriptions.value, eq(pushSubscriptions.kind, kind)));
  }

  const tags = ['政策推送'];
  const config = { access: 'enterprise' } as const;

  app.post(PUSH_PATHS.saveSubscription, { schema: { tags, summary: '订阅', body: SubscriptionBody, response: { 200: Envelope(Subscription) } }, config }, async (request) =>
    ok(await saveSubscription({ db: app.db, dicts: app.dicts }, signedIn(request), request.body), PUSH_MSG.subscribed),
  );
  app.post(PUSH_PATHS.subscriptionPage, { schema: { tags, summary: '我的订阅', body: SubscriptionPageQuery, response: { 200: Envelope(Page(Subscription)) } }, config }, async (request) =>
    ok(await subscriptionPage(app.db, signedIn(request), request.body)),
  );
  app.get(PUSH_PATHS.cancelSubscription, { schema: { tags, summary: '取消订阅', params: IdParams, response: { 200: Envelope(Type.Null()) } }, config }, async (request) => {
    await cancelSubscription(app.db, signedIn(request), request.params.id);
    return ok(null, PUSH_MSG.cancelled);
  });

  // The console: what each event of a guide reached (工作人员 and 管理员).
  const consoleTags = ['控制台：政策推送'];
  const staffOnly = { access: 'staff' } as const;
  app.get(PUSH_CONSOLE_PATHS.guidePush, { schema: { tags: consoleTags, summary: '申报指南的推送结果', params: ConsoleIdParams, response: { 200: Envelope(GuidePush) } }, config: staffOnly }, async (request) =>
    ok(await guidePush(app.db, request.params.id)),
  );
  app.post(
    PUSH_CONSOLE_PATHS.guidePushRecipients,
    { schema: { tags: consoleTags, summary: '推送对象及阅读情况', params: ConsoleIdParams, body: PushRecipientPageQuery, response: { 200: Envelope(Page(PushRecipientRow)) } }, config: staffOnly },
    async (request) => ok(await guidePushRecipients(app.db, request.params.id, request.body)),
  );
};

export default fp(routes, { name: 'push', dependencies: ['db', 'auth', 'dict', 'calculator', 'jobs', 'message'] });

// 政策问答's calls: a question (public; a login adds the enterprise's verdicts and the history),
// 有用 / 没用 (public, by the answer's key), the account's history, and the console's queue and
// figures. The clause index is kept here, by the policy service's events, not inside that service.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { Envelope, Page } from '@hqt/contract/envelope';
import { AskAnswer, AskBody, FeedbackBody, QA_CONSOLE_PATHS, QA_MSG, QA_PATHS, QaFigures, QaHistoryItem, QaQueueQuery, QaQueueRow, QuestionIdParams, Faq, FaqInput, QA_FAQ_MSG } from '@hqt/contract/qa';
import type { Config } from '../../config';
import { signedIn } from '../../lib/ctx';
import { ok } from '../../lib/envelope';
import { guides } from '../../db/schema/index';
import { eq } from 'drizzle-orm';
import { ask, feedback, figures, history, ownQuestion, queuePage, type QaDeps } from './service';
import { deleteFaq, listFaqs, saveFaq } from './faqs';
import { declareQaJobs, QaStore, reindexPolicy } from './store';

/** The rate-limit budget of questions (QA_RATE_LIMIT per address per minute). */
export const QA_BUDGET = 'qa';

declare module 'fastify' {
  interface FastifyInstance {
    /** The clause index's ranking on this node (store.ts). */
    qaIndex: QaStore;
  }
}

const routes: FastifyPluginAsyncTypebox<Config['qa'] & { connectionString: string; bureauPhone: string }> = async (app, opts) => {
  app.rateLimits.declare(QA_BUDGET, { max: opts.questionsPerMinute, windowS: 60 });
  const store = new QaStore(app.db, opts.connectionString, app.dicts, (err) => app.log.warn({ err }, 'qa index listener lost; reconnecting'));
  await store.start();
  app.decorate('qaIndex', store);
  app.addHook('onClose', () => store.stop());
  // The ranking is built as the node starts, not by its first question (12 s at 100,000 clauses).
  app.addHook('onReady', () => {
    store.index().catch((err: unknown) => app.log.warn({ err }, 'qa index: first build failed; the first question builds it'));
  });
  // Content written without the service (a bench's seed, an older database) is indexed by a job at each start.
  declareQaJobs(app.jobs, app.db, opts.questionRetentionDays);

  // A policy's publish, revision or withdrawal rewrites its passages in the same transaction; so does a guide's.
  app.events.onStep('policy', ['publish', 'withdraw'], (tx, step) => reindexPolicy(tx, step.id));
  app.events.onStep('guide', ['publish', 'withdraw'], async (tx, step) => {
    const [guide] = await tx.select({ policyId: guides.policyId }).from(guides).where(eq(guides.id, step.id));
    if (guide) await reindexPolicy(tx, guide.policyId);
  });
  app.events.on('policy.revised', async (tx, { policyIds }) => {
    for (const id of policyIds) await reindexPolicy(tx, id);
  });

  const deps: QaDeps = { db: app.db, dicts: app.dicts, store, bureauPhone: opts.bureauPhone };
  const tags = ['政策问答'];
  app.post(
    QA_PATHS.ask,
    {
      schema: { tags, summary: '政策问答：提问（登录后可按所选企业测算）', body: AskBody, response: { 200: Envelope(AskAnswer) } },
      config: { access: 'public', readsLogin: true, rateBudget: QA_BUDGET },
    },
    async (request) => ok(await ask(deps, request.ctx, request.body)),
  );
  app.post(
    QA_PATHS.feedback,
    { schema: { tags, summary: '政策问答：有用 / 没用', body: FeedbackBody, response: { 200: Envelope(Type.Null()) } }, config: { access: 'public', rateBudget: QA_BUDGET } },
    async (request) => {
      await feedback(app.db, request.body);
      return ok(null, QA_MSG.feedbackThanks);
    },
  );
  app.get(
    QA_PATHS.history,
    { schema: { tags, summary: '政策问答：我的提问', response: { 200: Envelope(Type.Array(QaHistoryItem)) } }, config: { access: 'enterprise' } },
    async (request) => ok(await history(app.db, signedIn(request))),
  );

  app.get(
    QA_PATHS.question,
    { schema: { tags, summary: '政策问答：我的一条提问（转人工）', params: QuestionIdParams, response: { 200: Envelope(QaHistoryItem) } }, config: { access: 'enterprise' } },
    async (request) => ok(await ownQuestion(app.db, signedIn(request), request.params.id)),
  );

  const consoleTags = ['控制台：政策问答'];
  const staff = { access: 'staff' } as const;
  app.post(
    QA_CONSOLE_PATHS.queue,
    { schema: { tags: consoleTags, summary: '未能回答与回答没用的问题', body: QaQueueQuery, response: { 200: Envelope(Page(QaQueueRow)) } }, config: staff },
    async (request) => ok(await queuePage(app.db, request.body)),
  );
  app.get(
    QA_CONSOLE_PATHS.faqs,
    { schema: { tags: consoleTags, summary: '常见问题（到复核日期的在前）', response: { 200: Envelope(Type.Array(Faq)) } }, config: staff },
    async () => ok(await listFaqs(app.db)),
  );
  app.post(
    QA_CONSOLE_PATHS.faqs,
    { schema: { tags: consoleTags, summary: '新建常见问题', body: FaqInput, response: { 200: Envelope(Type.Object({ id: Type.Integer() })) } }, config: staff },
    async (request) => ok(await saveFaq(app.db, signedIn(request), null, request.body), QA_FAQ_MSG.saved),
  );
  app.put(
    QA_CONSOLE_PATHS.faq,
    { schema: { tags: consoleTags, summary: '修改常见问题', params: QuestionIdParams, body: FaqInput, response: { 200: Envelope(Type.Object({ id: Type.Integer() })) } }, config: staff },
    async (request) => ok(await saveFaq(app.db, signedIn(request), request.params.id, request.body), QA_FAQ_MSG.saved),
  );
  app.delete(
    QA_CONSOLE_PATHS.faq,
    { schema: { tags: consoleTags, summary: '删除常见问题', params: QuestionIdParams, response: { 200: Envelope(Type.Null()) } }, config: staff },
    async (request) => {
      await deleteFaq(app.db, signedIn(request), request.params.id);
      return ok(null, QA_FAQ_MSG.deleted);
    },
  );
  app.get(
    QA_CONSOLE_PATHS.figures,
    { schema: { tags: consoleTags, summary: '政策问答统计（近 30 天）', response: { 200: Envelope(QaFigures) } }, config: staff },
    async () => ok(await figures(app.db)),
  );
};

export default fp(routes, { name: 'qa', dependencies: ['db', 'events', 'auth', 'dict', 'jobs', 'rate-limit', 'calculator'] });

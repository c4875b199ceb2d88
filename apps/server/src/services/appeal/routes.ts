// 企业诉求's calls (APPEAL_PATHS: the enterprise's; APPEAL_CONSOLE_PATHS: 诉求办理 in the console),
// its attachments' reader and its jobs. Steps go through one call whose roles APPEAL_FLOW declares.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { APPEAL_FLOW, APPEAL_KIND, APPEAL_MSG, APPEAL_PATHS, AppealDetail, AppealIdParams, AppealItem, AppealListQuery, AppealSaveBody, AppealStepBody, EnterpriseIdParams, type AppealStep } from '@hqt/contract/appeal';
import { APPEAL_CONSOLE_PATHS, AppealCounts, AppealHandler, AppealCountsQuery, AppealQueueQuery, AppealQueueRow } from '@hqt/contract/appeal-console';
import { APPEAL_STATS_PATHS, AppealFiguresQuery, AppealFiguresResult, AppealMyCounts, AppealTotals } from '@hqt/contract/appeal-stats';
import { Envelope, Page } from '@hqt/contract/envelope';
import { OWN_MSG } from '@hqt/contract/messages';
import { isNotNull } from 'drizzle-orm';
import type { Config } from '../../config';
import { signedIn, systemCtx } from '../../lib/ctx';
import { codesIn } from '../dict/public';
import { ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { declareAppealJobs } from './jobs';
import { appeals } from './schema';
import { fileVisitProblems, visitProblemFollowUps } from './visit-problems';
import { canSeeAppeal, handlerAccounts } from './queries';
import { appealDetail, enterpriseList, queueCounts, queuePage, saveAppeal, takeStep } from './service';
import { appealFigures, appealTotals, myAppealCounts } from './stats';

/** Appeals filed per account and hour (APPEAL_RATE_LIMIT). */
const FILING_BUDGET = 'appeal-file';

const routes: FastifyPluginAsyncTypebox<Config['appeal']> = async (app, opts) => {
  app.rateLimits.declare(FILING_BUDGET, { max: opts.filingsPerHour, windowS: 3600, per: 'account', message: OWN_MSG.appealTooFrequent });
  const deps = { db: app.db, events: app.events, calendar: app.calendar, dicts: app.dicts };
  app.files.register(APPEAL_KIND, (db, ctx, id) => canSeeAppeal(db, ctx.scope, id));
  // The problems raised on visits are filed and followed up here (visit-problems.ts).
  app.events.on('visit.summarized', fileVisitProblems);
  app.visitFollowUps.register(visitProblemFollowUps);
  // A reply left unrated closes by APPEAL_FLOW's timer, taken as the system's own step.
  app.flowTimers.register({ flow: APPEAL_FLOW, kind: APPEAL_KIND, table: appeals, take: (id, step, now) => takeStep(deps, systemCtx(), id, { step: step as AppealStep }, now) });
  app.dicts.usedBy('appealCategory', codesIn('appeal', appeals, appeals.id, appeals.category));
  app.dicts.usedBy('department', codesIn('appeal', appeals, appeals.id, appeals.department, isNotNull(appeals.department)));
  declareAppealJobs(app.jobs, deps);

  const tags = ['企业诉求'];
  const enterprise = { access: 'enterprise' } as const;

  app.post(APPEAL_PATHS.save, { schema: { tags, summary: '提交诉求', body: AppealSaveBody, response: { 200: Envelope(AppealDetail) } }, config: { ...enterprise, rateBudget: FILING_BUDGET } }, async (request) => {
    const ctx = signedIn(request);
    const detail = await saveAppeal(deps, ctx, request.body);
    return ok(detail, APPEAL_MSG.submitted(detail.number));
  });
  app.get(
    APPEAL_PATHS.list,
    { schema: { tags, summary: '企业的诉求', params: EnterpriseIdParams, querystring: AppealListQuery, response: { 200: Envelope(Page(AppealItem)) } }, config: enterprise },
    async (request) => {
      if (!signedIn(request).scope.enterpriseIds.includes(request.params.id)) throw notFound();
      return ok(await enterpriseList(deps, request.params.id, request.query));
    },
  );
  app.get(
    APPEAL_PATHS.detail,
    { schema: { tags, summary: '诉求详情（办理记录、附件、办理时限）', params: AppealIdParams, response: { 200: Envelope(AppealDetail) } }, config: enterprise },
    async (request) => ok(await appealDetail(deps, signedIn(request), request.params.id)),
  );
  // Enterprise and staff alike: the flow says who may take which step (403), from where (409).
  app.post(
    APPEAL_PATHS.step,
    { schema: { tags, summary: '办理步骤', params: AppealIdParams, body: AppealStepBody, response: { 200: Envelope(AppealDetail) } }, config: { access: 'account' } },
    async (request) => {
      const ctx = signedIn(request);
      await takeStep(deps, ctx, request.params.id, request.body);
      return ok(await appealDetail(deps, ctx, request.params.id), APPEAL_MSG.stepDone(APPEAL_FLOW.steps[request.body.step].label));
    },
  );

  // Figures: the public totals (home page) and an account's own counts (data overview).
  app.get(
    APPEAL_STATS_PATHS.totals,
    { schema: { tags, summary: '本年度诉求办理情况（公开）', response: { 200: Envelope(AppealTotals) } }, config: { access: 'public' } },
    async () => ok(await appealTotals(app.db)),
  );
  app.get(
    APPEAL_STATS_PATHS.mine,
    { schema: { tags, summary: '本账号企业的办理中与待评价诉求数', response: { 200: Envelope(AppealMyCounts) } }, config: { access: 'account' } },
    async (request) => ok(await myAppealCounts(app.db, signedIn(request).scope)),
  );

  const consoleTags = ['控制台：诉求办理'];
  const staff = { access: 'staff' } as const;
  app.post(
    APPEAL_CONSOLE_PATHS.page,
    { schema: { tags: consoleTags, summary: '诉求办理队列', body: AppealQueueQuery, response: { 200: Envelope(Page(AppealQueueRow)) } }, config: staff },
    async (request) => ok(await queuePage(deps, request.body)),
  );
  app.post(
    APPEAL_CONSOLE_PATHS.counts,
    { schema: { tags: consoleTags, summary: '各状态的诉求数（队列的标签）', body: AppealCountsQuery, response: { 200: Envelope(AppealCounts) } }, config: staff },
    async (request) => ok(await queueCounts(deps, request.body)),
  );
  app.post(
    APPEAL_STATS_PATHS.figures,
    { schema: { tags: consoleTags, summary: '诉求统计（响应率、按时办结率、满意率）', body: AppealFiguresQuery, response: { 200: Envelope(AppealFiguresResult) } }, config: staff },
    async (request) => ok(await appealFigures(app.db, app.dicts, request.body)),
  );
  app.get(
    APPEAL_CONSOLE_PATHS.handlers,
    { schema: { tags: consoleTags, summary: '可选的承办人（在岗的工作人员和管理员）', response: { 200: Envelope(Type.Array(AppealHandler)) } }, config: staff },
    async () => ok(await handlerAccounts(app.db)),
  );
  app.get(
    APPEAL_CONSOLE_PATHS.detail,
    { schema: { tags: consoleTags, summary: '诉求详情（含内部备注）', params: AppealIdParams, response: { 200: Envelope(AppealDetail) } }, config: staff },
    async (request) => ok(await appealDetail(deps, signedIn(request), request.params.id)),
  );
};

export default fp(routes, { name: 'appeal', dependencies: ['db', 'auth', 'dict', 'files', 'calendar', 'jobs', 'message', 'visit'] });

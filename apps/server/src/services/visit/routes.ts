// 企业走访's calls (VISIT_PATHS: the enterprise's, the spec's four and ours; VISIT_CONSOLE_PATHS:
// 走访管理 in the console), its attachments' reader and its jobs.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { Envelope, Page } from '@hqt/contract/envelope';
import { OWN_MSG } from '@hqt/contract/messages';
import {
  VISIT_FLOW,
  VISIT_KIND,
  VISIT_MSG,
  VISIT_PATHS,
  VisitAppraisalBody,
  VisitApprovalBody,
  VisitClash,
  VisitDetail,
  VisitIdParams,
  VisitItem,
  VisitPortalQuery,
  VisitRequestBody,
} from '@hqt/contract/visit';
import {
  VISIT_CONSOLE_PATHS,
  VisitCalendarQuery,
  VisitClashQuery,
  VisitConsoleRow,
  VisitConsoleStepBody,
  VisitFigures,
  VisitFiguresQuery,
  VisitPageQuery,
  VisitPlanBody,
  VisitSummaryBody,
} from '@hqt/contract/visit-console';
import { isNotNull } from 'drizzle-orm';
import type { Config } from '../../config';
import { signedIn } from '../../lib/ctx';
import { codesIn } from '../dict/public';
import { ok } from '../../lib/envelope';
import { FollowUpSlot } from './follow-ups';
import { declareVisitJobs } from './jobs';
import { visits } from './schema';
import { calendarVisits, canSeeVisit, consoleVisits, portalVisits, visitClashes, visitFigures } from './queries';
import { answerVisit, appraiseVisit, planVisit, requestVisit, staffStep, visitDetail, visitIcs, writeSummary } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the service that follows up a visit's problems registers (follow-ups.ts). */
    visitFollowUps: FollowUpSlot;
  }
}

/** `publicUrl`: its host names the calendar entries (UID visit-<id>@<host>). */
/** Visit requests per account and hour (VISIT_REQUEST_RATE_LIMIT): each messages every administrator. */
const REQUEST_BUDGET = 'visit-request';

const routes: FastifyPluginAsyncTypebox<Config['visit'] & { publicUrl: string }> = async (app, opts) => {
  app.rateLimits.declare(REQUEST_BUDGET, { max: opts.requestsPerHour, windowS: 3600, per: 'account', message: OWN_MSG.visitRequestTooFrequent });
  const host = new URL(opts.publicUrl).hostname;
  const followUps = new FollowUpSlot();
  app.decorate('visitFollowUps', followUps);
  const deps = { db: app.db, calendar: app.calendar, dicts: app.dicts, events: app.events, followUps };
  app.files.register(VISIT_KIND, (db, ctx, id) => canSeeVisit(db, ctx.scope, id));
  app.dicts.usedBy('visitType', codesIn('visit', visits, visits.id, visits.type, isNotNull(visits.type)));
  declareVisitJobs(app.jobs, deps);

  const tags = ['企业走访'];
  const enterprise = { access: 'enterprise' } as const;

  app.post(
    VISIT_PATHS.appointmentPage,
    { schema: { tags, summary: '企业的走访预约（即将走访、待确认、历史、待评价）', body: VisitPortalQuery, response: { 200: Envelope(Page(VisitItem)) } }, config: enterprise },
    async (request) => ok(await portalVisits(app.db, await app.dicts.all(), signedIn(request).scope, request.body, app.clock.now())),
  );
  app.post(
    VISIT_PATHS.approval,
    { schema: { tags, summary: '确认、拒绝走访或提议改期', body: VisitApprovalBody, response: { 200: Envelope(VisitDetail) } }, config: enterprise },
    async (request) => {
      const ctx = signedIn(request);
      await answerVisit(deps, ctx, request.body, app.clock.now());
      return ok(await visitDetail(deps, ctx, request.body.id, app.clock.now()), VISIT_MSG.stepDone(VISIT_FLOW.steps[request.body.action].label));
    },
  );
  app.post(
    VISIT_PATHS.summaryPage,
    { schema: { tags, summary: '走访纪要（已走访、已评价）', body: VisitPortalQuery, response: { 200: Envelope(Page(VisitItem)) } }, config: enterprise },
    async (request) => ok(await portalVisits(app.db, await app.dicts.all(), signedIn(request).scope, request.body, app.clock.now(), true)),
  );
  app.post(
    VISIT_PATHS.appraisal,
    { schema: { tags, summary: '评价走访纪要', body: VisitAppraisalBody, response: { 200: Envelope(VisitDetail) } }, config: enterprise },
    async (request) => {
      const ctx = signedIn(request);
      await appraiseVisit(deps, ctx, request.body, app.clock.now());
      return ok(await visitDetail(deps, ctx, request.body.id, app.clock.now()), VISIT_MSG.stepDone(VISIT_FLOW.steps.appraise.label));
    },
  );
  app.post(
    VISIT_PATHS.request,
    { schema: { tags, summary: '申请走访', body: VisitRequestBody, response: { 200: Envelope(VisitDetail) } }, config: { ...enterprise, rateBudget: REQUEST_BUDGET } },
    async (request) => {
      const ctx = signedIn(request);
      const detail = await visitDetail(deps, ctx, await requestVisit(deps, ctx, request.body, app.clock.now()), app.clock.now());
      return ok(detail, VISIT_MSG.requested(detail.number));
    },
  );
  app.get(
    VISIT_PATHS.detail,
    { schema: { tags, summary: '走访详情（办理记录、纪要、问题的办理状态）', params: VisitIdParams, response: { 200: Envelope(VisitDetail) } }, config: enterprise },
    async (request) => ok(await visitDetail(deps, signedIn(request), request.params.id, app.clock.now())),
  );
  // The owner and staff: a confirmed visit as a calendar file.
  app.get(VISIT_PATHS.ics, { schema: { tags, summary: '加入日历（.ics）', params: VisitIdParams }, config: { access: 'account' } }, async (request, reply) => {
    const ics = await visitIcs(deps, signedIn(request), request.params.id, host, app.clock.now());
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${ics.filename}"`)
      .send(ics.body);
  });

  const consoleTags = ['控制台：走访管理'];
  const staff = { access: 'staff' } as const;
  app.post(
    VISIT_CONSOLE_PATHS.page,
    { schema: { tags: consoleTags, summary: '走访列表', body: VisitPageQuery, response: { 200: Envelope(Page(VisitConsoleRow)) } }, config: staff },
    async (request) => ok(await consoleVisits(app.db, await app.dicts.all(), request.body)),
  );
  app.post(
    VISIT_CONSOLE_PATHS.calendar,
    { schema: { tags: consoleTags, summary: '走访日历（月、周）', body: VisitCalendarQuery, response: { 200: Envelope(Type.Array(VisitConsoleRow)) } }, config: staff },
    async (request) => ok(await calendarVisits(app.db, await app.dicts.all(), request.body)),
  );
  app.post(
    VISIT_CONSOLE_PATHS.clashes,
    { schema: { tags: consoleTags, summary: '时间冲突检查', body: VisitClashQuery, response: { 200: Envelope(Type.Array(VisitClash)) } }, config: staff },
    async (request) => ok(await visitClashes(app.db, request.body.staffIds, new Date(request.body.startsAt), new Date(request.body.endsAt), request.body.visitId)),
  );
  app.post(
    VISIT_CONSOLE_PATHS.plan,
    { schema: { tags: consoleTags, summary: '发起走访（时间冲突时 409，data 为冲突的走访；force 忽略）', body: VisitPlanBody, response: { 200: Envelope(VisitDetail) } }, config: staff },
    async (request) => {
      const ctx = signedIn(request);
      const detail = await visitDetail(deps, ctx, await planVisit(deps, ctx, request.body, app.clock.now()), app.clock.now());
      return ok(detail, VISIT_MSG.planned(detail.number));
    },
  );
  app.post(
    VISIT_CONSOLE_PATHS.figures,
    { schema: { tags: consoleTags, summary: '走访统计', body: VisitFiguresQuery, response: { 200: Envelope(VisitFigures) } }, config: staff },
    async (request) => ok(await visitFigures(app.db, await app.dicts.all(), followUps, request.body.year)),
  );
  app.get(
    VISIT_CONSOLE_PATHS.detail,
    { schema: { tags: consoleTags, summary: '走访详情', params: VisitIdParams, response: { 200: Envelope(VisitDetail) } }, config: staff },
    async (request) => ok(await visitDetail(deps, signedIn(request), request.params.id, app.clock.now())),
  );
  app.post(
    VISIT_CONSOLE_PATHS.step,
    { schema: { tags: consoleTags, summary: '安排、不予安排、同意改期、重新提议时间、取消', params: VisitIdParams, body: VisitConsoleStepBody, response: { 200: Envelope(VisitDetail) } }, config: staff },
    async (request) => {
      const ctx = signedIn(request);
      await staffStep(deps, ctx, request.params.id, request.body, app.clock.now());
      return ok(await visitDetail(deps, ctx, request.params.id, app.clock.now()), VISIT_MSG.stepDone(VISIT_FLOW.steps[request.body.step].label));
    },
  );
  app.post(
    VISIT_CONSOLE_PATHS.summary,
    { schema: { tags: consoleTags, summary: '填写走访纪要（问题转为企业诉求）', params: VisitIdParams, body: VisitSummaryBody, response: { 200: Envelope(VisitDetail) } }, config: staff },
    async (request) => {
      const ctx = signedIn(request);
      await writeSummary(deps, ctx, request.params.id, request.body, app.clock.now());
      return ok(await visitDetail(deps, ctx, request.params.id, app.clock.now()), VISIT_MSG.stepDone(VISIT_FLOW.steps.summarize.label));
    },
  );
};

export default fp(routes, { name: 'visit', dependencies: ['db', 'clock', 'auth', 'dict', 'files', 'calendar', 'jobs', 'message'] });

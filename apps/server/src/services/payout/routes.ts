// 公示 and 拨付's calls (PAYOUT_PATHS: the public's, the objector's and the enterprise's;
// PAYOUT_CONSOLE_PATHS: staff's). The 公示's end is PUBLICITY_FLOW's timer, taken by the flows' one job.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { Envelope, Page, PageQuery } from '@hqt/contract/envelope';
import {
  Batch,
  BATCH_KIND,
  Candidate,
  ConsolePublicity,
  DecideBody,
  ExportQuery,
  IdParams,
  MyObjection,
  OBJECTION_FLOW,
  OBJECTION_KIND,
  ObjectionBody,
  ObjectionItem,
  ObjectionLookupBody,
  VisitorObjectionBody,
  ObjectionQuery,
  Payment,
  PAYMENT_FLOW,
  PaymentIds,
  PaymentQuery,
  PaymentStepBody,
  PAYOUT_CONSOLE_PATHS,
  PAYOUT_MSG,
  PAYOUT_PATHS,
  Publicity,
  PUBLICITY_FLOW,
  PUBLICITY_KIND,
  PublicityDetail,
  PublicityListQuery,
  PublishBody,
  ReleaseBody,
  ReturnBody,
  ApplicationIds,
  Offer,
  OFFER_FLOW,
  OFFER_KIND,
  OfferCounts,
  OfferQuery,
  OfferStepBody,
  Recovery,
  RecoveryBody,
  RECOVERY_FLOW,
} from '@hqt/contract/payout';
import { AUTO_MODE } from '@hqt/contract/calculator-engine';
import { eq } from 'drizzle-orm';
import { guides } from '../../db/schema/index';
import { roleKeyOf } from '@hqt/contract/workflow';
import { signedIn, systemCtx, visitorCtx } from '../../lib/ctx';
import { badRequest } from '../../lib/errors';
import { checkCaptcha } from '../auth/public';
import { ok } from '../../lib/envelope';
import { contentDisposition } from '../files/public';
import { applicationPayments, authorisePayments, batchesPage, exportBatch, importReturn, markRecovered, payableCandidates, paymentsPage, paymentStep, raiseRecovery, recordRelease, recoveriesPage, sendBatch } from './ledger';
import { approvedCandidates, canReadObjection, consolePublicities, consolePublicity, decideObjection, endPublicity, fileObjection, lookupObjection, myObjections, objectionProblem, objectionDetail, objectionPage, publicPublicities, publicPublicity, publishPublicity } from './publicity';
import { answerOffer, expireOffer, matchAndRemind, matchAutoGuide, myOffers, offerDetail, offersPage, payDirectly } from './auto';
import { autoOffers, publicities } from './schema';
import { applyFigures, applyTotals } from './stats';
import { APPLY_STATS_PATHS, ApplyFiguresQuery, ApplyFiguresResult, ApplyTotals } from '@hqt/contract/apply-stats';

const VISITOR_OBJECTION_BUDGET = 'visitor-objection';
const LOOKUP_BUDGET = 'objection-lookup';

const routes: FastifyPluginAsyncTypebox<{ bureau: string; uploadsDir: string }> = async (app, opts) => {
  const deps = { db: app.db, events: app.events, calendar: app.calendar, bureau: opts.bureau, uploadsDir: opts.uploadsDir };
  const now = () => app.clock.now();
  const auto = { ...deps, facts: app.enterpriseFacts };
  app.flowTimers.register({ flow: PUBLICITY_FLOW, kind: PUBLICITY_KIND, table: publicities, take: (id, _step, at) => endPublicity(deps, systemCtx(), id, at) });
  app.flowTimers.register({ flow: OFFER_FLOW, kind: OFFER_KIND, table: autoOffers, take: (id, _step, at) => expireOffer(auto, id, at) });
  // 免申即享: a guide matched when it is published, and every open one nightly (02:00 China) and at each start.
  const matching = app.jobs.queue<{ guideId?: number }>({
    name: 'auto-offers',
    settings: { retryLimit: 3, retryDelay: 60, expireInSeconds: 1800, deleteAfterSeconds: 7 * 24 * 3600 },
    run: async ({ guideId }) => (guideId ? { offered: await matchAutoGuide(auto, systemCtx(), guideId, now()) } : matchAndRemind(auto, now())),
    schedule: '0 18 * * *',
    atStart: true,
  });
  app.events.onStep('guide', ['publish'], async (tx, published) => {
    const [g] = await tx.select({ mode: guides.mode }).from(guides).where(eq(guides.id, published.id));
    if (g?.mode === AUTO_MODE) await matching.send(tx, { guideId: published.id });
  });
  app.files.register(OBJECTION_KIND, (db, ctx, id) => canReadObjection(db, ctx, id));
  app.files.register(BATCH_KIND, async (_db, ctx) => roleKeyOf(ctx.actor.roleId) !== 'enterprise');

  // A visitor's objections and look-ups, per address (docs/rate-limits.md): not a way to flood staff or try pairs.
  app.rateLimits.declare(VISITOR_OBJECTION_BUDGET, { max: 10, windowS: 3600 });
  app.rateLimits.declare(LOOKUP_BUDGET, { max: 30, windowS: 3600 });

  const tags = ['公示与拨付'];
  app.get(PAYOUT_PATHS.publicities, { schema: { tags, summary: '公示列表（公开）', querystring: PublicityListQuery, response: { 200: Envelope(Page(Publicity)) } }, config: { access: 'public' } }, async (request) =>
    ok(await publicPublicities(app.db, request.query, now())),
  );
  app.get(PAYOUT_PATHS.publicity, { schema: { tags, summary: '公示名单（公开）', params: IdParams, response: { 200: Envelope(PublicityDetail) } }, config: { access: 'public' } }, async (request) =>
    ok(await publicPublicity(deps, request.params.id, now())),
  );
  app.post(PAYOUT_PATHS.object, { schema: { tags, summary: '对公示项目实名提出异议', body: ObjectionBody, response: { 200: Envelope(MyObjection) } }, config: { access: 'account' } }, async (request) => {
    const filed = await fileObjection(deps, signedIn(request), request.body, now());
    return ok(filed, PAYOUT_MSG.filed(filed.number, filed.kindLabel));
  });
  app.post(
    PAYOUT_PATHS.visitorObject,
    {
      schema: { tags, summary: '访客（未登录）对公示项目实名提出异议：证明材料经访客上传，须填写验证码；凭编号和联系电话查询结论', body: VisitorObjectionBody, response: { 200: Envelope(MyObjection) } },
      config: { access: 'public', rateBudget: VISITOR_OBJECTION_BUDGET },
    },
    async (request) => {
      const { claim, vierifyCode, codeIndex, ...body } = request.body;
      // What is incomplete is said before the captcha is used up.
      const problem = objectionProblem(body);
      if (problem) throw badRequest(problem);
      await checkCaptcha(app.db, codeIndex, vierifyCode, true);
      const filed = await fileObjection(deps, visitorCtx(request.ip), body, now(), claim);
      return ok(filed, PAYOUT_MSG.visitorFiled(filed.number));
    },
  );
  app.post(PAYOUT_PATHS.lookup, { schema: { tags, summary: '凭异议编号和联系电话查询核查结论（公开）', body: ObjectionLookupBody, response: { 200: Envelope(MyObjection) } }, config: { access: 'public', rateBudget: LOOKUP_BUDGET } }, async (request) =>
    ok(await lookupObjection(app.db, request.body)),
  );
  app.get(PAYOUT_PATHS.myObjections, { schema: { tags, summary: '我提出的异议及核查结论', querystring: PageQuery, response: { 200: Envelope(Page(MyObjection)) } }, config: { access: 'account' } }, async (request) =>
    ok(await myObjections(app.db, signedIn(request), request.query)),
  );
  app.get(PAYOUT_PATHS.payments, { schema: { tags, summary: '申报的支付指令', params: IdParams, response: { 200: Envelope(Type.Array(Payment)) } }, config: { access: 'account' } }, async (request) =>
    ok(await applicationPayments(app.db, signedIn(request), request.params.id)),
  );
  app.post(PAYOUT_PATHS.paymentStep, { schema: { tags, summary: '支付指令的办理步骤（确认到账、报告未到账、更正账户、授权）', params: IdParams, body: PaymentStepBody, response: { 200: Envelope(Type.Array(Payment)) } }, config: { access: 'account' } }, async (request) =>
    ok(await paymentStep(deps, signedIn(request), request.params.id, request.body, now()), PAYOUT_MSG.stepDone(PAYMENT_FLOW.steps[request.body.step].label)),
  );

  app.get(PAYOUT_PATHS.offers, { schema: { tags, summary: '免申即享：我的待确认事项', response: { 200: Envelope(Type.Array(Offer)) } }, config: { access: 'enterprise' } }, async (request) => ok(await myOffers(app.db, signedIn(request))));
  app.get(PAYOUT_PATHS.offer, { schema: { tags, summary: '免申即享事项', params: IdParams, response: { 200: Envelope(Offer) } }, config: { access: 'account' } }, async (request) => ok(await offerDetail(app.db, signedIn(request), request.params.id)));
  app.post(PAYOUT_PATHS.offerStep, { schema: { tags, summary: '免申即享：确认享受或放弃', params: IdParams, body: OfferStepBody, response: { 200: Envelope(Offer) } }, config: { access: 'enterprise' } }, async (request) => {
    const offer = await answerOffer(auto, signedIn(request), request.params.id, request.body, now());
    return ok(offer, offer.applicationNumber ? PAYOUT_MSG.offerConfirmed(offer.applicationNumber) : PAYOUT_MSG.stepDone(OFFER_FLOW.steps[request.body.step].label));
  });

  app.get(APPLY_STATS_PATHS.totals, { schema: { tags, summary: '本年度政策申兑总量（首页）', response: { 200: Envelope(ApplyTotals) } }, config: { access: 'public' } }, async () => ok(await applyTotals(app.db, app.dicts, now())));

  const consoleTags = ['控制台：公示与拨付'];
  const staff = { access: 'staff' } as const;
  app.get(PAYOUT_CONSOLE_PATHS.publicities, { schema: { tags: consoleTags, summary: '公示列表', querystring: PageQuery, response: { 200: Envelope(Page(Publicity)) } }, config: staff }, async (request) =>
    ok(await consolePublicities(app.db, request.query, now())),
  );
  app.get(PAYOUT_CONSOLE_PATHS.approved, { schema: { tags: consoleTags, summary: '尚未公示的拟支持项目', response: { 200: Envelope(Type.Array(Candidate)) } }, config: staff }, async () => ok(await approvedCandidates(app.db)));
  app.post(PAYOUT_CONSOLE_PATHS.publish, { schema: { tags: consoleTags, summary: '发布公示', body: PublishBody, response: { 200: Envelope(ConsolePublicity) } }, config: staff }, async (request) => {
    const published = await publishPublicity(deps, signedIn(request), request.body, now());
    return ok(published, PAYOUT_MSG.published(published.number));
  });
  app.get(PAYOUT_CONSOLE_PATHS.publicity, { schema: { tags: consoleTags, summary: '公示详情（名单、异议数、办理记录）', params: IdParams, response: { 200: Envelope(ConsolePublicity) } }, config: staff }, async (request) =>
    ok(await consolePublicity(app.db, request.params.id, now())),
  );
  app.get(PAYOUT_CONSOLE_PATHS.objections, { schema: { tags: consoleTags, summary: '公示异议', querystring: ObjectionQuery, response: { 200: Envelope(Page(ObjectionItem)) } }, config: staff }, async (request) =>
    ok(await objectionPage(app.db, signedIn(request), request.query)),
  );
  app.get(PAYOUT_CONSOLE_PATHS.objection, { schema: { tags: consoleTags, summary: '异议详情（含异议人身份）', params: IdParams, response: { 200: Envelope(ObjectionItem) } }, config: staff }, async (request) =>
    ok(await objectionDetail(app.db, signedIn(request), request.params.id)),
  );
  app.post(PAYOUT_CONSOLE_PATHS.decide, { schema: { tags: consoleTags, summary: '核查异议（书面结论）', params: IdParams, body: DecideBody, response: { 200: Envelope(ObjectionItem) } }, config: staff }, async (request) =>
    ok(await decideObjection(deps, signedIn(request), request.params.id, request.body, now()), OBJECTION_FLOW.steps[request.body.step].label + '：' + PAYOUT_MSG.decided),
  );
  app.get(PAYOUT_CONSOLE_PATHS.offers, { schema: { tags: consoleTags, summary: '免申即享事项（按状态）', querystring: OfferQuery, response: { 200: Envelope(Type.Object({ ...Page(Offer).properties, counts: OfferCounts })) } }, config: staff }, async (request) =>
    ok(await offersPage(app.db, signedIn(request), request.query)),
  );
  app.post(PAYOUT_CONSOLE_PATHS.match, { schema: { tags: consoleTags, summary: '免申即享：立即匹配并通知', params: IdParams, response: { 200: Envelope(Type.Object({ offered: Type.Integer() })) } }, config: staff }, async (request) => {
    const offered = await matchAutoGuide(auto, signedIn(request), request.params.id, now());
    return ok({ offered }, PAYOUT_MSG.matched(offered));
  });
  app.post(PAYOUT_CONSOLE_PATHS.payDirectly, { schema: { tags: consoleTags, summary: '免申即享项目直接转入待拨付', body: ApplicationIds, response: { 200: Envelope(Type.Object({ moved: Type.Integer() })) } }, config: staff }, async (request) => {
    const moved = await payDirectly(auto, signedIn(request), request.body.applicationIds, now());
    return ok({ moved }, PAYOUT_MSG.paidDirectly(moved));
  });
  app.get(APPLY_STATS_PATHS.figures, { schema: { tags: consoleTags, summary: '申兑统计', querystring: ApplyFiguresQuery, response: { 200: Envelope(ApplyFiguresResult) } }, config: staff }, async (request) =>
    ok(await applyFigures(app.db, app.dicts, request.query)),
  );
  app.post(PAYOUT_CONSOLE_PATHS.recover, { schema: { tags: consoleTags, summary: '发起资金追回', body: RecoveryBody, response: { 200: Envelope(Recovery) } }, config: staff }, async (request) =>
    ok(await raiseRecovery(deps, signedIn(request), request.body, now()), PAYOUT_MSG.recoveryRaised),
  );
  app.get(PAYOUT_CONSOLE_PATHS.recoveries, { schema: { tags: consoleTags, summary: '资金追回', querystring: PageQuery, response: { 200: Envelope(Page(Recovery)) } }, config: staff }, async (request) => ok(await recoveriesPage(app.db, request.query)));
  app.post(PAYOUT_CONSOLE_PATHS.recovered, { schema: { tags: consoleTags, summary: '确认资金已追回', params: IdParams, body: Type.Object({ note: Type.Optional(Type.String({ maxLength: 1000 })) }), response: { 200: Envelope(Recovery) } }, config: staff }, async (request) =>
    ok(await markRecovered(deps, signedIn(request), request.params.id, request.body.note, now()), PAYOUT_MSG.stepDone(RECOVERY_FLOW.steps.recover.label)),
  );
  app.get(PAYOUT_CONSOLE_PATHS.payable, { schema: { tags: consoleTags, summary: '待拨付且尚无支付指令的项目', response: { 200: Envelope(Type.Array(Candidate)) } }, config: staff }, async () => ok(await payableCandidates(app.db)));
  app.post(PAYOUT_CONSOLE_PATHS.release, { schema: { tags: consoleTags, summary: '登记资金下达，生成支付指令', body: ReleaseBody, response: { 200: Envelope(Type.Object({ releaseId: Type.Integer(), issued: Type.Integer() })) } }, config: staff }, async (request) => {
    const done = await recordRelease(deps, signedIn(request), request.body, now());
    return ok(done, PAYOUT_MSG.releaseSaved(done.issued));
  });
  app.get(PAYOUT_CONSOLE_PATHS.payments, { schema: { tags: consoleTags, summary: '支付台账', querystring: PaymentQuery, response: { 200: Envelope(Page(Payment)) } }, config: staff }, async (request) =>
    ok(await paymentsPage(app.db, signedIn(request), request.query)),
  );
  app.post(PAYOUT_CONSOLE_PATHS.authorise, { schema: { tags: consoleTags, summary: '授权支付指令（一条或一批）', body: PaymentIds, response: { 200: Envelope(Type.Object({ authorised: Type.Integer() })) } }, config: staff }, async (request) => {
    const authorised = await authorisePayments(deps, signedIn(request), request.body.ids, now());
    return ok({ authorised }, PAYOUT_MSG.authorised(authorised));
  });
  app.post(PAYOUT_CONSOLE_PATHS.batch, { schema: { tags: consoleTags, summary: '已授权指令提交财政（一个批次）', body: PaymentIds, response: { 200: Envelope(Batch) } }, config: staff }, async (request) => {
    const batch = await sendBatch(deps, signedIn(request), request.body.ids, now());
    return ok(batch, PAYOUT_MSG.sent(batch.number, batch.count));
  });
  app.get(PAYOUT_CONSOLE_PATHS.batches, { schema: { tags: consoleTags, summary: '财政批次', querystring: PageQuery, response: { 200: Envelope(Page(Batch)) } }, config: staff }, async (request) => ok(await batchesPage(app.db, request.query)));
  app.get(PAYOUT_CONSOLE_PATHS.exportBatch, { schema: { tags: consoleTags, summary: '导出批次文件（JSON 或 Excel，交财政）', params: IdParams, querystring: ExportQuery }, config: staff }, async (request, reply) => {
    const file = await exportBatch(app.db, request.params.id, request.query.format);
    return reply.header('content-disposition', contentDisposition(file.name)).type(file.type).send(file.content);
  });
  app.post(PAYOUT_CONSOLE_PATHS.importReturn, { schema: { tags: consoleTags, summary: '读入财政返回文件', params: IdParams, body: ReturnBody, response: { 200: Envelope(Type.Object({ paid: Type.Integer(), returned: Type.Integer() })) } }, config: staff }, async (request) => {
    const done = await importReturn(deps, signedIn(request), request.params.id, request.body.fileId, now());
    return ok(done, PAYOUT_MSG.returnDone(done.paid, done.returned));
  });
};

export default fp(routes, { name: 'payout', dependencies: ['db', 'auth', 'dict', 'files', 'calendar', 'message', 'flow-timers', 'jobs', 'calculator', 'apply'] });

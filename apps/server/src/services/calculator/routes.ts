// 政策计算器's calls (CALCULATOR_PATHS): the enterprise's own profiles and evaluations, and for staff
// the reverse list of one guide. Each node keeps the compiled rules (rulebook.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import Type from 'typebox';
import {
  AccountCalculatorInfo,
  CALCULATOR_PATHS,
  CheckGuideBody,
  CheckGuideResponse,
  Enterprise,
  EnterpriseBody,
  EnterprisePageQuery,
  EnterpriseSummary,
  EvaluateBody,
  EvaluatePageBody,
  EvaluateResponse,
  EvaluationPageQuery,
  EvaluationSnapshot,
  EvaluationSummary,
  RulebookResponse,
} from '@hqt/contract/calculator';
import { CALCULATOR_CONSOLE_PATHS, QualifiedEnterprise, QualifiedPageQuery } from '@hqt/contract/calculator-console';
import { ConsoleIdParams } from '@hqt/contract/console';
import { Envelope, Page } from '@hqt/contract/envelope';
import { MSG } from '@hqt/contract/messages';
import { IdParams } from '@hqt/contract/policy';
import { ok } from '../../lib/envelope';
import { signedIn } from '../../lib/ctx';
import { AssessmentCache } from './assessments';
import { EnterpriseFactsStore, qualifiedPage } from './reverse';
import { Rulebook } from './rulebook';
import {
  accountInfo,
  allEnterprises,
  checkGuide,
  deleteEnterprise,
  enterpriseInfo,
  enterprisePage,
  evaluateEnterprise,
  evaluationInfo,
  evaluationPage,
  saveEnterprise,
  saveEvaluation,
} from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every live enterprise's facts, kept on this node (reverse.ts): the reverse list and push read them. */
    enterpriseFacts: EnterpriseFactsStore;
  }
}

const routes: FastifyPluginAsyncTypebox<{ connectionString: string }> = async (app, opts) => {
  const rulebook = new Rulebook(app.db, opts.connectionString, (err) => app.log.warn({ err }, 'rulebook listener lost; reconnecting'));
  await rulebook.start();
  const enterpriseFacts = new EnterpriseFactsStore(app.db, opts.connectionString, (err) => app.log.warn({ err }, 'enterprise facts listener lost; reconnecting'));
  await enterpriseFacts.start();
  app.decorate('enterpriseFacts', enterpriseFacts);
  app.addHook('onClose', () => Promise.all([rulebook.stop(), enterpriseFacts.stop()]));
  // Read in the background at start, so the first reverse list does not wait for every enterprise.
  app.addHook('onReady', () => {
    void enterpriseFacts.all().catch((err: unknown) => app.log.warn({ err }, 'enterprise facts not loaded; the first reverse list will load them'));
  });
  const deps = { db: app.db, dicts: app.dicts, rulebook, assessments: new AssessmentCache() };
  const tags = ['政策计算器'];
  const config = { access: 'enterprise' } as const;
  /** Adding or deleting an enterprise changes the account's scope (plugins/auth.ts). */
  const scopeChange = { ...config, changesLogins: true } as const;

  app.post(CALCULATOR_PATHS.saveEnterprise, { schema: { tags, summary: '新增或修改本账号的企业信息', body: EnterpriseBody, response: { 200: Envelope(Enterprise) } }, config: scopeChange }, async (request) =>
    ok(await saveEnterprise(deps, signedIn(request), request.body), MSG.ok),
  );
  app.get(CALCULATOR_PATHS.allEnterprises, { schema: { tags, summary: '本账号的全部企业', response: { 200: Envelope(Type.Array(EnterpriseSummary)) } }, config }, async (request) =>
    ok(await allEnterprises(app.db, signedIn(request))),
  );
  app.get(CALCULATOR_PATHS.accountInfo, { schema: { tags, summary: '本账号的企业与测算概况', response: { 200: Envelope(AccountCalculatorInfo) } }, config }, async (request) =>
    ok(await accountInfo(app.db, signedIn(request))),
  );
  app.post(CALCULATOR_PATHS.enterprisePage, { schema: { tags, summary: '本账号的企业（分页）', body: EnterprisePageQuery, response: { 200: Envelope(Page(EnterpriseSummary)) } }, config }, async (request) =>
    ok(await enterprisePage(app.db, signedIn(request), request.body)),
  );
  app.get(CALCULATOR_PATHS.enterpriseInfo, { schema: { tags, summary: '企业信息详情', params: IdParams, response: { 200: Envelope(Enterprise) } }, config }, async (request) =>
    ok(await enterpriseInfo(app.db, signedIn(request), request.params.id)),
  );
  app.get(CALCULATOR_PATHS.deleteEnterprise, { schema: { tags, summary: '删除企业信息（保留其测算记录）', params: IdParams, response: { 200: Envelope(Type.Null()) } }, config: scopeChange }, async (request) => {
    await deleteEnterprise(app.db, signedIn(request), request.params.id);
    return ok(null, '已删除');
  });
  app.post(CALCULATOR_PATHS.evaluate, { schema: { tags, summary: '政策测算（不保存）：总计与一页结果', body: EvaluatePageBody, response: { 200: Envelope(EvaluateResponse) } }, config }, async (request) =>
    ok(await evaluateEnterprise(deps, signedIn(request), request.body)),
  );
  app.get(CALCULATOR_PATHS.rulebook, { schema: { tags, summary: '未截止申报指南的规则（浏览器测算与假设测算用）', response: { 200: Envelope(RulebookResponse) } }, config }, async (request, reply) => {
    // Made once per change of the rules (rulebook.ts); a browser that holds it is told so (304).
    const answer = await rulebook.answer();
    reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === answer.etag) return reply.code(304 as 200).send(undefined as never);
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    if (gzip) reply.header('content-encoding', 'gzip');
    // A buffer is sent as it is (the schema documents its shape).
    return reply.type('application/json; charset=utf-8').send((gzip ? answer.gzip : answer.plain) as never);
  });
  app.post(CALCULATOR_PATHS.checkGuide, { schema: { tags, summary: '一项申报指南对本账号各企业的测算', body: CheckGuideBody, response: { 200: Envelope(CheckGuideResponse) } }, config }, async (request) =>
    ok(await checkGuide(deps, signedIn(request), request.body)),
  );
  app.post(CALCULATOR_PATHS.saveEvaluation, { schema: { tags, summary: '保存测算快照', body: EvaluateBody, response: { 200: Envelope(EvaluationSummary) } }, config }, async (request) =>
    ok(await saveEvaluation(deps, signedIn(request), request.body), '测算结果已保存'),
  );
  app.post(CALCULATOR_PATHS.evaluationPage, { schema: { tags, summary: '历史测算', body: EvaluationPageQuery, response: { 200: Envelope(Page(EvaluationSummary)) } }, config }, async (request) =>
    ok(await evaluationPage(app.db, signedIn(request), request.body)),
  );
  app.get(CALCULATOR_PATHS.evaluationInfo, { schema: { tags, summary: '一次测算的快照', params: IdParams, response: { 200: Envelope(EvaluationSnapshot) } }, config }, async (request) =>
    ok(await evaluationInfo(app.db, signedIn(request), request.params.id)),
  );

  app.post(
    CALCULATOR_CONSOLE_PATHS.guideQualified,
    {
      schema: { tags: ['控制台：内容'], summary: '符合申报指南的企业（反向测算）', params: ConsoleIdParams, body: QualifiedPageQuery, response: { 200: Envelope(Page(QualifiedEnterprise)) } },
      config: { access: 'staff' },
    },
    async (request) => ok(await qualifiedPage(app.db, enterpriseFacts, await app.dicts.all(), request.params.id, request.body)),
  );
};

export default fp(routes, { name: 'calculator', dependencies: ['db', 'auth', 'dict'] });

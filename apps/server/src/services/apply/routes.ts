// 政策申兑's calls (APPLY_PATHS: the enterprise's; APPLY_CONSOLE_PATHS: 申报受理 in the console). Steps
// go through one call whose roles APPLY_FLOW declares.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import Type from 'typebox';
import {
  APPLY_FLOW,
  APPLY_MSG,
  APPLY_PATHS,
  ApplyDetail,
  ApplyDraftBody,
  ApplyIdParams,
  ApplyItem,
  ApplyListQuery,
  ApplyStart,
  ApplyStepBody,
  ApplySubmitBody,
  DifficultyBody,
  DraftSaved,
  EnterpriseParams,
  GuideEnterpriseQuery,
  Material,
  MATERIAL_KIND,
  MaterialBody,
  MaterialIdParams,
  ApplyFormBody,
} from '@hqt/contract/apply';
import { APPLY_CONSOLE_PATHS, ApplyConsoleDetail, FormlessPolicy, ApplyCounts, ApplyCountsQuery, ApplyFormState, ApplyQueueQuery, ApplyQueueRow, Budget, BudgetBody, BudgetQuery } from '@hqt/contract/apply-console';
import { ConsoleIdParams } from '@hqt/contract/console';
import { Envelope, Page } from '@hqt/contract/envelope';
import { signedIn } from '../../lib/ctx';
import { ok } from '../../lib/envelope';
import {
  applyDetail,
  applyStart,
  canReadMaterial,
  fileDifficulty,
  checkPublishable,
  formlessPolicies,
  formState,
  guideBudget,
  materialLibrary,
  myApplications,
  queueCounts,
  queuePage,
  removeMaterial,
  saveBudget,
  saveDraft,
  saveForm,
  saveMaterial,
  submitApplication,
  takeStep,
} from './service';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, events: app.events, calendar: app.calendar, dicts: app.dicts };
  app.files.register(MATERIAL_KIND, (db, ctx, id) => canReadMaterial(db, ctx, id));
  // A guide one applies for is published only with a way to apply (its form, or an outside address).
  app.events.onStep('guide', ['publish'], (tx, published) => checkPublishable(tx, published.id));

  const tags = ['政策申兑'];
  const enterprise = { access: 'enterprise' } as const;

  app.get(APPLY_PATHS.start, { schema: { tags, summary: '我要申报：表单、预填、计算器结论、草稿', querystring: GuideEnterpriseQuery, response: { 200: Envelope(ApplyStart) } }, config: enterprise }, async (request) =>
    ok(await applyStart(deps, signedIn(request), request.query)),
  );
  app.post(APPLY_PATHS.draft, { schema: { tags, summary: '保存申报草稿', body: ApplyDraftBody, response: { 200: Envelope(DraftSaved) } }, config: enterprise }, async (request) =>
    ok(await saveDraft(deps, signedIn(request), request.body), APPLY_MSG.draftSaved),
  );
  app.post(APPLY_PATHS.submit, { schema: { tags, summary: '提交申报', body: ApplySubmitBody, response: { 200: Envelope(ApplyDetail) } }, config: enterprise }, async (request) => {
    const detail = await submitApplication(deps, signedIn(request), request.body);
    return ok(detail, APPLY_MSG.submitted(detail.number));
  });
  app.get(APPLY_PATHS.list, { schema: { tags, summary: '我的申报', querystring: ApplyListQuery, response: { 200: Envelope(Page(ApplyItem)) } }, config: enterprise }, async (request) =>
    ok(await myApplications(deps, signedIn(request), request.query)),
  );
  app.get(APPLY_PATHS.detail, { schema: { tags, summary: '申报详情（表单、材料、补正、办理记录）', params: ApplyIdParams, response: { 200: Envelope(ApplyDetail) } }, config: enterprise }, async (request) =>
    ok(await applyDetail(deps, signedIn(request), request.params.id)),
  );
  // Enterprise and staff alike: the flow says who may take which step (403), from where (409).
  app.post(APPLY_PATHS.step, { schema: { tags, summary: '办理步骤', params: ApplyIdParams, body: ApplyStepBody, response: { 200: Envelope(ApplyConsoleDetail) } }, config: { access: 'account' } }, async (request) => {
    const ctx = signedIn(request);
    await takeStep(deps, ctx, request.params.id, request.body);
    return ok(await applyDetail(deps, ctx, request.params.id), APPLY_MSG.stepDone(APPLY_FLOW.steps[request.body.step].label));
  });
  app.post(APPLY_PATHS.difficulty, { schema: { tags, summary: '申报遇到困难：转为诉求办理', params: ApplyIdParams, body: DifficultyBody, response: { 200: Envelope(Type.Object({ number: Type.String() })) } }, config: enterprise }, async (request) => {
    const number = await fileDifficulty(deps, signedIn(request), request.params.id, request.body);
    return ok({ number }, APPLY_MSG.difficultyFiled(number));
  });
  app.get(APPLY_PATHS.materials, { schema: { tags, summary: '企业材料库', params: EnterpriseParams, response: { 200: Envelope(Type.Array(Material)) } }, config: enterprise }, async (request) =>
    ok(await materialLibrary(deps, signedIn(request), request.params.id)),
  );
  app.post(APPLY_PATHS.saveMaterial, { schema: { tags, summary: '材料入库', body: MaterialBody, response: { 200: Envelope(Material) } }, config: enterprise }, async (request) =>
    ok(await saveMaterial(deps, signedIn(request), request.body), APPLY_MSG.materialSaved),
  );
  app.delete(APPLY_PATHS.removeMaterial, { schema: { tags, summary: '删除材料', params: MaterialIdParams, response: { 200: Envelope(Type.Null()) } }, config: enterprise }, async (request) => {
    await removeMaterial(deps, signedIn(request), request.params.id);
    return ok(null, APPLY_MSG.materialRemoved);
  });

  const consoleTags = ['控制台：申报受理'];
  const staff = { access: 'staff' } as const;
  app.post(APPLY_CONSOLE_PATHS.page, { schema: { tags: consoleTags, summary: '申报受理队列', body: ApplyQueueQuery, response: { 200: Envelope(Page(ApplyQueueRow)) } }, config: staff }, async (request) =>
    ok(await queuePage(deps, request.body)),
  );
  app.post(APPLY_CONSOLE_PATHS.counts, { schema: { tags: consoleTags, summary: '各状态的申报数（队列的标签）', body: ApplyCountsQuery, response: { 200: Envelope(ApplyCounts) } }, config: staff }, async (request) =>
    ok(await queueCounts(deps, request.body)),
  );
  app.get(APPLY_CONSOLE_PATHS.detail, { schema: { tags: consoleTags, summary: '申报详情（含联审意见、当前测算、资金额度）', params: ApplyIdParams, response: { 200: Envelope(ApplyConsoleDetail) } }, config: staff }, async (request) =>
    ok(await applyDetail(deps, signedIn(request), request.params.id)),
  );
  app.get(APPLY_CONSOLE_PATHS.form, { schema: { tags: consoleTags, summary: '指南的申报表单', params: ConsoleIdParams, response: { 200: Envelope(ApplyFormState) } }, config: staff }, async (request) =>
    ok(await formState(app.db, request.params.id)),
  );
  app.put(APPLY_CONSOLE_PATHS.form, { schema: { tags: consoleTags, summary: '保存申报表单（新版本）', params: ConsoleIdParams, body: ApplyFormBody, response: { 200: Envelope(ApplyFormState) } }, config: staff }, async (request) =>
    ok(await saveForm(deps, signedIn(request), request.params.id, request.body), APPLY_MSG.formSaved),
  );
  app.get(APPLY_CONSOLE_PATHS.budget, { schema: { tags: consoleTags, summary: '指南的年度资金额度', params: ConsoleIdParams, querystring: BudgetQuery, response: { 200: Envelope(Budget) } }, config: staff }, async (request) =>
    ok(await guideBudget(app.db, request.params.id, request.query.year)),
  );
  app.get(APPLY_CONSOLE_PATHS.formless, { schema: { tags: consoleTags, summary: '发布已满 7 个工作日仍不能申报的政策（工作台）', response: { 200: Envelope(Type.Array(FormlessPolicy)) } }, config: staff }, async () =>
    ok(await formlessPolicies(deps)),
  );
  app.put(APPLY_CONSOLE_PATHS.budget, { schema: { tags: consoleTags, summary: '设置年度资金额度', params: ConsoleIdParams, body: BudgetBody, response: { 200: Envelope(Budget) } }, config: staff }, async (request) =>
    ok(await saveBudget(app.db, signedIn(request), request.params.id, request.body), APPLY_MSG.budgetSaved),
  );
};

export default fp(routes, { name: 'apply', dependencies: ['db', 'auth', 'dict', 'files', 'calendar', 'message', 'calculator'] });

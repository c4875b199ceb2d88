// 企业赋码's calls: the public card (rate-limited per client address; a login, when sent, widens it),
// the account's codes, and the console's list, detail, steps and scans (ENTCODE_FLOW's roles decide).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { CodeIdParams, CodeQuery, ENTCODE_FLOW, ENTCODE_MSG, ENTCODE_PATHS, EntcodeCard, MyEntcodes } from '@hqt/contract/entcode';
import { ENTCODE_CONSOLE_PATHS, EnterpriseIdParams, EntcodeDetail, EntcodePageQuery, EntcodeRow, EntcodeScans, EntcodeScansQuery, EntcodeStepBody, EntcodeStepResult } from '@hqt/contract/entcode-console';
import { Envelope, Page } from '@hqt/contract/envelope';
import type { Config } from '../../config';
import { signedIn } from '../../lib/ctx';
import { ok } from '../../lib/envelope';
import { assignCode } from './assign';
import { declareEntcodeJobs } from './jobs';
import { codePage, scansPerDay } from './queries';
import { codeDetail, codeOfEnterprise, lookupCard, myCodes, stepResult, type EntcodeDeps } from './service';

/** The rate-limit budget of the card's look-ups (plugins/rate-limit.ts; ENTCODE_RATE_LIMIT per minute). */
export const ENTCODE_BUDGET = 'entcode';

const routes: FastifyPluginAsyncTypebox<Config['entcode'] & Pick<EntcodeDeps, 'publicUrl' | 'bureauPhone' | 'record'>> = async (app, opts) => {
  app.rateLimits.declare(ENTCODE_BUDGET, { max: opts.lookupsPerMinute, windowS: 60 });
  const { publicUrl, bureauPhone, record } = opts;
  const deps: EntcodeDeps = { db: app.db, events: app.events, dicts: app.dicts, publicUrl, bureauPhone, record };
  declareEntcodeJobs(app.jobs, app.db);
  // 一企一码: an enterprise has its code from its creation on, in the transaction that adds it.
  app.events.on('enterprise.created', (tx, enterprise) => assignCode(tx, enterprise));

  const tags = ['企业赋码'];
  app.get(
    ENTCODE_PATHS.card,
    {
      schema: { tags, summary: '扫码：企业码名片（登录后按身份展示更多）', querystring: CodeQuery, response: { 200: Envelope(EntcodeCard) } },
      config: { access: 'public', readsLogin: true, rateBudget: ENTCODE_BUDGET },
    },
    async (request) => ok(await lookupCard(deps, request.ctx, request.query.code)),
  );
  app.get(
    ENTCODE_PATHS.mine,
    { schema: { tags, summary: '本账户企业的企业码', response: { 200: Envelope(MyEntcodes) } }, config: { access: 'enterprise' } },
    async (request) => ok(await myCodes(deps, signedIn(request))),
  );

  const consoleTags = ['控制台：企业赋码'];
  const staff = { access: 'staff' } as const;
  app.post(
    ENTCODE_CONSOLE_PATHS.page,
    { schema: { tags: consoleTags, summary: '企业码列表', body: EntcodePageQuery, response: { 200: Envelope(Page(EntcodeRow)) } }, config: staff },
    async (request) => ok(await codePage(app.db, request.body)),
  );
  app.get(
    ENTCODE_CONSOLE_PATHS.scans,
    { schema: { tags: consoleTags, summary: '每日扫码次数', querystring: EntcodeScansQuery, response: { 200: Envelope(EntcodeScans) } }, config: staff },
    async (request) => ok(await scansPerDay(app.db, request.query.days ?? 30)),
  );
  app.get(
    ENTCODE_CONSOLE_PATHS.ofEnterprise,
    { schema: { tags: consoleTags, summary: '企业的企业码（企业详情）', params: EnterpriseIdParams, response: { 200: Envelope(EntcodeDetail) } }, config: staff },
    async (request) => ok(await codeOfEnterprise(deps, signedIn(request), request.params.id)),
  );
  app.get(
    ENTCODE_CONSOLE_PATHS.detail,
    { schema: { tags: consoleTags, summary: '企业码详情（办理记录）', params: CodeIdParams, response: { 200: Envelope(EntcodeDetail) } }, config: staff },
    async (request) => ok(await codeDetail(deps, signedIn(request), request.params.id)),
  );
  app.post(
    ENTCODE_CONSOLE_PATHS.step,
    { schema: { tags: consoleTags, summary: '冻结、解冻、注销、换发', params: CodeIdParams, body: EntcodeStepBody, response: { 200: Envelope(EntcodeStepResult) } }, config: staff },
    async (request) => ok(await stepResult(deps, signedIn(request), request.params.id, request.body), ENTCODE_MSG.stepDone(ENTCODE_FLOW.steps[request.body.step].label)),
  );
};

export default fp(routes, { name: 'entcode', dependencies: ['db', 'events', 'auth', 'dict', 'jobs', 'message', 'rate-limit'] });

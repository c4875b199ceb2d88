// The staff console's content calls (POLICY_CONSOLE_PATHS): 工作人员 and 管理员 write, publish and withdraw
// policies, guides and topics. Only what is published reaches the portal (routes.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { CONSOLE_PATHS, ConsoleIdParams, Workbench } from '@hqt/contract/console';
import { ConsoleGuide, ConsoleGuidePageQuery, ConsoleGuideRow, ConsolePolicy, ConsolePolicyRow, ConsoleTopic, ConsoleTopicRow, ContentPageQuery, GuideInput, POLICY_CONSOLE_PATHS, PolicyInput, StateBody, TopicInput } from '@hqt/contract/policy-console';
import { Envelope, Page, type PageOf } from '@hqt/contract/envelope';
import { MSG } from '@hqt/contract/messages';
import { TimelineEntry } from '@hqt/contract/workflow';
import { ok } from '../../lib/envelope';
import { signedIn } from '../../lib/ctx';
import {
  changeState,
  contentTimeline,
  guideForEdit,
  guidePage,
  policyForEdit,
  policyPage,
  saveGuide,
  savePolicy,
  saveTopic,
  topicForEdit,
  topicPage,
  workbench,
} from './console';
import type {} from './market-pages'; // its app.marketPages declaration

const Saved = Envelope(Type.Object({ id: Type.Integer() }));
const Done = Envelope(Type.Null());

const routes: FastifyPluginAsyncTypebox<{ uploadsDir: string }> = async (app, opts) => {
  const tags = ['控制台：内容'];
  const config = { access: 'staff' } as const;
  const deps = { db: app.db, dicts: app.dicts, events: app.events };
  // A content write answers once this node has heard of its change, so the market pages it kept
  // (market-pages.ts) are gone by the writer's next request.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET') await app.marketPages.heard();
    return payload;
  });

  app.get(CONSOLE_PATHS.workbench, { schema: { tags, summary: '工作台：待办与门户数据', response: { 200: Envelope(Workbench) } }, config }, async () => ok(await workbench(app.db)));

  // One set of six calls per kind of content: page, read, create, update, publish/withdraw, timeline.
  const content = (kind: 'policy' | 'guide' | 'topic', s: {
    paths: { page: string; create: string; item: string; state: string; timeline: string };
    name: string;
    PageBody: typeof ContentPageQuery | typeof ConsoleGuidePageQuery;
    Row: Parameters<typeof Page>[0];
    Item: Parameters<typeof Envelope>[0];
    Input: typeof PolicyInput | typeof GuideInput | typeof TopicInput;
    page: (query: never) => Promise<PageOf<unknown>>;
    read: (id: number) => Promise<unknown>;
    save: (ctx: ReturnType<typeof signedIn>, id: number | null, input: never) => Promise<{ id: number }>;
  }) => {
    app.post(s.paths.page, { schema: { tags, summary: `${s.name}列表`, body: s.PageBody, response: { 200: Envelope(Page(s.Row)) } }, config }, async (request) =>
      ok(await s.page(request.body as never)),
    );
    app.get(s.paths.item, { schema: { tags, summary: `${s.name}详情（编辑用）`, params: ConsoleIdParams, response: { 200: Envelope(s.Item) } }, config }, async (request) =>
      ok(await s.read(request.params.id)),
    );
    app.post(s.paths.create, { schema: { tags, summary: `新建${s.name}（草稿）`, body: s.Input, response: { 200: Saved } }, config }, async (request) =>
      ok(await s.save(signedIn(request), null, request.body as never), MSG.ok),
    );
    app.put(s.paths.item, { schema: { tags, summary: `修改${s.name}`, params: ConsoleIdParams, body: s.Input, response: { 200: Saved } }, config }, async (request) =>
      ok(await s.save(signedIn(request), request.params.id, request.body as never), MSG.ok),
    );
    app.post(s.paths.state, { schema: { tags, summary: `发布或撤回${s.name}`, params: ConsoleIdParams, body: StateBody, response: { 200: Done } }, config }, async (request) => {
      await changeState(app, signedIn(request), kind, request.params.id, request.body);
      return ok(null, request.body.action === 'publish' ? '已发布' : '已撤回');
    });
    app.get(s.paths.timeline, { schema: { tags, summary: `${s.name}办理记录`, params: ConsoleIdParams, response: { 200: Envelope(Type.Array(TimelineEntry)) } }, config }, async (request) =>
      ok(await contentTimeline(app.db, kind, request.params.id)),
    );
  };

  content('policy', {
    paths: { page: POLICY_CONSOLE_PATHS.policyPage, create: POLICY_CONSOLE_PATHS.policyCreate, item: POLICY_CONSOLE_PATHS.policy, state: POLICY_CONSOLE_PATHS.policyState, timeline: POLICY_CONSOLE_PATHS.policyTimeline },
    name: '政策文件',
    PageBody: ContentPageQuery,
    Row: ConsolePolicyRow,
    Item: ConsolePolicy,
    Input: PolicyInput,
    page: (query: ContentPageQuery) => policyPage(deps, query),
    read: (id) => policyForEdit(app.db, id),
    save: (ctx, id, input: PolicyInput) => savePolicy({ ...deps, uploadsDir: opts.uploadsDir }, ctx, id, input),
  });
  content('guide', {
    paths: { page: POLICY_CONSOLE_PATHS.guidePage, create: POLICY_CONSOLE_PATHS.guideCreate, item: POLICY_CONSOLE_PATHS.guide, state: POLICY_CONSOLE_PATHS.guideState, timeline: POLICY_CONSOLE_PATHS.guideTimeline },
    name: '申报指南',
    PageBody: ConsoleGuidePageQuery,
    Row: ConsoleGuideRow,
    Item: ConsoleGuide,
    Input: GuideInput,
    page: (query: ConsoleGuidePageQuery) => guidePage(deps, query),
    read: (id) => guideForEdit(app.db, id),
    save: (ctx, id, input: GuideInput) => saveGuide(deps, ctx, id, input),
  });
  content('topic', {
    paths: { page: POLICY_CONSOLE_PATHS.topicPage, create: POLICY_CONSOLE_PATHS.topicCreate, item: POLICY_CONSOLE_PATHS.topic, state: POLICY_CONSOLE_PATHS.topicState, timeline: POLICY_CONSOLE_PATHS.topicTimeline },
    name: '政策专题',
    PageBody: ContentPageQuery,
    Row: ConsoleTopicRow,
    Item: ConsoleTopic,
    Input: TopicInput,
    page: (query: ContentPageQuery) => topicPage(deps, query),
    read: (id) => topicForEdit(app.db, id),
    save: (ctx, id, input: TopicInput) => saveTopic(deps, ctx, id, input),
  });
};

export default routes;

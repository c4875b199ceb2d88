import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Page, PageQuery } from '@hqt/contract/envelope';
import { AppealCategory, GuideDetail, GuidePageQuery, GuideSummary, IdParams, POLICY_PATHS, Statistics, TopicDetail, TopicSummary } from '@hqt/contract/policy';
import { ok } from '../../lib/envelope';
import docRoutes from './docs-routes';
import { declarePolicyDictUsage } from './dict-usage';
import type {} from './market-pages'; // its app.marketPages declaration
import { appealCategoryPage, guideDetail, guidePage, statistics, topicDetail, topicPage } from './service';

/** Public: the home page and the topic pages show them to visitors too (published content only). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['政策超市与专题'];
  const deps = { db: app.db, dicts: app.dicts };
  const config = { access: 'public' } as const;
  declarePolicyDictUsage(app.dicts);

  app.post(
    POLICY_PATHS.guidePage,
    { schema: { tags, summary: '申报指南分页检索（关键词、筛选、排序）', body: GuidePageQuery, response: { 200: Envelope(Page(GuideSummary)) } }, config },
    async (request) => ok(await app.marketPages.page(request.body, () => guidePage(deps, request.body))),
  );

  app.get(
    POLICY_PATHS.guideInfo,
    { schema: { tags, summary: '申报指南详情（含政策原文）', params: IdParams, response: { 200: Envelope(GuideDetail) } }, config },
    async (request) => ok(await guideDetail(deps, request.params.id)),
  );

  app.post(
    POLICY_PATHS.topicPage,
    { schema: { tags, summary: '政策专题分页', body: PageQuery, response: { 200: Envelope(Page(TopicSummary)) } }, config },
    async (request) => ok(await topicPage(deps, request.body)),
  );

  app.get(
    POLICY_PATHS.topicInfo,
    { schema: { tags, summary: '政策专题详情及其指南', params: IdParams, response: { 200: Envelope(TopicDetail) } }, config },
    async (request) => ok(await topicDetail(deps, request.params.id)),
  );

  app.post(
    POLICY_PATHS.appealCategoryPage,
    { schema: { tags, summary: '诉求类别（含办理时限）', body: PageQuery, response: { 200: Envelope(Page(AppealCategory)) } }, config },
    async (request) => ok(await appealCategoryPage(deps, request.body)),
  );

  app.get(
    POLICY_PATHS.statistics,
    { schema: { tags, summary: '首页数据统计', response: { 200: Envelope(Statistics) } }, config },
    async () => ok(await statistics(deps)),
  );

  await app.register(docRoutes);
};

export default routes;

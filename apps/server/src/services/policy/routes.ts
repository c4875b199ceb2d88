import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, Page, PageQuery } from '@hqt/contract/envelope';
import { AppealCategory, DictItem, DictQuery, GuideDetail, GuidePageQuery, GuideSummary, IdParams, POLICY_PATHS, Statistics, TopicDetail, TopicSummary } from '@hqt/contract/policy';
import { ok } from '../../lib/envelope';
import { appealCategoryPage, dictionaryItems, guideDetail, guidePage, statistics, topicDetail, topicPage } from './service';

/** Public: the home page and the topic pages show them to visitors too (published content only). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['政策超市与专题'];

  app.post(
    POLICY_PATHS.guidePage,
    { schema: { tags, summary: '申报指南分页检索（关键词、筛选、排序）', body: GuidePageQuery, response: { 200: Envelope(Page(GuideSummary)) } } },
    async (request) => ok(await guidePage(app.db, request.body)),
  );

  app.get(
    POLICY_PATHS.guideInfo,
    { schema: { tags, summary: '申报指南详情（含政策原文）', params: IdParams, response: { 200: Envelope(GuideDetail) } } },
    async (request) => ok(await guideDetail(app.db, request.params.id)),
  );

  app.post(
    POLICY_PATHS.topicPage,
    { schema: { tags, summary: '政策专题分页', body: PageQuery, response: { 200: Envelope(Page(TopicSummary)) } } },
    async (request) => ok(await topicPage(app.db, request.body)),
  );

  app.get(
    POLICY_PATHS.topicInfo,
    { schema: { tags, summary: '政策专题详情及其指南', params: IdParams, response: { 200: Envelope(TopicDetail) } } },
    async (request) => ok(await topicDetail(app.db, request.params.id)),
  );

  app.post(
    POLICY_PATHS.appealCategoryPage,
    { schema: { tags, summary: '诉求类别（含办理时限）', body: PageQuery, response: { 200: Envelope(Page(AppealCategory)) } } },
    async (request) => ok(await appealCategoryPage(app.db, request.body)),
  );

  app.get(
    POLICY_PATHS.statistics,
    { schema: { tags, summary: '首页数据统计', response: { 200: Envelope(Statistics) } } },
    async () => ok(await statistics(app.db)),
  );

  app.get(
    POLICY_PATHS.dictionary,
    { schema: { tags: ['字典'], summary: '字典项', querystring: DictQuery, response: { 200: Envelope(Type.Array(DictItem)) } } },
    async (request) => ok(await dictionaryItems(app.db, request.query.Dict_Type)),
  );
};

export default routes;

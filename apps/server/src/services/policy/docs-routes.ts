import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Page } from '@hqt/contract/envelope';
import { IdParams } from '@hqt/contract/policy';
import { POLICY_DOC_PATHS, PolicyDocDetail, PolicyDocPageQuery, PolicyDocSummary } from '@hqt/contract/policy-docs';
import { ok } from '../../lib/envelope';
import { policyDocDetail, policyDocPage } from './docs';

/** Public: 政策超市's 政策文件 and a document's own page are open to visitors (published documents only). */
const docRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['政策超市与专题'];
  const deps = { db: app.db, dicts: app.dicts };
  const config = { access: 'public' } as const;

  app.post(
    POLICY_DOC_PATHS.docPage,
    { schema: { tags, summary: '政策文件分页检索（关键词、发文单位、层级、发布日期）', body: PolicyDocPageQuery, response: { 200: Envelope(Page(PolicyDocSummary)) } }, config },
    async (request) => ok(await policyDocPage(deps, request.body)),
  );

  app.get(
    POLICY_DOC_PATHS.docInfo,
    { schema: { tags, summary: '政策文件详情（原文、解读、附件及引用它的申报指南）', params: IdParams, response: { 200: Envelope(PolicyDocDetail) } }, config },
    async (request) => ok(await policyDocDetail(deps, request.params.id)),
  );
};

export default docRoutes;

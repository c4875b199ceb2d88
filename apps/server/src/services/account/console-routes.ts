// The staff console's accounts (管理员) and enterprises (工作人员 and 管理员).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ACCOUNT_CONSOLE_MSG, ACCOUNT_CONSOLE_PATHS, AccountActionBody, AccountActionParams, AccountPageQuery, ConsoleAccountRow, ConsoleEnterprise, ConsoleEnterpriseRow, EnterprisePageQuery } from '@hqt/contract/account-console';
import { ConsoleIdParams } from '@hqt/contract/console';
import { Envelope, Page } from '@hqt/contract/envelope';
import { ok } from '../../lib/envelope';
import { signedIn } from '../../lib/ctx';
import { accountAction, accountPage } from './console';
import { enterpriseDetail, enterprisePage } from './console-enterprises';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { access: 'admin' } as const;
  const staff = { access: 'staff' } as const;

  app.post(
    ACCOUNT_CONSOLE_PATHS.accountPage,
    { schema: { tags: ['账号管理'], summary: '账号列表（按用户名、姓名、电话检索）', body: AccountPageQuery, response: { 200: Envelope(Page(ConsoleAccountRow)) } }, config: admin },
    async (request) => ok(await accountPage(app.db, request.body)),
  );

  app.post(
    ACCOUNT_CONSOLE_PATHS.accountAction,
    {
      schema: {
        tags: ['账号管理'],
        summary: '停用、启用、解锁账号或重置密码（停用与重置使其全部登录失效）',
        params: AccountActionParams,
        body: AccountActionBody,
        response: { 200: Envelope(Type.Null()) },
      },
      config: { ...admin, changesLogins: true },
      // Only a reset sends a body.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { id, action } = request.params;
      await accountAction(app.db, signedIn(request), id, action, request.body);
      return ok(null, action === 'reset-password' ? ACCOUNT_CONSOLE_MSG.passwordResetDone : undefined);
    },
  );

  app.post(
    ACCOUNT_CONSOLE_PATHS.enterprisePage,
    { schema: { tags: ['企业管理'], summary: '企业列表（按名称、信用代码、用户名检索；已删除的企业标明删除时间与删除人）', body: EnterprisePageQuery, response: { 200: Envelope(Page(ConsoleEnterpriseRow)) } }, config: staff },
    async (request) => ok(await enterprisePage(app.db, request.body)),
  );

  app.get(
    ACCOUNT_CONSOLE_PATHS.enterprise,
    { schema: { tags: ['企业管理'], summary: '企业详情：概况、资质、年度指标、测算记录、订阅与消息、同一账号下的其他企业', params: ConsoleIdParams, response: { 200: Envelope(ConsoleEnterprise) } }, config: staff },
    async (request) => ok(await enterpriseDetail(app.db, await app.dicts.all(), request.params.id)),
  );
};

export default routes;

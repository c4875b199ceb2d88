import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_PATHS, ProfileSaveQuery, UpdateEmailBody, UpdatePasswordBody, UpdatePhoneBody } from '@hqt/contract/account';
import { ApiListByIdQuery, ApiPath, AUTH_PATHS, CreateUserBody, MenuInfo, ROLES, UserInfo } from '@hqt/contract/auth';
import { Envelope } from '@hqt/contract/envelope';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { accounts } from '../../db/schema/index';
import { ok } from '../../lib/envelope';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { changePassword, roleName, saveProfile, updateContacts, userInfo } from './service';
import { audit } from '../auth/audit';
import { hashPassword } from '../auth/password';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['账号'];

  app.get(
    AUTH_PATHS.menuInfo,
    { schema: { tags, summary: '当前账号的角色与菜单', response: { 200: Envelope(MenuInfo) } }, preHandler: app.auth.any },
    async (request) => {
      const account = request.account!;
      return ok({ roleName: roleName(account.roleId), userName: account.name, adminMenu: [] });
    },
  );

  app.get(
    AUTH_PATHS.apiList,
    { schema: { tags, summary: '当前角色可调用的接口', response: { 200: Envelope(Type.Array(ApiPath)) } }, preHandler: app.auth.any },
    async (request) => ok(app.apiPathsFor(request.account!.roleId).map((path) => ({ path }))),
  );

  app.get(
    AUTH_PATHS.apiListById,
    {
      schema: { tags, summary: '指定角色可调用的接口', querystring: ApiListByIdQuery, response: { 200: Envelope(Type.Array(ApiPath)) } },
      preHandler: app.auth.any,
    },
    async (request) => {
      const account = request.account!;
      const isStaff = account.roleId !== ROLES.enterprise.id;
      if (!isStaff && request.query.id !== account.roleId) throw forbidden(MSG.forbidden);
      if (!roleName(request.query.id)) throw notFound('角色不存在');
      return ok(app.apiPathsFor(request.query.id).map((path) => ({ path })));
    },
  );

  app.get(
    AUTH_PATHS.userInfo,
    {
      schema: {
        tags,
        summary: '当前账号信息；带上编辑后的资料（id, phone, email）即保存（原接口的资料保存方式）',
        querystring: ProfileSaveQuery,
        response: { 200: Envelope(UserInfo) },
      },
      preHandler: app.auth.any,
    },
    async (request) => {
      const { phone, email } = request.query;
      if (phone === undefined && email === undefined) return ok(await userInfo(app.db, request.account!.id));
      await saveProfile(app.db, request, request.account!, request.query);
      return ok(await userInfo(app.db, request.account!.id), MSG.ok);
    },
  );

  app.post(
    ACCOUNT_PATHS.updatePhone,
    { schema: { tags, summary: '修改本账号电话', body: UpdatePhoneBody, response: { 200: Envelope(Type.Null()) } }, preHandler: app.auth.any },
    async (request) => {
      await updateContacts(app.db, request, request.account!, request.body.id, { phone: request.body.phone });
      return ok(null, MSG.saved);
    },
  );

  app.post(
    ACCOUNT_PATHS.updateEmail,
    { schema: { tags, summary: '修改本账号邮箱', body: UpdateEmailBody, response: { 200: Envelope(Type.Null()) } }, preHandler: app.auth.any },
    async (request) => {
      await updateContacts(app.db, request, request.account!, request.body.id, { email: request.body.email });
      return ok(null, MSG.saved);
    },
  );

  app.post(
    ACCOUNT_PATHS.updatePassword,
    {
      schema: { tags, summary: '修改密码（成功后本账号全部登录失效）', body: UpdatePasswordBody, response: { 200: Envelope(Type.Null()) } },
      preHandler: app.auth.any,
    },
    async (request) => {
      await changePassword(app.db, request, request.account!, request.body.oldPassword, request.body.newPassword);
      // The spec's client treats exactly msg === 'success' as success.
      return ok(null, MSG.success);
    },
  );

  app.post(
    AUTH_PATHS.createUser,
    {
      schema: { tags, summary: '创建账号（工作人员）', body: CreateUserBody, response: { 200: Envelope(Type.Object({ id: Type.Integer() })) } },
      preHandler: app.auth.staff,
    },
    async (request) => {
      const body = request.body;
      // Staff may open enterprise accounts; only an administrator may create staff or administrators.
      if (body.roleId !== ROLES.enterprise.id && request.account!.roleId !== ROLES.admin.id) throw forbidden(MSG.forbidden);
      const [taken] = await app.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(sql`lower(${accounts.username})`, body.username.toLowerCase()));
      if (taken) throw conflict(OWN_MSG.usernameTaken);
      const [row] = await app.db
        .insert(accounts)
        .values({
          username: body.username,
          passwordHash: await hashPassword(body.password),
          name: body.name,
          roleId: body.roleId,
          phone: body.phone ?? null,
          email: body.email ?? null,
        })
        .returning({ id: accounts.id });
      await audit(app.db, request, 'account.create', { id: row!.id, roleId: body.roleId });
      return ok({ id: row!.id }, MSG.ok);
    },
  );
};

export default routes;

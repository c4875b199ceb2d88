import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { eq, sql } from 'drizzle-orm';
import { ApiListByIdQuery, ApiPath, AUTH_PATHS, CreateUserBody, MenuInfo, ROLES, UserInfo } from '@hqt/contract/auth';
import { Envelope } from '@hqt/contract/envelope';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { accounts } from '../../db/schema/index';
import { ok } from '../../lib/envelope';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { audit } from '../auth/audit';
import { hashPassword } from '../auth/password';

export const roleName = (roleId: number) => Object.values(ROLES).find((r) => r.id === roleId)?.name ?? '';

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
    { schema: { tags, summary: '当前账号信息', response: { 200: Envelope(UserInfo) } }, preHandler: app.auth.any },
    async (request) => {
      const [row] = await app.db.select().from(accounts).where(eq(accounts.id, request.account!.id));
      if (!row) throw notFound();
      return ok({
        id: row.id,
        name: row.name,
        username: row.username,
        roleId: row.roleId,
        roleName: roleName(row.roleId),
        phone: row.phone,
        email: row.email,
        avatar: row.avatar,
      });
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

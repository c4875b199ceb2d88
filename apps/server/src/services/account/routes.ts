import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ACCOUNT_PATHS, ProfileSaveQuery, UpdateEmailBody, UpdatePasswordBody, UpdatePhoneBody } from '@hqt/contract/account';
import { ApiListByIdQuery, ApiPath, AUTH_PATHS, CreateUserBody, MenuInfo, ROLES, UserInfo } from '@hqt/contract/auth';
import { Envelope } from '@hqt/contract/envelope';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { ConfirmEmailBody, PASSWORD_RESET_PATHS, RESET_MSG } from '@hqt/contract/password-reset';
import type { Config } from '../../config';
import { ok } from '../../lib/envelope';
import { forbidden, notFound } from '../../lib/errors';
import { signedIn } from '../../lib/ctx';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { enterprises } from '../../db/schema/index';
import { AUTH_BUDGET } from '../auth/public';
import { codesIn } from '../dict/public';
import { confirmEmail } from './email-confirm';
import { changePassword, CONTACT_ADDRESS_BUDGET, CONTACT_BUDGET, createAccount, roleName, saveProfile, updateContacts, userInfo } from './service';

const routes: FastifyPluginAsyncTypebox<Config['account']> = async (app, opts) => {
  app.rateLimits.declare(CONTACT_BUDGET, { max: opts.contactChangesPerHour, windowS: 3600, message: OWN_MSG.contactTooFrequent });
  app.rateLimits.declare(CONTACT_ADDRESS_BUDGET, { max: opts.contactChangesPerAddressPerHour, windowS: 3600, message: OWN_MSG.contactTooFrequent });
  const tags = ['账号'];
  const deps = { db: app.db, mail: app.mail, rateLimits: app.rateLimits };
  const anyAccount = { access: 'account' } as const;
  // What the web needs to ask a user whose password an administrator reset for a new one.
  const duringReset = { access: 'account', duringPasswordReset: true } as const;

  // Enterprise profiles hold codes (deleted ones too: their evaluations keep showing the label).
  const profile = (column: AnyPgColumn) => codesIn('enterprise', enterprises, enterprises.id, column, sql`${column} is not null`);
  app.dicts.usedBy('industry', profile(enterprises.industry));
  app.dicts.usedBy('region', profile(enterprises.region));
  app.dicts.usedBy('scale', profile(enterprises.scale));
  app.dicts.usedBy('nature', profile(enterprises.nature));
  app.dicts.usedBy('qualification', sql`select 'enterprise'::text, ${enterprises.id}, q ->> 'code' from ${enterprises} cross join lateral jsonb_array_elements(${enterprises.qualifications}) q`);

  app.get(
    AUTH_PATHS.menuInfo,
    { schema: { tags, summary: '当前账号的角色与菜单', response: { 200: Envelope(MenuInfo) } }, config: duringReset },
    async (request) => {
      const { actor } = signedIn(request);
      return ok({ roleName: roleName(actor.roleId), userName: actor.name, adminMenu: [] });
    },
  );

  app.get(
    AUTH_PATHS.apiList,
    { schema: { tags, summary: '当前角色可调用的接口', response: { 200: Envelope(Type.Array(ApiPath)) } }, config: duringReset },
    async (request) => ok(app.apiPathsFor(signedIn(request).actor.roleId).map((path) => ({ path }))),
  );

  app.get(
    AUTH_PATHS.apiListById,
    {
      schema: { tags, summary: '指定角色可调用的接口', querystring: ApiListByIdQuery, response: { 200: Envelope(Type.Array(ApiPath)) } },
      config: anyAccount,
    },
    async (request) => {
      const { actor } = signedIn(request);
      const isStaff = actor.roleId !== ROLES.enterprise.id;
      if (!isStaff && request.query.id !== actor.roleId) throw forbidden(MSG.forbidden);
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
      config: duringReset,
    },
    async (request, reply) => {
      const ctx = signedIn(request);
      const { phone, email } = request.query;
      if (phone === undefined && email === undefined) return ok(await userInfo(app.db, ctx));
      await saveProfile({ ...deps, reply }, ctx, request.query);
      return ok(await userInfo(app.db, ctx), MSG.ok);
    },
  );

  app.post(
    ACCOUNT_PATHS.updatePhone,
    { schema: { tags, summary: '修改本账号电话', body: UpdatePhoneBody, response: { 200: Envelope(Type.Null()) } }, config: anyAccount },
    async (request, reply) => {
      await updateContacts({ ...deps, reply }, signedIn(request), request.body.id, { phone: request.body.phone });
      return ok(null, MSG.saved);
    },
  );

  app.post(
    ACCOUNT_PATHS.updateEmail,
    { schema: { tags, summary: '修改本账号邮箱', body: UpdateEmailBody, response: { 200: Envelope(Type.Null()) } }, config: anyAccount },
    async (request, reply) => {
      await updateContacts({ ...deps, reply }, signedIn(request), request.body.id, { email: request.body.email });
      return ok(null, MSG.saved);
    },
  );

  // The link mailed to a changed e-mail: the token is the proof, so no login is needed (the auth budget).
  app.post(
    PASSWORD_RESET_PATHS.confirmEmail,
    { schema: { tags, summary: '确认邮箱（凭邮件链接）', body: ConfirmEmailBody, response: { 200: Envelope(Type.Null()) } }, config: { access: 'public', rateBudget: AUTH_BUDGET } },
    async (request) => {
      await confirmEmail(app.db, request.ctx, request.body.token);
      return ok(null, RESET_MSG.emailConfirmed);
    },
  );

  app.post(
    ACCOUNT_PATHS.updatePassword,
    {
      schema: { tags, summary: '修改密码（成功后本账号全部登录失效）', body: UpdatePasswordBody, response: { 200: Envelope(Type.Null()) } },
      config: { ...duringReset, changesLogins: true },
    },
    async (request) => {
      await changePassword(app.db, signedIn(request), request.body.oldPassword, request.body.newPassword);
      // The spec's client treats exactly msg === 'success' as success.
      return ok(null, MSG.success);
    },
  );

  app.post(
    AUTH_PATHS.createUser,
    {
      schema: { tags, summary: '创建账号（管理员）', body: CreateUserBody, response: { 200: Envelope(Type.Object({ id: Type.Integer() })) } },
      config: { access: 'admin' },
    },
    async (request) => ok(await createAccount(app.db, signedIn(request), request.body), MSG.ok),
  );
};

export default routes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  AUTH_PATHS,
  CaptchaAudioQuery,
  CaptchaResponse,
  CheckCodeBody,
  RefreshBody,
  RegisterBody,
  TokenBody,
  TokenResponse,
  type TokenResponse as Tokens,
} from '@hqt/contract/auth';
import { Envelope } from '@hqt/contract/envelope';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { PASSWORD_RESET_PATHS, RESET_MSG, ResetBody, ResetRequestBody } from '@hqt/contract/password-reset';
import type { Config } from '../../config';
import { ok } from '../../lib/envelope';
import { bearerToken } from '../../lib/ctx';
import { captchaAnswer, checkCaptcha, createCaptcha } from './captcha';
import { loadDigitClips, speakDigits } from './captcha-audio';
import { declarePasswordResetJob, requestPasswordReset, RESET_MAIL_BUDGET, resetPassword } from './password-reset';
import { login, logout, refresh, register } from './service';

/** The token endpoints answer in the OAuth 2 form and in the envelope at once. */
const TokenAnswer = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: TokenResponse,
  ...TokenResponse.properties,
});
const tokenAnswer = (tokens: Tokens) => ({ ...ok(tokens), ...tokens });

/** The login endpoints share one budget per client address (plugins/rate-limit.ts). */
export const AUTH_BUDGET = 'auth';

const routes: FastifyPluginAsyncTypebox<Config['auth'] & { captchaTestAnswer?: string }> = async (app, opts) => {
  app.rateLimits.declare(AUTH_BUDGET, { max: opts.loginPerMinute, windowS: 60 });
  app.rateLimits.declare(RESET_MAIL_BUDGET, { max: opts.resetMailsPerHour, windowS: 3600 });
  const deps = { db: app.db, tokens: app.tokens };
  const open = { access: 'public', rateBudget: AUTH_BUDGET } as const;
  const tags = ['账号与会话'];
  const captchaKey = app.tokens.derivedKey('captcha answers');
  const clips = loadDigitClips();
  // 忘记密码's link and mail are made in a job (password-reset.ts); with mail off there is none.
  const resetJobs = app.mail.enabled ? declarePasswordResetJob(app.jobs, { db: app.db, mail: app.mail, rateLimits: app.rateLimits, log: app.log }) : null;
  // RFC 6749 §5.1: token answers are never stored by a cache.
  const noStore = async (_request: unknown, reply: { header: (k: string, v: string) => unknown }) => {
    reply.header('cache-control', 'no-store');
    reply.header('pragma', 'no-cache');
  };

  app.get(
    AUTH_PATHS.captcha,
    { schema: { tags, summary: '获取图形验证码', response: { 200: Envelope(CaptchaResponse) } }, config: open, onSend: noStore },
    async () => ok(await createCaptcha(app.db, captchaKey, opts.captchaTestAnswer)),
  );

  // The same captcha spoken (issue 24): the query string never reaches the log (app.ts redacts it).
  app.get(
    AUTH_PATHS.captchaAudio,
    {
      schema: {
        tags,
        summary: '获取语音验证码（同一验证码的数字，普通话朗读，audio/wav）',
        querystring: CaptchaAudioQuery,
        response: { 200: { description: '单声道 16 位 PCM WAV', content: { 'audio/wav': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } } } },
      },
      config: open,
      onSend: noStore,
    },
    async (request, reply) => {
      const answer = await captchaAnswer(app.db, captchaKey, request.query.codeIndex, opts.captchaTestAnswer);
      return reply.type('audio/wav').send(speakDigits(answer, clips));
    },
  );

  app.post(
    AUTH_PATHS.checkCode,
    { schema: { tags, summary: '校验验证码（不消耗）', body: CheckCodeBody, response: { 200: Envelope(Type.Null()) } }, config: open },
    async (request) => {
      await checkCaptcha(app.db, request.body.codeIndex, request.body.vierifyCode, false);
      return ok(null, MSG.ok);
    },
  );

  app.post(
    AUTH_PATHS.token,
    { schema: { tags, summary: '密码登录（JSON 或表单）', body: TokenBody, response: { 200: TokenAnswer } }, config: open, onSend: noStore },
    async (request) => tokenAnswer(await login(deps, request.ctx, request.body, request.headers['user-agent'])),
  );

  app.post(
    AUTH_PATHS.refresh,
    { schema: { tags, summary: '刷新令牌（轮换）', body: RefreshBody, response: { 200: TokenAnswer } }, config: { ...open, changesLogins: true }, onSend: noStore },
    async (request) => tokenAnswer(await refresh(deps, request.ctx, request.body.refresh_token)),
  );

  app.post(
    AUTH_PATHS.logout,
    {
      schema: {
        tags,
        summary: '退出登录（吊销本次登录的全部刷新令牌）',
        body: Type.Object({ refresh_token: Type.Optional(Type.String({ title: '刷新令牌', maxLength: 256 })) }),
        response: { 200: Envelope(Type.Null()) },
      },
      config: { access: 'public', changesLogins: true },
      // The original client posts no body at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      await logout(deps, request.ctx, bearerToken(request), request.body.refresh_token);
      return ok(null, OWN_MSG.loggedOut);
    },
  );

  app.post(
    AUTH_PATHS.register,
    { schema: { tags, summary: '注册企业账户', body: RegisterBody, response: { 200: Envelope(Type.Null()) } }, config: open },
    async (request) => {
      await register(app, request.ctx, request.body);
      return ok(null, OWN_MSG.registered);
    },
  );

  // 忘记密码 (docs/mail.md), on the login's budget.
  app.post(
    PASSWORD_RESET_PATHS.request,
    { schema: { tags, summary: '忘记密码：申请重置链接（无论账号是否存在，回答相同）', body: ResetRequestBody, response: { 200: Envelope(Type.Null()) } }, config: open },
    async (request) => {
      await requestPasswordReset({ db: app.db, resetJobs }, request.ctx, request.body);
      return ok(null, RESET_MSG.requested);
    },
  );

  app.post(
    PASSWORD_RESET_PATHS.reset,
    { schema: { tags, summary: '忘记密码：凭邮件链接设置新密码（成功后本账号全部登录失效）', body: ResetBody, response: { 200: Envelope(Type.Null()) } }, config: { ...open, changesLogins: true } },
    async (request) => {
      await resetPassword(app.db, request.ctx, request.body);
      return ok(null, RESET_MSG.done);
    },
  );
};

export default routes;

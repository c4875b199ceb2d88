import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { sql } from 'drizzle-orm';
import { AUTH_PATHS, PlatformInfo } from '@hqt/contract/auth';
import { Envelope } from '@hqt/contract/envelope';
import type { Config } from '../../config';
import { ok } from '../../lib/envelope';

const routes: FastifyPluginAsyncTypebox<{ platform: Config['platform']; passwordResetByEmail: boolean }> = async (app, opts) => {
  app.get(
    AUTH_PATHS.platformName,
    { schema: { tags: ['平台'], summary: '平台名称与主办单位（公开）', response: { 200: Envelope(PlatformInfo) } }, config: { access: 'public' } },
    async () => {
      const { name, trialRun, logoUrl, bureau, site } = opts.platform;
      return ok({ platformName: name, trialRun, logoUrl, bureau, site, passwordResetByEmail: opts.passwordResetByEmail });
    },
  );

  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: Envelope(Type.Object({ status: Type.String() })) } } },
    async () => {
      await app.db.execute(sql`select 1`);
      return ok({ status: 'ok' });
    },
  );
};

export default routes;

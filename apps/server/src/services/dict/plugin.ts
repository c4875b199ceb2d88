// The dictionary service: every node's cached dictionaries (app.dicts) and the spec's
// getsondatalist. Other services read dictionaries through `public.ts`.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { Envelope } from '@hqt/contract/envelope';
import { DictItem, DictQuery, POLICY_PATHS } from '@hqt/contract/policy';
import { badRequest } from '../../lib/errors';
import { ok } from '../../lib/envelope';
import { DictionaryStore, dictTypeOf } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    dicts: DictionaryStore;
  }
}

const dictPlugin: FastifyPluginAsyncTypebox<{ connectionString: string }> = async (app, opts) => {
  const store = new DictionaryStore(app.db, opts.connectionString, (err) => app.log.warn({ err }, 'dictionary listener lost; reconnecting'));
  await store.start();
  app.decorate('dicts', store);
  app.addHook('onReady', async () => store.usage.freeze());
  app.addHook('onClose', () => store.stop());

  app.get(
    POLICY_PATHS.dictionary,
    {
      schema: { tags: ['字典'], summary: '字典项', querystring: DictQuery, response: { 200: Envelope(Type.Array(DictItem)) } },
      config: { access: 'public' },
    },
    async (request) => {
      const type = dictTypeOf(request.query.Dict_Type);
      if (!type) throw badRequest(`未知的字典类型：${request.query.Dict_Type.slice(0, 40)}`);
      return ok(await store.items(type));
    },
  );
};

export default fp(dictPlugin, { name: 'dict', dependencies: ['db', 'auth'] });

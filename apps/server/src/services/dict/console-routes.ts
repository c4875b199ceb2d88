// The staff console's dictionaries (管理员).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ConsoleIdParams } from '@hqt/contract/console';
import { ConsoleDictItem, ConsoleDictType, DICT_CONSOLE_PATHS, DictItemInput, DictTypeParams } from '@hqt/contract/dict-console';
import { Envelope } from '@hqt/contract/envelope';
import { MSG } from '@hqt/contract/messages';
import { ok } from '../../lib/envelope';
import { signedIn } from '../../lib/ctx';
import { consoleDictType, createDictItem, deleteDictItem, dictItemList, dictTypes, updateDictItem } from './console';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['字典管理'];
  const config = { access: 'admin' } as const;
  const deps = { db: app.db, dicts: app.dicts };

  app.get(
    DICT_CONSOLE_PATHS.dictTypes,
    { schema: { tags, summary: '字典类型', response: { 200: Envelope(Type.Array(ConsoleDictType)) } }, config },
    async () => ok(await dictTypes(app.db)),
  );

  app.get(
    DICT_CONSOLE_PATHS.dictItems,
    { schema: { tags, summary: '字典项（含已停用，附使用数）', params: DictTypeParams, response: { 200: Envelope(Type.Array(ConsoleDictItem)) } }, config },
    async (request) => ok(await dictItemList(app, consoleDictType(request.params.type))),
  );

  app.post(
    DICT_CONSOLE_PATHS.dictItems,
    { schema: { tags, summary: '新增字典项', params: DictTypeParams, body: DictItemInput, response: { 200: Envelope(ConsoleDictItem) } }, config },
    async (request) => ok(await createDictItem(deps, signedIn(request), consoleDictType(request.params.type), request.body), MSG.ok),
  );

  app.put(
    DICT_CONSOLE_PATHS.dictItem,
    { schema: { tags, summary: '修改字典项（编码不可改）', params: ConsoleIdParams, body: DictItemInput, response: { 200: Envelope(ConsoleDictItem) } }, config },
    async (request) => ok(await updateDictItem(deps, signedIn(request), request.params.id, request.body), MSG.saved),
  );

  app.delete(
    DICT_CONSOLE_PATHS.dictItem,
    { schema: { tags, summary: '删除字典项（使用中的只能停用）', params: ConsoleIdParams, response: { 200: Envelope(Type.Null()) } }, config },
    async (request) => {
      await deleteDictItem(deps, signedIn(request), request.params.id);
      return ok(null, MSG.ok);
    },
  );
};

export default routes;

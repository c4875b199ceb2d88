// The dictionaries in the console (管理员, services/dict). What the portal reads of them is policy.ts's
// DICT_TYPES and its dictionary call.
import Type from 'typebox';
import { CONSOLE_PREFIX, TextField } from './console';

export const DICT_CONSOLE_PATHS = {
  dictTypes: `${CONSOLE_PREFIX}/dicts`,
  dictItems: `${CONSOLE_PREFIX}/dicts/:type/items`,
  dictItem: `${CONSOLE_PREFIX}/dicts/items/:id`,
} as const;

export const ConsoleDictType = Type.Object({ type: Type.String(), name: Type.String(), itemCount: Type.Integer(), extraFields: Type.Array(Type.Object({ key: Type.String(), label: Type.String() })) });
export type ConsoleDictType = Type.Static<typeof ConsoleDictType>;
export const DictTypeParams = Type.Object({ type: Type.String({ title: '字典类型', maxLength: 40 }) });

export const ConsoleDictItem = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  label: Type.String(),
  sort: Type.Integer(),
  disabled: Type.Boolean(),
  extra: Type.Union([Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])), Type.Null()]),
  /** How many items of content use it: one in use cannot be deleted, only disabled. */
  usage: Type.Integer(),
});
export type ConsoleDictItem = Type.Static<typeof ConsoleDictItem>;

export const DictItemInput = Type.Object({
  code: Type.String({ title: '编码', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$', errorMessage: '编码只能包含字母、数字、下划线或连字符' }),
  label: TextField('名称', 100, 1),
  sort: Type.Integer({ title: '排序', minimum: 0, maximum: 9999 }),
  disabled: Type.Boolean({ title: '停用' }),
  extra: Type.Union([Type.Record(Type.String({ maxLength: 40 }), Type.Union([Type.String({ maxLength: 200 }), Type.Number({ minimum: 0, maximum: 1_000_000 })]), { maxProperties: 10 }), Type.Null()]),
});
export type DictItemInput = Type.Static<typeof DictItemInput>;

export const DICT_CONSOLE_MSG = {
  dictTypeUnknown: '字典类型不存在',
  dictItemNotFound: '字典项不存在',
  dictCodeTaken: '该编码已存在',
  dictItemInUse: (n: number) => `该字典项正被 ${n} 条内容使用，不能删除，只能停用`,
} as const;

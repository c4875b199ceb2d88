// The system pages' console calls, typed by the contract: the dictionaries and the audit log.
import { AUDIT_CONSOLE_PATHS, type AuditPageQuery, type AuditRow } from '@hqt/contract/audit';
import { type ConsoleDictItem, type ConsoleDictType, DICT_CONSOLE_PATHS, type DictItemInput } from '@hqt/contract/dict-console';
import { consolePath } from '@hqt/contract/console';
import type { PageOf } from '@hqt/contract/envelope';
import { http } from '@/shared/api/http';

export const systemApi = {
  dictTypes: () => http.get<ConsoleDictType[]>(DICT_CONSOLE_PATHS.dictTypes),
  dictItems: (type: string) => http.get<ConsoleDictItem[]>(consolePath(DICT_CONSOLE_PATHS.dictItems, { type })),
  createDictItem: (type: string, input: DictItemInput) => http.post<unknown>(consolePath(DICT_CONSOLE_PATHS.dictItems, { type }), input),
  updateDictItem: (id: number, input: DictItemInput) => http.put<unknown>(consolePath(DICT_CONSOLE_PATHS.dictItem, { id }), input),
  deleteDictItem: (id: number) => http.delete<unknown>(consolePath(DICT_CONSOLE_PATHS.dictItem, { id })),

  auditPage: (query: AuditPageQuery) => http.post<PageOf<AuditRow>>(AUDIT_CONSOLE_PATHS.auditPage, query),
};

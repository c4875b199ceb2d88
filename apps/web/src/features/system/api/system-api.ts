// The system pages' console calls, typed by the contract: the dictionaries and the audit log.
import type { AuditPageQuery, AuditRow, ConsoleDictItem, ConsoleDictType, DictItemInput } from '@hqt/contract/console';
import { CONSOLE_PATHS, consolePath } from '@hqt/contract/console';
import type { PageOf } from '@hqt/contract/envelope';
import { http } from '@/shared/api/http';

export const systemApi = {
  dictTypes: () => http.get<ConsoleDictType[]>(CONSOLE_PATHS.dictTypes),
  dictItems: (type: string) => http.get<ConsoleDictItem[]>(consolePath(CONSOLE_PATHS.dictItems, { type })),
  createDictItem: (type: string, input: DictItemInput) => http.post<unknown>(consolePath(CONSOLE_PATHS.dictItems, { type }), input),
  updateDictItem: (id: number, input: DictItemInput) => http.put<unknown>(consolePath(CONSOLE_PATHS.dictItem, { id }), input),
  deleteDictItem: (id: number) => http.delete<unknown>(consolePath(CONSOLE_PATHS.dictItem, { id })),

  auditPage: (query: AuditPageQuery) => http.post<PageOf<AuditRow>>(CONSOLE_PATHS.auditPage, query),
};

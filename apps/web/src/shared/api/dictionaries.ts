// The dictionaries (getsondatalist) every page reads codes and labels from: fetched once per page
// load and type, shared by the portal's filters and the console's forms.
import { queryOptions, useQueries } from '@tanstack/react-query';
import { POLICY_PATHS, type DictItem, type DictType } from '@hqt/contract/policy';
import { http } from './http';

export const dictionaryQuery = (type: DictType) =>
  queryOptions({
    queryKey: ['dictionary', type],
    queryFn: () => http.get<DictItem[]>(POLICY_PATHS.dictionary, { params: { Dict_Type: type } }),
    staleTime: Infinity,
  });

export interface DictionaryLookup {
  /** The select options of a dictionary (by its key, e.g. `industry`). */
  options: (dict: string) => { value: string; label: string }[];
  /** A code's label, or the code itself when it is unknown. */
  labelOf: (dict: string, code: string) => string;
  ready: boolean;
}

/** Several dictionaries at once, as options and a label lookup (a form needs both). */
export function useDictionaries(types: readonly DictType[]): DictionaryLookup {
  const results = useQueries({ queries: types.map(dictionaryQuery) });
  const byType = new Map(types.map((t, i) => [t as string, results[i]?.data ?? []]));
  return {
    options: (dict) => (byType.get(dict) ?? []).map((i) => ({ value: i.code, label: i.label })),
    labelOf: (dict, code) => byType.get(dict)?.find((i) => i.code === code)?.label ?? code,
    ready: results.every((r) => r.data !== undefined),
  };
}

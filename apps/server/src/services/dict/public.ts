// What other services may use of the dictionary service.
import type { DictType } from '@hqt/contract/policy';
import { DICT_TYPES } from '@hqt/contract/dictionaries';
import { badRequest } from '../../lib/errors';
import type { Dictionaries } from './store';

export { dictLabel, type Dictionaries, type DictionaryStore } from './store';
export { codesIn } from './usage';
export { DICTIONARIES, ensureDictionaries } from './reference-data';

/** A filter or field value must be a code of its dictionary: a typo gets a clear answer, not an empty page. */
export function dictCode(dicts: Dictionaries, type: DictType, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!dicts.get(type)?.has(value)) throw badRequest(`未知的${DICT_TYPES[type]}：${value.slice(0, 40)}`);
  return value;
}

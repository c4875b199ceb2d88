// Dictionaries are read on nearly every page and change rarely: each node keeps them in memory
// (lib/notified-cache.ts) and drops its copy when a trigger on dict_items notifies `hqt_dict_changed`.
import { asc } from 'drizzle-orm';
import { DICT_TYPES } from '@hqt/contract/dictionaries';
import type { DictItem, DictType } from '@hqt/contract/policy';
import type { Db } from '../../db/client';
import { dictItems } from '../../db/schema/index';
import { NotifiedCache } from '../../lib/notified-cache';
import { DictUsage } from './usage';

/** A disabled item is offered no more, but the content that uses it keeps its label. */
export type StoredDictItem = DictItem & { disabled: boolean };
export type Dictionaries = ReadonlyMap<string, ReadonlyMap<string, StoredDictItem>>;

export class DictionaryStore {
  private readonly cache: NotifiedCache<Dictionaries>;

  constructor(
    private readonly db: Db,
    connectionString: string,
    onError: (err: Error) => void,
  ) {
    this.cache = new NotifiedCache({ connectionString, channel: 'hqt_dict_changed', load: () => this.load(), onError });
  }

  /** Where each dictionary's codes are used, as the services contribute it (usage.ts). */
  readonly usage = new DictUsage();
  usedBy: DictUsage['usedBy'] = (type, ...sources) => this.usage.usedBy(type, ...sources);

  start = () => this.cache.start();
  stop = () => this.cache.stop();
  invalidate = () => this.cache.invalidate();
  all = () => this.cache.get();

  /** What a select list offers: the items in use, without the disabled ones. */
  async items(type: DictType): Promise<DictItem[]> {
    return [...((await this.all()).get(type)?.values() ?? [])].filter((i) => !i.disabled).map(({ code, label, extra }) => ({ code, label, extra }));
  }

  private async load(): Promise<Dictionaries> {
    const rows = await this.db.select().from(dictItems).orderBy(asc(dictItems.dictType), asc(dictItems.sort), asc(dictItems.id));
    const dicts = new Map<string, Map<string, StoredDictItem>>();
    for (const r of rows) {
      if (!dicts.has(r.dictType)) dicts.set(r.dictType, new Map());
      dicts.get(r.dictType)!.set(r.code, { code: r.code, label: r.label, extra: r.extra ?? null, disabled: r.disabled });
    }
    return dicts;
  }
}

/** A code's label (a disabled code's too), or the code itself when the dictionary no longer has it. */
export const dictLabel = (dicts: Dictionaries, type: DictType, code: string) => dicts.get(type)?.get(code)?.label ?? code;

/** A dictionary named by our key (policyLevel) or by its Chinese name (政策层级), as the spec's client sends it. */
export const dictTypeOf = (name: string): DictType | undefined =>
  (Object.keys(DICT_TYPES) as DictType[]).find((k) => k === name || DICT_TYPES[k] === name);

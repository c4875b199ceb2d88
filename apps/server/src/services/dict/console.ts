// The administrator edits the dictionaries (the staff console). Writes go to dict_items, whose
// trigger tells every node to drop its copy (migration 0004); this node drops its own at once too,
// so the next read after a change is never the old one.
import { and, asc, count, eq } from 'drizzle-orm';
import { type ConsoleDictItem, type ConsoleDictType, DICT_CONSOLE_MSG, type DictItemInput } from '@hqt/contract/dict-console';
import { DICT_TYPES, type DictType } from '@hqt/contract/dictionaries';
import type { Db, DbOrTx } from '../../db/client';
import { dictItems } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { SignedInCtx } from '../../lib/ctx';
import { badRequest, isUniqueViolation, notFound } from '../../lib/errors';
import { dictTypeOf, type DictionaryStore } from './store';

export const DICT_AUDIT = { created: 'dict.created', updated: 'dict.updated', deleted: 'dict.deleted' } as const;

export interface DictDeps {
  db: Db;
  dicts: DictionaryStore;
}

/** The extra values a dictionary's items carry (the console shows a field for each). */
const EXTRA_FIELDS: Partial<Record<DictType, { key: string; label: string }[]>> = {
  department: [
    { key: 'address', label: '办公地址' },
    { key: 'phone', label: '联系电话' },
  ],
  appealCategory: [{ key: 'limitDays', label: '办理时限（工作日）' }],
};

const LIMIT_DAYS_MSG = '办理时限须为 1 至 365 之间的整数（工作日）';

export function consoleDictType(name: string): DictType {
  const type = dictTypeOf(name);
  if (!type) throw notFound(DICT_CONSOLE_MSG.dictTypeUnknown);
  return type;
}

export async function dictTypes(db: Db): Promise<ConsoleDictType[]> {
  const counts = await db.select({ type: dictItems.dictType, n: count() }).from(dictItems).groupBy(dictItems.dictType);
  return (Object.keys(DICT_TYPES) as DictType[]).map((type) => ({
    type,
    name: DICT_TYPES[type],
    itemCount: counts.find((c) => c.type === type)?.n ?? 0,
    extraFields: EXTRA_FIELDS[type] ?? [],
  }));
}

type Item = typeof dictItems.$inferSelect;
const snapshot = ({ code, label, sort, disabled, extra }: Pick<Item, 'code' | 'label' | 'sort' | 'disabled' | 'extra'>) => ({ code, label, sort, disabled, extra });

/** Every item, the disabled ones too, with how much content uses each. */
export async function dictItemList({ db, dicts }: DictDeps, type: DictType): Promise<ConsoleDictItem[]> {
  const [rows, usage] = await Promise.all([
    db.select().from(dictItems).where(eq(dictItems.dictType, type)).orderBy(asc(dictItems.sort), asc(dictItems.id)),
    dicts.usage.count(db, type),
  ]);
  return rows.map((r) => ({ id: r.id, ...snapshot(r), usage: usage.get(r.code) ?? 0 }));
}

/** Only the extras the dictionary declares; an appeal category's time limit is a whole number of working days. */
function checkedExtra(type: DictType, extra: DictItemInput['extra']): Item['extra'] {
  const fields = EXTRA_FIELDS[type] ?? [];
  const entries = Object.entries(extra ?? {});
  const unknown = entries.find(([key]) => !fields.some((f) => f.key === key));
  if (unknown) throw badRequest(`${DICT_TYPES[type]}没有附加项「${unknown[0].slice(0, 40)}」`);
  if (type === 'appealCategory') {
    // The validator's coercion turns a number in the extras' string-or-number union into a string.
    const days = Number(extra?.limitDays);
    if (!/^\d+$/.test(String(extra?.limitDays ?? '')) || days < 1 || days > 365) throw badRequest(LIMIT_DAYS_MSG);
    return { ...extra, limitDays: days };
  }
  return entries.length ? Object.fromEntries(entries) : null;
}

export async function createDictItem({ db, dicts }: DictDeps, ctx: SignedInCtx, type: DictType, input: DictItemInput): Promise<ConsoleDictItem> {
  const values = { dictType: type, code: input.code, label: input.label.trim(), sort: input.sort, disabled: input.disabled, extra: checkedExtra(type, input.extra) };
  try {
    const row = await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: dictItems.id }).from(dictItems).where(and(eq(dictItems.dictType, type), eq(dictItems.code, input.code)));
      if (taken) throw badRequest(DICT_CONSOLE_MSG.dictCodeTaken);
      const [created] = await tx.insert(dictItems).values(values).returning();
      await audit(tx, ctx, DICT_AUDIT.created, { type, after: snapshot(created!) });
      return created!;
    });
    dicts.invalidate();
    return { id: row.id, ...snapshot(row), usage: 0 };
  } catch (err) {
    // Two administrators adding one code at once: the unique index lets one through.
    if (isUniqueViolation(err)) throw badRequest(DICT_CONSOLE_MSG.dictCodeTaken);
    throw err;
  }
}

async function lockItem(tx: DbOrTx, id: number): Promise<Item & { type: DictType }> {
  const [row] = await tx.select().from(dictItems).where(eq(dictItems.id, id)).for('update');
  const type = row && dictTypeOf(row.dictType);
  if (!row || !type) throw notFound(DICT_CONSOLE_MSG.dictItemNotFound);
  return { ...row, type };
}

/** Label, order, disabled and extras change; the code does not (content refers to items by it). */
export async function updateDictItem({ db, dicts }: DictDeps, ctx: SignedInCtx, id: number, input: DictItemInput): Promise<ConsoleDictItem> {
  const row = await db.transaction(async (tx) => {
    const before = await lockItem(tx, id);
    if (input.code !== before.code) throw badRequest(`字典项编码不能修改（原编码为「${before.code}」）`);
    const [after] = await tx
      .update(dictItems)
      .set({ label: input.label.trim(), sort: input.sort, disabled: input.disabled, extra: checkedExtra(before.type, input.extra) })
      .where(eq(dictItems.id, id))
      .returning();
    await audit(tx, ctx, DICT_AUDIT.updated, { type: before.type, before: snapshot(before), after: snapshot(after!) });
    return { ...after!, type: before.type };
  });
  dicts.invalidate();
  return { id, ...snapshot(row), usage: (await dicts.usage.count(db, row.type, row.code)).get(row.code) ?? 0 };
}

/** Only an item nothing uses may go; one in use can be disabled instead. */
export async function deleteDictItem({ db, dicts }: DictDeps, ctx: SignedInCtx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockItem(tx, id);
    const used = (await dicts.usage.count(tx, before.type, before.code)).get(before.code) ?? 0;
    if (used > 0) throw badRequest(DICT_CONSOLE_MSG.dictItemInUse(used));
    await tx.delete(dictItems).where(eq(dictItems.id, id));
    await audit(tx, ctx, DICT_AUDIT.deleted, { type: before.type, before: snapshot(before) });
  });
  dicts.invalidate();
}

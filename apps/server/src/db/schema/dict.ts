import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Dictionary items (政策层级, 发文部门, 行业 …). A change notifies every node (migration 0003). */
export const dictItems = pgTable(
  'dict_items',
  {
    id: serial('id').primaryKey(),
    dictType: text('dict_type').notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    sort: integer('sort').notNull().default(0),
    extra: jsonb('extra').$type<Record<string, string | number>>(),
    /** A disabled item is offered no more but still names what used it (one in use cannot be deleted). */
    disabled: boolean('disabled').notNull().default(false),
  },
  (t) => [uniqueIndex('dict_items_type_code_key').on(t.dictType, t.code)],
);

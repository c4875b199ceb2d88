import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './account';

/** An enterprise held by an account (one account may hold several: 集团/分公司). */
export const enterprises = pgTable(
  'enterprises',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** 统一社会信用代码, validated by its GB 32100 check character before it is stored. */
    creditCode: text('credit_code').notNull(),
    contactPhone: text('contact_phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enterprises_credit_code_key').on(t.creditCode),
    index('enterprises_account_idx').on(t.accountId),
    index('enterprises_name_idx').on(sql`lower(${t.name})`),
  ],
);

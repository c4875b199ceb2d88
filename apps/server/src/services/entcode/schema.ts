import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ENTCODE_STATUS_LIST, ENTCODE_VIEWER_LIST } from '@hqt/contract/entcode';
import { enterprises } from '../../db/schema/enterprise';

const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * 企业码: tied to a 统一社会信用代码 for life. `enterprise_id` is the enterprise row that holds the
 * credit code now (a deleted and re-added enterprise gets its old code back: the row is pointed at
 * the new enterprise). Its state is `status` (ENTCODE_FLOW, moved only by the workflow's step());
 * its timeline is in workflow_steps (kind `entcode`). A reissued code is `replaced`, pointing at
 * the code that replaced it.
 */
export const enterpriseCodes = pgTable(
  'enterprise_codes',
  {
    id: serial('id').primaryKey(),
    /** 10 symbols of ENTCODE_ALPHABET, the last a check character. */
    code: text('code').notNull().unique('enterprise_codes_code_key'),
    creditCode: text('credit_code').notNull(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('active'),
    replacedBy: integer('replaced_by'),
    /** The reason of the last step (freeze, revoke, reissue …). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('enterprise_codes_status_check', sql`${t.status} in ${inList(ENTCODE_STATUS_LIST)}`),
    foreignKey({ name: 'enterprise_codes_replaced_by_fk', columns: [t.replacedBy], foreignColumns: [t.id] }).onDelete('restrict'),
    // One code per enterprise and no more: at most one live (active or frozen) code per credit code,
    // decided by PostgreSQL when two saves race.
    uniqueIndex('enterprise_codes_live_key').on(t.creditCode).where(sql`${t.status} in ('active', 'frozen')`),
    index('enterprise_codes_credit_code_idx').on(t.creditCode),
    index('enterprise_codes_enterprise_idx').on(t.enterpriseId),
    index('enterprise_codes_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** One scan (a look-up of the card): which code, by whom (visitor, owner, staff), when. No address. */
export const enterpriseCodeScans = pgTable(
  'enterprise_code_scans',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => enterpriseCodes.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('enterprise_code_scans_viewer_check', sql`${t.viewer} in ${inList(ENTCODE_VIEWER_LIST)}`),
    index('enterprise_code_scans_code_at_idx').on(t.codeId, t.at.desc()),
    index('enterprise_code_scans_at_idx').on(t.at),
  ],
);

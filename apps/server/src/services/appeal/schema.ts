import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { APPEAL_RATING_LIST, APPEAL_STATUS_LIST } from '@hqt/contract/appeal';
import { accounts } from '../../db/schema/account';
import { enterprises } from '../../db/schema/enterprise';
import { guides } from '../../db/schema/policy';

const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * One enterprise's demand (企业诉求). Its state is `status` (APPEAL_FLOW, moved only by the
 * workflow's step()); its category is a code of the dictionary `appealCategory`; its timeline is in
 * workflow_steps (kind `appeal`). `due_at` is stored when the clock starts (accepted; reopened for
 * 整改): the end of the China day on which the limit's last working day falls. `accept_due_at` is
 * the 受理 clock's, stored at filing: the end of the APPEAL_RESPONSE_DAYS-th working day after it.
 */
export const appeals = pgTable(
  'appeals',
  {
    id: serial('id').primaryKey(),
    /** SQ20261125-0007, taken last in the filing's transaction (null only inside it). */
    number: text('number').unique('appeals_number_key'),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'restrict' }),
    /** The account that filed it. */
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    /** A code of the dictionary `appealCategory` (its label and 办理时限 are the dictionary's). */
    category: text('category').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    contact: text('contact').notNull(),
    phone: text('phone').notNull(),
    guideId: integer('guide_id').references(() => guides.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('submitted'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** 受理 by then (APPEAL_RESPONSE_DAYS working days after the filing's day, to that day's end); null in a year without a published calendar. */
    acceptDueAt: timestamp('accept_due_at', { withTimezone: true }),
    department: text('department'),
    handlerId: integer('handler_id').references(() => accounts.id, { onDelete: 'set null' }),
    reopenCount: integer('reopen_count').notNull().default(0),
    /** A pending request to extend the due date by this many working days (an administrator decides). */
    extensionDays: integer('extension_days'),
    rating: text('rating'),
    comment: text('comment'),
    /** When the invitation to rate the current reply went out (once per reply). */
    rateInvitedAt: timestamp('rate_invited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the appeal came from, when another service's item gave rise to it: that item's kind and id
     * (a visit, `visit`), and for an appeal that service filed, the key of what it filed within it (a
     * problem raised on the visit). Opaque here, no foreign key: the source's service vouches for it.
     */
    sourceKind: text('source_kind'),
    sourceId: integer('source_id'),
    sourceKey: text('source_key'),
  },
  (t) => [
    check('appeals_status_check', sql`${t.status} in ${inList(APPEAL_STATUS_LIST)}`),
    check('appeals_rating_check', sql`${t.rating} is null or ${t.rating} in ${inList(APPEAL_RATING_LIST)}`),
    // The staff queue's first page (newest first, by status) and an enterprise's list. NULLS FIRST
    // as `order by … desc` sorts: an index in the other null order cannot give that order at all.
    index('appeals_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('appeals_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('appeals_enterprise_created_idx').on(t.enterpriseId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The queue filtered by category, department or handler (with a status or not): its page walks
    // one of these newest first, its capped total and its tabs' counts are index-only scans
    // (docs/appeal.md, Scale). The handler's also serves the accounts' on-delete set null.
    index('appeals_category_status_created_idx').on(t.category, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('appeals_department_status_created_idx').on(t.department, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('appeals_handler_status_created_idx').on(t.handlerId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The jobs: replies waiting for a rating; open appeals by due date (with the department and the
    // handler: the queue's due soon / overdue total and tabs under those filters read the index only).
    // Each problem of a visit files one appeal, however often its summary is saved; a source's
    // appeals are read by its kind and id.
    uniqueIndex('appeals_source_key').on(t.sourceKind, t.sourceId, t.sourceKey),
    check('appeals_source_check', sql`(${t.sourceKind} is null) = (${t.sourceId} is null) and (${t.sourceKey} is null or ${t.sourceId} is not null)`),
    index('appeals_replied_idx').on(t.repliedAt).where(sql`${t.status} = 'replied'`),
    index('appeals_due_idx').on(t.dueAt, t.department, t.handlerId).where(sql`${t.status} in ('accepted', 'supplementing', 'reopened')`),
    // 待受理超时: the appeals still 已提交, by their 受理 deadline (the queue's filter, the 工作台).
    index('appeals_accept_due_idx').on(t.acceptDueAt).where(sql`${t.status} = 'submitted'`),
  ],
);

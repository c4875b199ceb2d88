import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { APPEAL_RATING_LIST, isBadRating, type AppealRating } from '@hqt/contract/appeal';
import { VISIT_METHOD_LIST, VISIT_STATUS_LIST, type TimeSpan } from '@hqt/contract/visit';
import { accounts } from '../../db/schema/account';
import { enterprises } from '../../db/schema/enterprise';

const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);

/** 不满意 and 非常不满意: an appraisal the bureau's leadership follows up (the console's badAppraisal filter). */
export const VISIT_BAD_RATINGS = APPEAL_RATING_LIST.filter(isBadRating);

/**
 * One visit to an enterprise (企业走访/预约). Its state is `status` (VISIT_FLOW, moved only by the
 * workflow's step()); its type is a code of the dictionary `visitType`; its timeline is in
 * workflow_steps (kind `visit`), starting with the plan or the request. The time is [starts_at,
 * ends_at): null only while an enterprise's request waits for staff to schedule it.
 */
export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    /** ZF20261125-0003, taken last in the creating transaction (null only inside it). */
    number: text('number').unique('visits_number_key'),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'restrict' }),
    origin: text('origin').notNull(),
    subject: text('subject').notNull(),
    type: text('type'),
    method: text('method'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    place: text('place'),
    status: text('status').notNull(),
    /** The enterprise's request: two or three times that suit it, and what it wants to discuss. */
    preferredTimes: jsonb('preferred_times').$type<TimeSpan[]>(),
    topics: text('topics'),
    /** The time the enterprise proposed (改期协商), until staff accept it or propose again. */
    proposedStartsAt: timestamp('proposed_starts_at', { withTimezone: true }),
    proposedEndsAt: timestamp('proposed_ends_at', { withTimezone: true }),
    /** The last decline, refusal or cancellation's reason. */
    note: text('note'),
    summary: text('summary'),
    guideIds: integer('guide_ids').array().notNull().default(sql`'{}'::integer[]`),
    writtenAt: timestamp('written_at', { withTimezone: true }),
    writtenBy: integer('written_by').references(() => accounts.id, { onDelete: 'set null' }),
    rating: text('rating').$type<AppealRating>(),
    comment: text('comment'),
    appraisedAt: timestamp('appraised_at', { withTimezone: true }),
    /** When the reminder of the working day before went out (once per visit). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('visits_status_check', sql`${t.status} in ${inList(VISIT_STATUS_LIST)}`),
    check('visits_origin_check', sql`${t.origin} in ('staff', 'enterprise')`),
    check('visits_method_check', sql`${t.method} is null or ${t.method} in ${inList(VISIT_METHOD_LIST)}`),
    check('visits_rating_check', sql`${t.rating} is null or ${t.rating} in ${inList(APPEAL_RATING_LIST)}`),
    check('visits_time_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    // The calendar's month or week (a range of starts_at) and the reminder job's next working day.
    index('visits_starts_idx').on(t.startsAt),
    // An enterprise's list, newest first, and the console's list.
    index('visits_enterprise_created_idx').on(t.enterpriseId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('visits_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('visits_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The leadership's queue (badAppraisal): a few per cent of the visits, newest first, without reading the rest.
    index('visits_bad_appraisal_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.rating} in ${inList(VISIT_BAD_RATINGS)}`),
  ],
);

/**
 * Who goes on a visit: staff accounts, one of them the lead (who writes the summary). The visit's
 * time is copied here (kept with the visit's by the service), so a staff member's clash check and
 * calendar are one range scan of `visit_staff_account_time_idx`.
 */
export const visitStaff = pgTable(
  'visit_staff',
  {
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    lead: boolean('lead').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'visit_staff_pkey', columns: [t.visitId, t.accountId] }),
    uniqueIndex('visit_staff_one_lead_key').on(t.visitId).where(sql`${t.lead}`),
    index('visit_staff_account_time_idx').on(t.accountId, t.startsAt, t.endsAt),
  ],
);

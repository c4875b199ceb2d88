import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BankAccount } from '@hqt/contract/apply';
import { OBJECTION_KINDS, OBJECTION_STATUS_LIST, OFFER_STATUS_LIST, RECOVERY_FLOW, PAYMENT_LIVE, PAYMENT_PARTS, PAYMENT_COMMITTED, PAYMENT_STATUS_LIST, PUBLICITY_FLOW } from '@hqt/contract/payout';
import { accounts } from '../../db/schema/account';
import { enterprises } from '../../db/schema/enterprise';
import { guides } from '../../db/schema/policy';
import { applications } from '../apply/public';

const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);
const money = (name: string) => numeric(name, { precision: 14, scale: 4, mode: 'number' });

/** A 公示 (docs/payout.md): PUBLICITY_FLOW's state; `ends_at` is the end of its last working day, its timer's moment. */
export const publicities = pgTable(
  'publicities',
  {
    id: serial('id').primaryKey(),
    /** GS20261204-0001, stamped last in the publishing transaction. */
    number: text('number').unique('publicities_number_key'),
    title: text('title').notNull(),
    status: text('status').notNull().default('open'),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    days: integer('days').notNull(),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('publicities_status_check', sql`${t.status} in ${inList(Object.keys(PUBLICITY_FLOW.states))}`), index('publicities_published_idx').on(t.publishedAt.desc(), t.id.desc())],
);

/** One listed application, as the public sees it: its enterprise's name, the guide, the amount, frozen when published. */
export const publicityEntries = pgTable(
  'publicity_entries',
  {
    id: serial('id').primaryKey(),
    publicityId: integer('publicity_id')
      .notNull()
      .references(() => publicities.id, { onDelete: 'restrict' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'restrict' }),
    enterpriseName: text('enterprise_name').notNull(),
    guideTitle: text('guide_title').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [unique('publicity_entries_application_key').on(t.publicityId, t.applicationId), index('publicity_entries_application_idx').on(t.applicationId)],
);

/**
 * An objection to an entry (OBJECTION_FLOW), by a signed-in account under a real name: an 异议 when
 * the account is the listed enterprise's, a 举报 otherwise. Its identity columns reach staff only.
 */
export const objections = pgTable(
  'objections',
  {
    id: serial('id').primaryKey(),
    number: text('number').unique('objections_number_key'),
    publicityId: integer('publicity_id')
      .notNull()
      .references(() => publicities.id, { onDelete: 'restrict' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => publicityEntries.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    /** The objector's account; null for a visitor's (told the outcome when looking it up by number and phone). */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    unitName: text('unit_name'),
    facts: text('facts').notNull(),
    status: text('status').notNull().default('submitted'),
    outcome: text('outcome'),
    decidedBy: integer('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('objections_kind_check', sql`${t.kind} in ${inList(Object.keys(OBJECTION_KINDS))}`),
    check('objections_status_check', sql`${t.status} in ${inList(OBJECTION_STATUS_LIST)}`),
    index('objections_entry_idx').on(t.entryId, t.status),
    index('objections_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('objections_account_idx').on(t.accountId, t.createdAt.desc()),
  ],
);

/** 资金下达: the document money is released under. */
export const fundReleases = pgTable('fund_releases', {
  id: serial('id').primaryKey(),
  docNumber: text('doc_number').notNull(),
  docDate: date('doc_date').notNull(),
  fund: text('fund').notNull(),
  createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A batch of instructions sent to the treasury together, and when its return file was read. */
export const paymentBatches = pgTable('payment_batches', {
  id: serial('id').primaryKey(),
  number: text('number').unique('payment_batches_number_key'),
  count: integer('count').notNull(),
  total: money('total').notNull(),
  createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  returnedAt: timestamp('returned_at', { withTimezone: true }),
});

/**
 * One payment instruction (PAYMENT_FLOW). `key` (the application's number and the attempt) is its
 * identity everywhere — unique, so a replayed 资金下达 or a retried request never makes a second;
 * one live instruction per application and part (`payments_live_key`). `approver_id`: who approved the
 * application (拟支持), whom the 授权 must not be.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique('payments_key_key'),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    attempt: integer('attempt').notNull(),
    /** What it pays of the application: the whole, or its 预拨 or 结算 (PAYMENT_PARTS). */
    part: text('part').notNull().default('whole'),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'restrict' }),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'restrict' }),
    /** The budget year it is paid from (the application's approval year). */
    year: integer('year').notNull(),
    amount: money('amount').notNull(),
    bankAccount: jsonb('bank_account').$type<BankAccount>().notNull(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => fundReleases.id, { onDelete: 'restrict' }),
    batchId: integer('batch_id').references(() => paymentBatches.id, { onDelete: 'restrict' }),
    approverId: integer('approver_id').references(() => accounts.id, { onDelete: 'set null' }),
    authorisedBy: integer('authorised_by').references(() => accounts.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    returnReason: text('return_reason'),
    paidOn: date('paid_on'),
    confirmedAmount: money('confirmed_amount'),
    missingNote: text('missing_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_status_check', sql`${t.status} in ${inList(PAYMENT_STATUS_LIST)}`),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_part_check', sql`${t.part} in ${inList(Object.keys(PAYMENT_PARTS))}`),
    uniqueIndex('payments_live_key').on(t.applicationId, t.part).where(sql`${t.status} in ${inList(PAYMENT_LIVE)}`),
    index('payments_status_idx').on(t.status, t.id.desc()),
    index('payments_batch_idx').on(t.batchId),
    // What a guide's year has committed of its 资金额度.
    index('payments_committed_idx').on(t.guideId, t.year).where(sql`${t.status} in ${inList(PAYMENT_COMMITTED)}`),
  ],
);

/**
 * 免申即享: one offer per guide, enterprise and year (OFFER_FLOW), made when the calculator's reverse
 * list names the enterprise; its confirmation files the application (`application_id`) at 拟支持.
 */
export const autoOffers = pgTable(
  'auto_offers',
  {
    id: serial('id').primaryKey(),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'restrict' }),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    /** The calculator's estimate when matched (万元); null when the rule cannot say. */
    amount: money('amount'),
    status: text('status').notNull().default('told'),
    /** The guide's window's end: unanswered by then, it expires (its timer). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('auto_offers_status_check', sql`${t.status} in ${inList(OFFER_STATUS_LIST)}`),
    unique('auto_offers_guide_enterprise_year_key').on(t.guideId, t.enterpriseId, t.year),
    // One offer files one application (and 申兑统计's join to it is one row or none).
    unique('auto_offers_application_key').on(t.applicationId),
    index('auto_offers_enterprise_idx').on(t.enterpriseId, t.createdAt.desc()),
    index('auto_offers_status_idx').on(t.status, t.guideId),
  ],
);

/** 追回 (RECOVERY_FLOW): money asked back of an arrived instruction; its sum never exceeds what was paid. */
export const recoveries = pgTable(
  'recoveries',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('open'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    recoveredAt: timestamp('recovered_at', { withTimezone: true }),
  },
  (t) => [check('recoveries_status_check', sql`${t.status} in ${inList(Object.keys(RECOVERY_FLOW.states))}`), check('recoveries_amount_check', sql`${t.amount} > 0`), index('recoveries_payment_idx').on(t.paymentId)],
);

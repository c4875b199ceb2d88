import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { APPLY_CLOCK_STATES, APPLY_OPEN_STATES, APPLY_STATUS_LIST, APPLY_SUPPORTED_STATES, MATERIAL_KIND_LIST, type ApplyFormBody, type BankAccount, type ChosenMaterials, type Correction, type FormValues, type Verdict } from '@hqt/contract/apply';
import { accounts } from '../../db/schema/account';
import { enterprises } from '../../db/schema/enterprise';
import { files } from '../../db/schema/files';
import { guides } from '../../db/schema/policy';

const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);
const money = (name: string) => numeric(name, { precision: 14, scale: 4, mode: 'number' });

/**
 * A guide's application form, one row per saved version (docs/apply.md): an application points at
 * the version it was filled on, so a later save never changes what was submitted.
 */
export const applyForms = pgTable(
  'apply_forms',
  {
    id: serial('id').primaryKey(),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    body: jsonb('body').$type<ApplyFormBody>().notNull(),
    savedBy: integer('saved_by').references(() => accounts.id, { onDelete: 'set null' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('apply_forms_guide_version_key').on(t.guideId, t.version)],
);

/** 企业材料库: an enterprise's documents, each with its file (attached under MATERIAL_KIND). */
export const enterpriseMaterials = pgTable(
  'enterprise_materials',
  {
    id: serial('id').primaryKey(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull().default(''),
    /** Null: valid without end. Past this China day it is expired: flagged, never chosen. */
    validUntil: date('valid_until'),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('enterprise_materials_kind_check', sql`${t.kind} in ${inList(MATERIAL_KIND_LIST)}`), index('enterprise_materials_enterprise_idx').on(t.enterpriseId, t.kind)],
);

/** 联审: each department's opinion, by code. */
export type JointOpinions = Record<string, { opinion: string; byId: number; by: string; at: string }>;

/**
 * One application (政策申兑). Its state is `status` (APPLY_FLOW, moved only by step()); its timeline
 * is in workflow_steps (kind `application`). `stage_due_at`: the end of the China day the current
 * stage's limit ends on, while its clock runs; at 补正 the working days left of it and of the
 * 快申快享 clock are kept instead (`*_days_left`) and counted again from the answer.
 */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    /** SB20261202-0001, taken last in the submission's transaction (null only inside it). */
    number: text('number').unique('applications_number_key'),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'restrict' }),
    /** The form version filled: frozen with the application. */
    formId: integer('form_id')
      .notNull()
      .references(() => applyForms.id, { onDelete: 'restrict' }),
    values: jsonb('values').$type<FormValues>().notNull(),
    commitment: jsonb('commitment').$type<{ text: string; signer: string; at: string }>().notNull(),
    bankAccount: jsonb('bank_account').$type<BankAccount>().notNull(),
    verdictAtSubmit: jsonb('verdict_at_submit').$type<Verdict>().notNull(),
    status: text('status').notNull().default('submitted'),
    stageDueAt: timestamp('stage_due_at', { withTimezone: true }),
    promiseDueAt: timestamp('promise_due_at', { withTimezone: true }),
    stageDaysLeft: integer('stage_days_left'),
    promiseDaysLeft: integer('promise_days_left'),
    corrections: jsonb('corrections').$type<Correction[]>().notNull().default([]),
    firstReviewerId: integer('first_reviewer_id').references(() => accounts.id, { onDelete: 'set null' }),
    proposedAmount: money('proposed_amount'),
    approvedAmount: money('approved_amount'),
    joint: jsonb('joint').$type<JointOpinions>().notNull().default({}),
    /** 不重复享受: the form's group, kept at submission; the year an approval counts in. */
    exclusiveGroup: text('exclusive_group'),
    approvedYear: integer('approved_year'),
    /** Kept for 申兑统计 (one aggregate over applications alone): the form's 兑现时限, and whether it is 免申即享. */
    promiseDays: integer('promise_days'),
    auto: boolean('auto').notNull().default(false),
    /** When the treasury's return file said it was paid (到账): 申兑统计 counts the days to it. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** 兑现评价 (好差评), once the support has arrived. */
    rating: text('rating'),
    ratingComment: text('rating_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('applications_status_check', sql`${t.status} in ${inList(APPLY_STATUS_LIST)}`),
    // One application in progress per enterprise and guide.
    uniqueIndex('applications_open_key').on(t.enterpriseId, t.guideId).where(sql`${t.status} in ${inList(APPLY_OPEN_STATES)}`),
    // The queue newest first (by status, by guide) and an enterprise's list.
    index('applications_status_submitted_idx').on(t.status, t.submittedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_submitted_idx').on(t.submittedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_guide_status_submitted_idx').on(t.guideId, t.status, t.submittedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_enterprise_submitted_idx').on(t.enterpriseId, t.submittedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Overdue: the open ones by their stage due date; the approved of a guide or group in a year (the budget, 不重复享受).
    index('applications_stage_due_idx').on(t.stageDueAt).where(sql`${t.status} in ${inList(APPLY_CLOCK_STATES)}`),
    index('applications_approved_idx').on(t.guideId, t.approvedYear).where(sql`${t.status} in ${inList(APPLY_SUPPORTED_STATES)}`),
    index('applications_exclusive_idx').on(t.enterpriseId, t.exclusiveGroup, t.approvedYear).where(sql`${t.status} in ${inList(APPLY_SUPPORTED_STATES)}`),
  ],
);

/** The library documents an application was submitted with, one per requirement's kind, as they stood then. */
export const applicationMaterials = pgTable(
  'application_materials',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** A document in use stays in the library (restrict): what was submitted can always be read. */
    materialId: integer('material_id')
      .notNull()
      .references(() => enterpriseMaterials.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    validUntil: date('valid_until'),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.kind] }), index('application_materials_material_idx').on(t.materialId)],
);

/** The draft of one enterprise's application for one guide, shared by its accounts. */
export const applicationDrafts = pgTable(
  'application_drafts',
  {
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    values: jsonb('values').$type<FormValues>().notNull(),
    materials: jsonb('materials').$type<ChosenMaterials>().notNull(),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.guideId] })],
);

/** 资金额度: a guide's budget for a year (万元). */
export const applyBudgets = pgTable(
  'apply_budgets',
  {
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    amount: money('amount').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guideId, t.year] })],
);

import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EnterpriseFacts } from '@hqt/contract/calculator-engine';
import type { EvaluationChanges } from '@hqt/contract/calculator';
import { accounts } from './account';

/**
 * An enterprise held by an account (one account may hold several: 集团/分公司), with the profile the
 * calculator reads. Deleting one marks it deleted: evaluations (and later appeals, visits, codes)
 * keep referring to it, and its credit code may be registered again.
 */
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
    legalPerson: text('legal_person'),
    nature: text('nature'),
    foundedOn: date('founded_on'),
    /** 万元. */
    registeredCapital: numeric('registered_capital', { precision: 16, scale: 2, mode: 'number' }),
    patents: integer('patents'),
    industry: text('industry'),
    scale: text('scale'),
    region: text('region'),
    /** [{ code, validUntil }]: validated against FactsSchema before it is stored. */
    qualifications: jsonb('qualifications').$type<EnterpriseFacts['qualifications']>().notNull().default([]),
    /** One entry per year: [{ year, revenue, tax, … }]. */
    indicators: jsonb('indicators').$type<EnterpriseFacts['indicators']>().notNull().default([]),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The account that deleted it (the staff console shows who and when). */
    deletedBy: integer('deleted_by').references(() => accounts.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live enterprise per credit code, across all accounts.
    uniqueIndex('enterprises_credit_code_key').on(t.creditCode).where(sql`${t.deletedAt} is null`),
    index('enterprises_account_idx').on(t.accountId),
    index('enterprises_name_idx').on(sql`lower(${t.name})`),
  ],
);

/** A saved 测算 (saveevaluate): the inputs, the results and the rules' versions, as they were. */
export const evaluations = pgTable(
  'evaluations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'restrict' }),
    enterpriseName: text('enterprise_name').notNull(),
    whatIf: boolean('what_if').notNull().default(false),
    facts: jsonb('facts').$type<EnterpriseFacts>().notNull(),
    /** [{ id, title, supportType, mode, version }] of the guides evaluated. */
    guides: jsonb('guides').$type<{ id: number; title: string; supportType: string; mode: string; version: string }[]>().notNull(),
    evaluation: jsonb('evaluation').notNull(),
    eligible: integer('eligible').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    changes: jsonb('changes').$type<EvaluationChanges>().notNull(),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('evaluations_enterprise_idx').on(t.enterpriseId, t.evaluatedAt.desc()),
    index('evaluations_account_idx').on(t.accountId, t.evaluatedAt.desc()),
  ],
);

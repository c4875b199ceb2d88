import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { PASSAGE_KINDS } from '@hqt/contract/qa';
import { accounts } from '../../db/schema/account';
import { enterprises } from '../../db/schema/enterprise';
import { guides, policies } from '../../db/schema/policy';

const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * 政策问答's clause index (docs/qa.md): every passage of every published policy — its text's
 * clauses, its 解读's, its published guides' 申报条件 / 支持标准 / 申报材料 — written in the
 * transaction of the publish, revision or withdrawal that changed them (the policy service's events)
 * and read whole by each node, which ranks in memory (a trigger notifies `hqt_qa_changed`).
 */
export const qaPassages = pgTable(
  'qa_passages',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    guideId: integer('guide_id').references(() => guides.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The policy page's anchor: the text (c) or its 解读 (i), and the block; null for a guide's passage. */
    part: text('part'),
    block: integer('block'),
    path: text('path').array().notNull(),
    label: text('label').notNull(),
    text: text('text').notNull(),
    policyTitle: text('policy_title').notNull(),
    docNo: text('doc_no').notNull(),
    effectiveOn: date('effective_on').notNull(),
    expiresOn: date('expires_on'),
  },
  // 常见问题 are kept in qa_faqs, not here.
  (t) => [index('qa_passages_policy_idx').on(t.policyId), check('qa_passages_kind_check', sql`${t.kind} in ${inList(Object.keys(PASSAGE_KINDS).filter((k) => k !== 'faq'))}`)],
);

/**
 * Staff-written 常见问题 (问答知识库): ranked with the clauses (its question and other ways of asking it
 * weigh as a title), answered with its own words and the clause of the policy it rests on. The trigger
 * that tells the nodes of a passage's change tells them of these too.
 */
export const qaFaqs = pgTable(
  'qa_faqs',
  {
    id: serial('id').primaryKey(),
    question: text('question').notNull(),
    variants: text('variants').array().notNull().default(sql`'{}'::text[]`),
    answer: text('answer').notNull(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    clause: text('clause').notNull().default(''),
    reviewOn: date('review_on').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('qa_faqs_policy_idx').on(t.policyId)],
);

/**
 * What each policy's passages were made from (its status, its and its guides' last writes): the start
 * compares it with the policies as they are and indexes again those that differ (content written
 * without the service, as the demo's and the benches' are).
 */
export const qaSources = pgTable('qa_sources', {
  policyId: integer('policy_id')
    .primaryKey()
    .references(() => policies.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
});

/** Every question asked: what the history, the console's queue and the figures read. */
export const qaQuestions = pgTable(
  'qa_questions',
  {
    id: serial('id').primaryKey(),
    /** Null: a visitor's. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    enterpriseId: integer('enterprise_id').references(() => enterprises.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    answered: boolean('answered').notNull(),
    /** What was cited, for the console: policy, 文号 and clause of each. */
    citations: jsonb('citations').$type<{ policyId: number; docNo: string; clause: string }[]>().notNull().default([]),
    /** The sha256 of the answer's feedback key (the key itself goes to the asker only). */
    keyHash: text('key_hash').notNull(),
    useful: boolean('useful'),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
  },
  (t) => [
    index('qa_questions_account_idx').on(t.accountId, t.askedAt.desc()),
    index('qa_questions_asked_idx').on(t.askedAt.desc()),
    // The console's queue: not answered, or answered 没用.
    index('qa_questions_queue_idx')
      .on(t.askedAt.desc(), t.id.desc())
      .where(sql`not ${t.answered} or ${t.useful} = false`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { AmountRule, EligibilityRules } from '@hqt/contract/policy';
import { accounts } from './account';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
const staff = (name: string) => integer(name).references(() => accounts.id, { onDelete: 'restrict' });
/** 草稿 → 已发布 → 已撤回, with who and when (the staff console). Demo and generated content: published by nobody. */
const lifecycle = {
  createdBy: staff('created_by'),
  updatedBy: staff('updated_by'),
  publishedBy: staff('published_by'),
  withdrawnBy: staff('withdrawn_by'),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
};
const STATUSES = sql`('draft', 'published', 'withdrawn')`;

/** The dictionaries of GET getsondatalist: one row per (type, code). */
/** 政策文件. HTML is sanitised before it is stored (and again before it is shown). */
export const policies = pgTable(
  'policies',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    docNo: text('doc_no').notNull(),
    department: text('department').notNull(),
    level: text('level').notNull(),
    publishDate: date('publish_date').notNull(),
    expiryDate: date('expiry_date'),
    contentHtml: text('content_html').notNull(),
    interpretationHtml: text('interpretation_html').notNull().default(''),
    attachments: jsonb('attachments').$type<{ name: string; url: string }[]>().notNull().default([]),
    status: text('status').notNull().default('published'),
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    ...lifecycle,
    ...timestamps,
  },
  (t) => [check('policies_status_check', sql`${t.status} in ${STATUSES}`), index('policies_status_idx').on(t.status)],
);

/** 申报指南: what an enterprise is matched with and applies for. */
export const guides = pgTable(
  'guides',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    beneficiaries: text('beneficiaries').notNull().default(''),
    conditionsText: text('conditions_text').notNull().default(''),
    supportStandard: text('support_standard').notNull().default(''),
    eligibility: jsonb('eligibility').$type<EligibilityRules>().notNull().default({ groups: [] }),
    amountRule: jsonb('amount_rule').$type<AmountRule>().notNull().default({ kind: 'none' }),
    supportType: text('support_type').notNull(),
    mode: text('mode').notNull(),
    /** GB/T 4754 section codes; empty: every industry. */
    industries: text('industries').array().notNull().default(sql`'{}'::text[]`),
    /** Towns and streets; empty: the whole county. */
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    payoutDays: integer('payout_days').notNull().default(30),
    deptName: text('dept_name').notNull(),
    deptAddress: text('dept_address').notNull(),
    deptPhone: text('dept_phone').notNull(),
    materials: jsonb('materials').$type<string[]>().notNull().default([]),
    steps: jsonb('steps').$type<string[]>().notNull().default([]),
    onlineUrl: text('online_url'),
    status: text('status').notNull().default('published'),
    viewCount: integer('view_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    ...lifecycle,
    /** Chinese keyword search: overlapping two-character pieces (docs/chinese-search.md). */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(hqt_bigrams(title), 'A') || setweight(hqt_bigrams(summary), 'B') || setweight(hqt_bigrams(beneficiaries || ' ' || conditions_text || ' ' || support_standard), 'D')`,
    ),
    /**
     * The title's bigrams alone: the market's "relevance" puts guides whose title matches first.
     * `search` cannot tell where a piece was found (array_to_tsvector keeps no positions, so no
     * weights either, and ts_rank gives every match the same value).
     */
    titleSearch: tsvector('title_search').generatedAlwaysAs(sql`hqt_bigrams(title)`),
    ...timestamps,
  },
  (t) => [
    check('guides_status_check', sql`${t.status} in ${STATUSES}`),
    check('guides_window_check', sql`${t.windowEnd} > ${t.windowStart}`),
    index('guides_search_idx').using('gin', t.search),
    index('guides_policy_idx').on(t.policyId),
    index('guides_published_idx').on(t.status, t.publishedAt),
    index('guides_window_idx').on(t.windowStart, t.windowEnd),
    // The market's newest-first walk (a page stops after its rows) and, with policy_id, the capped
    // count as an index-only scan (services/policy/service.ts, guidePageQuery).
    index('guides_market_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.policyId)
      .where(sql`${t.status} = 'published'`),
    index('guides_title_search_idx').using('gin', t.titleSearch),
  ],
);

export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    cover: text('cover').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    status: text('status').notNull().default('published'),
    sort: integer('sort').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    ...lifecycle,
    ...timestamps,
  },
  (t) => [check('topics_status_check', sql`${t.status} in ${STATUSES}`)],
);

/** A topic's guides, in order. */
export const topicGuides = pgTable(
  'topic_guides',
  {
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ name: 'topic_guides_pkey', columns: [t.topicId, t.guideId] })],
);

import { customType, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { policies } from '../../db/schema/policy';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * 政策文件's keyword search (docs/policy-docs.md): each document's bigrams of title, 文号 and full
 * text, kept by the trigger policies_search_sync (migration 0029) as a document is written. A table
 * of its own rather than a column of policies: the guide page and the console read whole policy
 * rows, which would carry a full text's tsvector each time; and rather than an index over the
 * expression, which PostgreSQL computes again for every row it rechecks or scans.
 */
export const policySearch = pgTable(
  'policy_search',
  {
    policyId: integer('policy_id')
      .primaryKey()
      .references(() => policies.id, { onDelete: 'cascade' }),
    search: tsvector('search').notNull(),
    /** The title's and the 文号's alone: with a keyword, the documents they hold come first. */
    titleSearch: tsvector('title_search').notNull(),
  },
  (t) => [index('policy_search_idx').using('gin', t.search)],
);

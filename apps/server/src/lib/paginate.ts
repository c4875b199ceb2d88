// The one meaning of a page, for every list: `total` is the number of rows the filters match,
// whatever the page; a page past the last one is empty and still carries that total; the page size
// is capped, not refused (spec: pageSize 9999999 must work).
import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { MAX_PAGE_SIZE } from '@hqt/contract/constants';
import type { PageOf, PageQuery } from '@hqt/contract/envelope';

export interface PageWindow {
  currentPage: number;
  pageSize: number;
  limit: number;
  offset: number;
}

export function pageWindow({ currentPage, pageSize }: PageQuery): PageWindow {
  const size = Math.min(pageSize, MAX_PAGE_SIZE);
  return { currentPage, pageSize: size, limit: size, offset: (currentPage - 1) * size };
}

/** A list's query as one page of it, or whole without a window (a detail reads its one row by the same query). */
export function inWindow<Q extends PgSelect>(query: Q, window?: { limit: number; offset: number }): Q {
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

/** Select it beside a page's columns: every row then carries the count of all matching rows. */
export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

/** Above this many matches a capped list answers `total: COUNT_CAP, totalCapped: true` (shown as 共 10000+ 条). */
export const COUNT_CAP = 10_000;

/**
 * One page of a list in one round trip, its query written once: `rows` selects the window's rows
 * with the count of all matches as `total` (`totalOver()`); only a page past the last one (no row to
 * carry the total) asks `rows` again for the list's first row, whose `total` counts every match. A
 * list that may match too many rows to count on every page (the policy market) gives `cap` and its
 * own `count`: its queries count at most `cap + 1` matches, and when more than `cap` match the answer
 * says `total: cap, totalCapped: true` (a lower bound). The page's rows are the exact ones either way.
 */
export async function paginate<R extends { total: number }, T>(
  query: PageQuery,
  list: { rows: (window: PageWindow) => Promise<R[]>; map: (row: R) => T; cap?: number; count?: () => Promise<number> },
): Promise<PageOf<T>> {
  const window = pageWindow(query);
  const rows = await list.rows(window);
  const counted = rows[0]?.total ?? (window.currentPage > 1 ? await countAll(list) : 0);
  const page = { list: rows.map(list.map), total: counted, currentPage: window.currentPage, pageSize: window.pageSize };
  if (list.cap === undefined) return page;
  const capped = counted > list.cap;
  return { ...page, total: capped ? list.cap : counted, totalCapped: capped };
}

/** The list's own count, or the `total` its first row carries (none: nothing matches). */
async function countAll<R extends { total: number }>(list: { rows: (window: PageWindow) => Promise<R[]>; count?: () => Promise<number> }): Promise<number> {
  if (list.count) return list.count();
  const [first] = await list.rows({ currentPage: 1, pageSize: 1, limit: 1, offset: 0 });
  return first?.total ?? 0;
}

/** A list held in memory (a dictionary): the same page shape and meaning. */
export function pageOfArray<T>(query: PageQuery, all: readonly T[]): PageOf<T> {
  const { currentPage, pageSize, offset, limit } = pageWindow(query);
  return { list: all.slice(offset, offset + limit), total: all.length, currentPage, pageSize };
}

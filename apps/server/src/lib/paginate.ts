// The one meaning of a page, for every list: `total` is the number of rows the filters match,
// whatever the page; a page past the last one is empty and still carries that total; the page size
// is capped, not refused (spec: pageSize 9999999 must work).
import { sql } from 'drizzle-orm';
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

/** Select it beside a page's columns: every row then carries the count of all matching rows. */
export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * One page of a list in one round trip: `rows` selects the window's rows with `totalOver()` as
 * `total`; only a page past the last one (no rows to carry the total) asks `count`.
 */
export async function paginate<R extends { total: number }, T>(
  query: PageQuery,
  list: { rows: (window: PageWindow) => Promise<R[]>; count: () => Promise<number>; map: (row: R) => T },
): Promise<PageOf<T>> {
  const window = pageWindow(query);
  const rows = await list.rows(window);
  const total = rows[0]?.total ?? (window.currentPage > 1 ? await list.count() : 0);
  return { list: rows.map(list.map), total, currentPage: window.currentPage, pageSize: window.pageSize };
}

/** A list held in memory (a dictionary): the same page shape and meaning. */
export function pageOfArray<T>(query: PageQuery, all: readonly T[]): PageOf<T> {
  const { currentPage, pageSize, offset, limit } = pageWindow(query);
  return { list: all.slice(offset, offset + limit), total: all.length, currentPage, pageSize };
}

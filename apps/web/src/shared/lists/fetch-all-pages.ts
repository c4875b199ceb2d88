// Every row a list's filters match, for export and print (spec §5: at most 10,000; past that the
// dialog refuses, so nothing is fetched beyond the first page, which tells the total).
import { EXPORT_MAX_ROWS, MAX_PAGE_SIZE } from '@hqt/contract/constants';
import type { PageOf } from '@hqt/contract/envelope';

/** Pages asked for at once: quick enough, and few enough not to crowd the server. */
const CONCURRENCY = 4;

export async function fetchAllPages<T>(
  fetchPage: (currentPage: number, pageSize: number) => Promise<PageOf<T>>,
  pageSize: number = MAX_PAGE_SIZE,
): Promise<{ rows: T[]; total: number }> {
  const first = await fetchPage(1, pageSize);
  // A capped total means "at least this many": more than the cap, so too many as well.
  if (first.totalCapped || first.total > EXPORT_MAX_ROWS) return { rows: [], total: Math.max(first.total, EXPORT_MAX_ROWS + 1) };
  const pages: PageOf<T>[] = [first];
  const last = Math.ceil(first.total / pageSize);
  for (let start = 2; start <= last; start += CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CONCURRENCY, last - start + 1) }, (_, i) => fetchPage(start + i, pageSize));
    pages.push(...(await Promise.all(batch)));
  }
  return { rows: pages.flatMap((p) => p.list), total: first.total };
}

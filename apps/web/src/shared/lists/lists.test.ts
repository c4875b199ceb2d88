import { EXPORT_MAX_ROWS, MAX_PAGE_SIZE } from '@hqt/contract/constants';
import type { PageOf } from '@hqt/contract/envelope';
import { fetchAllPages } from './fetch-all-pages';
import { readListParams, writeListParams, type ListSpec } from './use-list-params';

const SPEC = { filters: { keyword: 'string', openNow: 'boolean' }, sorts: ['date'] } as const satisfies ListSpec<Record<string, 'string' | 'boolean'>, 'date'>;

describe('list parameters in the address', () => {
  test('read with defaults, and junk ignored', () => {
    expect(readListParams(new URLSearchParams(''), SPEC)).toEqual({ currentPage: 1, pageSize: 20 });
    expect(readListParams(new URLSearchParams('page=3&size=50&sort=date&keyword=研发&openNow=1'), SPEC)).toEqual({ currentPage: 3, pageSize: 50, sort: 'date', keyword: '研发', openNow: true });
    expect(readListParams(new URLSearchParams('page=-2&size=1e309&sort=evil&openNow=yes'), SPEC)).toEqual({ currentPage: 1, pageSize: 20 });
    expect(readListParams(new URLSearchParams('size=99999'), SPEC).pageSize).toBe(MAX_PAGE_SIZE);
  });

  test('written back without defaults, keeping keys that are not the list\'s', () => {
    const out = writeListParams({ currentPage: 1, pageSize: 20, keyword: '贴息', openNow: true }, SPEC, new URLSearchParams('guide=7&keyword=old&page=4'));
    expect(out.toString()).toBe(`guide=7&keyword=${encodeURIComponent('贴息')}&openNow=1`);
  });
});

describe('fetching every page for export', () => {
  const source = (total: number) => {
    const asked: number[] = [];
    const fetchPage = async (currentPage: number, pageSize: number): Promise<PageOf<number>> => {
      asked.push(currentPage);
      const from = (currentPage - 1) * pageSize;
      return { list: Array.from({ length: Math.max(0, Math.min(pageSize, total - from)) }, (_, i) => from + i), total, currentPage, pageSize };
    };
    return { asked, fetchPage };
  };

  test('gathers every row in order', async () => {
    const { asked, fetchPage } = source(1234);
    const { rows, total } = await fetchAllPages(fetchPage, 100);
    expect(total).toBe(1234);
    expect(rows).toEqual(Array.from({ length: 1234 }, (_, i) => i));
    expect(asked.sort((a, b) => a - b)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
  });

  test('a total the server only counted up to its cap is too many as well', async () => {
    const capped = async (currentPage: number, pageSize: number): Promise<PageOf<number>> => ({ list: [1], total: EXPORT_MAX_ROWS, totalCapped: true, currentPage, pageSize });
    expect(await fetchAllPages(capped)).toEqual({ rows: [], total: EXPORT_MAX_ROWS + 1 });
  });

  test('past the 10,000-row cap fetches nothing beyond the first page', async () => {
    const { asked, fetchPage } = source(EXPORT_MAX_ROWS + 1);
    expect(await fetchAllPages(fetchPage)).toEqual({ rows: [], total: EXPORT_MAX_ROWS + 1 });
    expect(asked).toEqual([1]);
  });
});

// What the market asks the server for first: its list (read off the address) and its filters'
// dictionaries. Its own small module, so the router can start these requests as the page is
// entered (FeatureRoute.prefetch), while the page's code is still loading.
import type { DictType } from '@hqt/contract/policy';
import { dictionaryQuery } from '@/shared/api/dictionaries';
import { queryClient } from '@/shared/api/query-client';
import { readListParams, type ListSpec } from '@/shared/lists/use-list-params';
import { guideQueries } from '../api/guide-queries';

export const FILTERS: { key: 'level' | 'department' | 'supportType' | 'mode' | 'industry'; dict: DictType; placeholder: string }[] = [
  { key: 'level', dict: 'policyLevel', placeholder: '政策层级' },
  { key: 'department', dict: 'department', placeholder: '发文部门' },
  { key: 'supportType', dict: 'supportType', placeholder: '扶持方式' },
  { key: 'mode', dict: 'guideMode', placeholder: '申报方式' },
  { key: 'industry', dict: 'industry', placeholder: '所属行业' },
];

/** The market's list state, in the address (shared/lists). */
export const MARKET_LIST = {
  filters: { keyword: 'string', level: 'string', department: 'string', supportType: 'string', mode: 'string', industry: 'string', openNow: 'boolean' },
  sorts: ['date', 'popular'],
} as const satisfies ListSpec<Record<string, 'string' | 'boolean'>, 'date' | 'popular'>;

/** Starts what the cache lacks (or holds stale); the page's queries then find it there, or on its way. */
export default function prefetchMarket(url: URL) {
  void queryClient.prefetchQuery(guideQueries.list(readListParams(url.searchParams, MARKET_LIST)));
  for (const f of FILTERS) void queryClient.prefetchQuery(dictionaryQuery(f.dict));
}

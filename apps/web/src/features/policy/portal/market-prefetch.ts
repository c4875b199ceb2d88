// What the market asks the server for first: its list (read off the address: the guides, or with
// ?view=docs the 政策文件) and its filters' dictionaries. Its own small module, so the router can
// start these requests as the page is entered (FeatureRoute.prefetch), while the page's code is
// still loading.
import dayjs from 'dayjs';
import type { DictType } from '@hqt/contract/policy';
import { DOC_DAY_PATTERN, type PolicyDocPageQuery } from '@hqt/contract/policy-docs';
import { dictionaryQuery } from '@/shared/api/dictionaries';
import { queryClient } from '@/shared/api/query-client';
import { readListParams, type ListParams, type ListSpec } from '@/shared/lists/use-list-params';
import { policyDocQueries } from '../api/doc-queries';
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

/** Which list the market shows: `?view=docs` the 政策文件, otherwise the guides. */
export type MarketView = 'guides' | 'docs';
export const marketView = (params: URLSearchParams): MarketView => (params.get('view') === 'docs' ? 'docs' : 'guides');

/** The 政策文件 view's list state, in the address; 20 a page by default (spec §2). */
export const DOCS_LIST = {
  filters: { keyword: 'string', issuer: 'string', level: 'string', from: 'string', to: 'string' },
} as const satisfies ListSpec<Record<string, 'string'>, never>;

export const DOC_FILTERS: { key: 'issuer' | 'level'; dict: DictType; placeholder: string }[] = [
  { key: 'issuer', dict: 'department', placeholder: '发文单位' },
  { key: 'level', dict: 'policyLevel', placeholder: '政策层级' },
];

/** A day of the address, when it is one (a mistyped one is left out rather than refused). */
const validDay = (v: string | undefined) => (v && new RegExp(DOC_DAY_PATTERN).test(v) && dayjs(v).format('YYYY-MM-DD') === v ? v : undefined);

/** What the 政策文件 view asks the server for, from its list state. */
export const docsQuery = (list: ListParams<typeof DOCS_LIST.filters, never>): PolicyDocPageQuery => ({
  ...list,
  from: validDay(list.from),
  to: validDay(list.to),
});

/** Starts what the cache lacks (or holds stale); the page's queries then find it there, or on its way. */
export default function prefetchMarket(url: URL) {
  const docs = marketView(url.searchParams) === 'docs';
  if (docs) void queryClient.prefetchQuery(policyDocQueries.list(docsQuery(readListParams(url.searchParams, DOCS_LIST))));
  else void queryClient.prefetchQuery(guideQueries.list(readListParams(url.searchParams, MARKET_LIST)));
  for (const f of docs ? DOC_FILTERS : FILTERS) void queryClient.prefetchQuery(dictionaryQuery(f.dict));
}

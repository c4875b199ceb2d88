import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PageOf } from '@hqt/contract/envelope';
import { guideInfoPath, POLICY_PATHS, type GuideDetail, type GuidePageQuery, type GuideSummary } from '@hqt/contract/policy';
import { http } from '@/shared/api/http';

export const guideQueries = {
  all: () => ['guides'] as const,
  lists: () => [...guideQueries.all(), 'list'] as const,
  list: (filters: GuidePageQuery) =>
    queryOptions({
      queryKey: [...guideQueries.lists(), filters],
      queryFn: () => http.post<PageOf<GuideSummary>>(POLICY_PATHS.guidePage, filters),
      placeholderData: keepPreviousData,
      // A list fetched moments ago (by the router's prefetch, ../market-prefetch.ts, as the page was
      // entered) is not fetched again when the page mounts.
      staleTime: 10_000,
    }),
  detail: (id: number) => queryOptions({ queryKey: [...guideQueries.all(), 'detail', id], queryFn: () => http.get<GuideDetail>(guideInfoPath(id)) }),
};

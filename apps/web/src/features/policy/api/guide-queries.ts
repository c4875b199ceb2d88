import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_PATHS, type GuidePageQuery, type GuideSummary } from '@hqt/contract/policy';
import { http } from '@/shared/api/http';

export const guideQueries = {
  all: () => ['guides'] as const,
  lists: () => [...guideQueries.all(), 'list'] as const,
  list: (filters: GuidePageQuery) =>
    queryOptions({
      queryKey: [...guideQueries.lists(), filters],
      queryFn: () => http.post<PageOf<GuideSummary>>(POLICY_PATHS.guidePage, filters),
      placeholderData: keepPreviousData,
    }),
};

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_DOC_PATHS, policyDocInfoPath, type PolicyDocDetail, type PolicyDocPageQuery, type PolicyDocSummary } from '@hqt/contract/policy-docs';
import { http } from '@/shared/api/http';

/** 政策文件: the market's list of documents and a document's page. */
export const policyDocQueries = {
  all: () => ['policyDocs'] as const,
  lists: () => [...policyDocQueries.all(), 'list'] as const,
  list: (query: PolicyDocPageQuery) =>
    queryOptions({
      queryKey: [...policyDocQueries.lists(), query],
      queryFn: () => http.post<PageOf<PolicyDocSummary>>(POLICY_DOC_PATHS.docPage, query),
      placeholderData: keepPreviousData,
      // As the market's guides: a list the router's prefetch fetched moments ago is not fetched again.
      staleTime: 10_000,
    }),
  detail: (id: number) => queryOptions({ queryKey: [...policyDocQueries.all(), 'detail', id], queryFn: () => http.get<PolicyDocDetail>(policyDocInfoPath(id)) }),
};

// 政策问答's console calls (QA_CONSOLE_PATHS, under ['console', 'qa']): the queue of questions the
// texts did not answer or whose answer was marked 没用, and the last 30 days' figures.
import { queryOptions } from '@tanstack/react-query';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_DOC_PATHS, type PolicyDocSummary } from '@hqt/contract/policy-docs';
import { QA_CONSOLE_PATHS, type Faq, type FaqInput, type QaFigures, type QaQueueQuery, type QaQueueRow } from '@hqt/contract/qa';
import { http } from '@/shared/api/http';

export const qaConsoleQueries = {
  all: () => ['console', 'qa'] as const,
  queue: (query: QaQueueQuery) => queryOptions({ queryKey: [...qaConsoleQueries.all(), 'queue', query], queryFn: () => http.post<PageOf<QaQueueRow>>(QA_CONSOLE_PATHS.queue, query) }),
  figures: () => queryOptions({ queryKey: [...qaConsoleQueries.all(), 'figures'], queryFn: () => http.get<QaFigures>(QA_CONSOLE_PATHS.figures) }),
  faqs: () => queryOptions({ queryKey: [...qaConsoleQueries.all(), 'faqs'], queryFn: () => http.get<Faq[]>(QA_CONSOLE_PATHS.faqs) }),
  /** The published policies a 常见问题 may rest on (a county's library: hundreds). */
  policies: () =>
    queryOptions({
      queryKey: [...qaConsoleQueries.all(), 'policies'],
      queryFn: () => http.post<PageOf<PolicyDocSummary>>(POLICY_DOC_PATHS.docPage, { currentPage: 1, pageSize: 500 }),
      select: (page) => page.list,
      staleTime: 60_000,
    }),
};

const faqPath = (id: number) => QA_CONSOLE_PATHS.faq.replace(':id', String(id));
export const saveFaq = ({ id, ...input }: FaqInput & { id: number | null }) => (id === null ? http.post<{ id: number }>(QA_CONSOLE_PATHS.faqs, input) : http.put<{ id: number }>(faqPath(id), input));
export const deleteFaq = (id: number) => http.delete<null>(faqPath(id));

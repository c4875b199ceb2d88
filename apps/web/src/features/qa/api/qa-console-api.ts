// 政策问答's console calls (QA_CONSOLE_PATHS, under ['console', 'qa']): the queue of questions the
// texts did not answer or whose answer was marked 没用, and the last 30 days' figures.
import { queryOptions } from '@tanstack/react-query';
import type { PageOf } from '@hqt/contract/envelope';
import { QA_CONSOLE_PATHS, type QaFigures, type QaQueueQuery, type QaQueueRow } from '@hqt/contract/qa';
import { http } from '@/shared/api/http';

export const qaConsoleQueries = {
  all: () => ['console', 'qa'] as const,
  queue: (query: QaQueueQuery) => queryOptions({ queryKey: [...qaConsoleQueries.all(), 'queue', query], queryFn: () => http.post<PageOf<QaQueueRow>>(QA_CONSOLE_PATHS.queue, query) }),
  figures: () => queryOptions({ queryKey: [...qaConsoleQueries.all(), 'figures'], queryFn: () => http.get<QaFigures>(QA_CONSOLE_PATHS.figures) }),
};

// 政策问答's calls (QA_PATHS): a question, 有用 / 没用 with the answer's key, the account's history.
import { queryOptions } from '@tanstack/react-query';
import { QA_PATHS, type AskAnswer, type AskBody, type FeedbackBody, type QaHistoryItem } from '@hqt/contract/qa';
import { http } from '@/shared/api/http';

export const qaQueries = {
  all: () => ['qa'] as const,
  history: () => queryOptions({ queryKey: [...qaQueries.all(), 'history'], queryFn: () => http.get<QaHistoryItem[]>(QA_PATHS.history) }),
};

export const askQuestion = (body: AskBody) => http.post<AskAnswer>(QA_PATHS.ask, body);
export const markAnswer = (body: FeedbackBody) => http.post<null>(QA_PATHS.feedback, body);

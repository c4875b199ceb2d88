// The calculator's calls (CALCULATOR_PATHS): one query factory, and the writes.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  CALCULATOR_PATHS,
  withId,
  type Enterprise,
  type EnterpriseBody,
  type EnterpriseSummary,
  type EvaluationSnapshot,
  type EvaluationSummary,
  type RulebookResponse,
} from '@hqt/contract/calculator';
import type { EnterpriseFacts } from '@hqt/contract/calculator-engine';
import type { PageOf } from '@hqt/contract/envelope';
import { http } from '@/shared/api/http';

export const calculatorQueries = {
  all: () => ['calculator'] as const,
  enterprises: () =>
    queryOptions({ queryKey: [...calculatorQueries.all(), 'enterprises'], queryFn: () => http.get<EnterpriseSummary[]>(CALCULATOR_PATHS.allEnterprises) }),
  enterprise: (id: number) =>
    queryOptions({ queryKey: [...calculatorQueries.all(), 'enterprise', id], queryFn: () => http.get<Enterprise>(withId(CALCULATOR_PATHS.enterpriseInfo, id)) }),
  /** The rules the browser's engine evaluates with (the same engine as the server's). */
  rulebook: () => queryOptions({ queryKey: [...calculatorQueries.all(), 'rulebook'], queryFn: () => http.get<RulebookResponse>(CALCULATOR_PATHS.rulebook) }),
  history: (enterpriseId: number, currentPage: number) =>
    queryOptions({
      queryKey: [...calculatorQueries.all(), 'history', enterpriseId, currentPage],
      queryFn: () => http.post<PageOf<EvaluationSummary>>(CALCULATOR_PATHS.evaluationPage, { enterpriseId, currentPage, pageSize: 5 }),
      placeholderData: keepPreviousData,
    }),
  /** A saved evaluation as it was (never changes: kept as long as the page lives). */
  snapshot: (id: number) =>
    queryOptions({
      queryKey: [...calculatorQueries.all(), 'snapshot', id],
      queryFn: () => http.get<EvaluationSnapshot>(withId(CALCULATOR_PATHS.evaluationInfo, id)),
      staleTime: Infinity,
    }),
};

export const saveEnterprise = (body: EnterpriseBody) => http.post<Enterprise>(CALCULATOR_PATHS.saveEnterprise, body);
export const deleteEnterprise = (id: number) => http.get<null>(withId(CALCULATOR_PATHS.deleteEnterprise, id));
/** `facts`: what-if figures, saved with the snapshot only (never to the profile). */
export const saveEvaluation = (body: { enterpriseId: number; includeUpcoming: boolean; facts?: EnterpriseFacts }) =>
  http.post<EvaluationSummary>(CALCULATOR_PATHS.saveEvaluation, body);

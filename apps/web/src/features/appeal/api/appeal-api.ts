// 企业诉求's calls, typed by the contract: the enterprise's (APPEAL_PATHS, under ['appeal']) and the
// console's 诉求办理 (APPEAL_CONSOLE_PATHS, under ['console', 'appeals']). A step answers the appeal
// as it now stands, for either side (APPEAL_PATHS.step: the flow decides who may take which).
import { queryOptions } from '@tanstack/react-query';
import { QA_PATHS, type QaHistoryItem } from '@hqt/contract/qa';
import { APPEAL_PATHS, type AppealDetail, type AppealItem, type AppealListQuery, type AppealSaveBody, type AppealStepBody } from '@hqt/contract/appeal';
import { APPEAL_CONSOLE_PATHS, type AppealCounts, type AppealCountsQuery, type AppealQueueQuery, type AppealQueueRow } from '@hqt/contract/appeal-console';
import { withId } from '@hqt/contract/calculator';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_PATHS, type AppealCategory } from '@hqt/contract/policy';
import { http, request } from '@/shared/api/http';

export const appealQueries = {
  all: () => ['appeal'] as const,
  /** 转人工 from 政策问答: the account's own question the form opens with. */
  fromQuestion: (id: number) =>
    queryOptions({
      queryKey: [...appealQueries.all(), 'from-question', id],
      queryFn: () => http.get<QaHistoryItem>(QA_PATHS.question.replace(':id', String(id))),
      staleTime: Infinity,
    }),
  /** getappealcatepage: every category with its 办理时限 (the spec's pageSize 99999). */
  categories: () =>
    queryOptions({
      queryKey: [...appealQueries.all(), 'categories'],
      queryFn: () => http.post<PageOf<AppealCategory>>(POLICY_PATHS.appealCategoryPage, { currentPage: 1, pageSize: 99999 }),
      select: (d) => d.list,
      staleTime: 5 * 60_000,
    }),
  /** getappeallist/{id}: the appeals of one of the account's enterprises. */
  list: (enterpriseId: number, query: AppealListQuery) =>
    queryOptions({
      queryKey: [...appealQueries.all(), 'list', enterpriseId, query],
      queryFn: () => http.get<PageOf<AppealItem>>(withId(APPEAL_PATHS.list, enterpriseId), { params: query }),
    }),
  /** Silent: the page says 诉求不存在 or 诉求加载失败 itself, without a toast beside it. */
  detail: (id: number) => queryOptions({ queryKey: [...appealQueries.all(), 'detail', id], queryFn: () => http.get<AppealDetail>(withId(APPEAL_PATHS.detail, id), { silent: true }) }),
};

/** saveappeal: answers the appeal filed and the server's 「诉求已提交，编号 SQ…」. */
export const saveAppeal = async (body: AppealSaveBody) => {
  const res = await request<AppealDetail>({ method: 'POST', url: APPEAL_PATHS.save, data: body });
  return { appeal: res.data, msg: res.msg };
};

/** One step of APPEAL_FLOW, by the enterprise or by staff: answers the appeal now and the server's 「…成功」. */
export const takeAppealStep = async (id: number, body: AppealStepBody) => {
  const res = await request<AppealDetail>({ method: 'POST', url: withId(APPEAL_PATHS.step, id), data: body });
  return { appeal: res.data, msg: res.msg };
};

export const appealConsoleQueries = {
  all: () => ['console', 'appeals'] as const,
  page: (query: AppealQueueQuery) => queryOptions({ queryKey: [...appealConsoleQueries.all(), 'page', query], queryFn: () => http.post<PageOf<AppealQueueRow>>(APPEAL_CONSOLE_PATHS.page, query) }),
  counts: (filters: AppealCountsQuery) => queryOptions({ queryKey: [...appealConsoleQueries.all(), 'counts', filters], queryFn: () => http.post<AppealCounts>(APPEAL_CONSOLE_PATHS.counts, filters) }),
  /** Silent, as the enterprise's. */
  detail: (id: number) => queryOptions({ queryKey: [...appealConsoleQueries.all(), 'detail', id], queryFn: () => http.get<AppealDetail>(withId(APPEAL_CONSOLE_PATHS.detail, id), { silent: true }) }),
};

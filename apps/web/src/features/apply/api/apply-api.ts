// 政策申兑's calls, typed by the contract: the enterprise's (APPLY_PATHS, under ['apply']) and the
// console's 申报受理 (APPLY_CONSOLE_PATHS, under ['console', 'applications']). A step answers the
// application as it now stands, for either side (the flow decides who may take which).
import { queryOptions } from '@tanstack/react-query';
import {
  APPLY_PATHS,
  type ApplyDetail,
  type ApplyDraftBody,
  type ApplyItem,
  type ApplyListQuery,
  type ApplyStart,
  type ApplyStepBody,
  type ApplySubmitBody,
  type Material,
  type MaterialBody,
} from '@hqt/contract/apply';
import { APPLY_CONSOLE_PATHS, type ApplyConsoleDetail, type ApplyCounts, type ApplyCountsQuery, type ApplyQueueQuery, type FormlessPolicy } from '@hqt/contract/apply-console';
import { withId } from '@hqt/contract/calculator';
import type { PageOf } from '@hqt/contract/envelope';
import { http, request } from '@/shared/api/http';

export const applyQueries = {
  all: () => ['apply'] as const,
  /** Silent: the page says why it cannot apply (不在申报期内, 尚未设置申报表单…) itself. */
  start: (guideId: number, enterpriseId: number) =>
    queryOptions({ queryKey: [...applyQueries.all(), 'start', guideId, enterpriseId], queryFn: () => http.get<ApplyStart>(APPLY_PATHS.start, { params: { guideId, enterpriseId }, silent: true }), staleTime: Infinity }),
  list: (query: ApplyListQuery) => queryOptions({ queryKey: [...applyQueries.all(), 'list', query], queryFn: () => http.get<PageOf<ApplyItem>>(APPLY_PATHS.list, { params: query }) }),
  detail: (id: number) => queryOptions({ queryKey: [...applyQueries.all(), 'detail', id], queryFn: () => http.get<ApplyDetail>(withId(APPLY_PATHS.detail, id), { silent: true }) }),
  materials: (enterpriseId: number) => queryOptions({ queryKey: [...applyQueries.all(), 'materials', enterpriseId], queryFn: () => http.get<Material[]>(withId(APPLY_PATHS.materials, enterpriseId)) }),
};

export const saveDraft = (body: ApplyDraftBody) => http.post<{ updatedAt: string; updatedBy: string }>(APPLY_PATHS.draft, body, { silent: true });

/** Answers the application submitted and the server's 「申报已提交，编号 SB…」. */
export const submitApplication = async (body: ApplySubmitBody) => {
  const res = await request<ApplyDetail>({ method: 'POST', url: APPLY_PATHS.submit, data: body });
  return { application: res.data, msg: res.msg };
};

export const saveMaterial = (body: MaterialBody) => http.post<Material>(APPLY_PATHS.saveMaterial, body);

/** One step of APPLY_FLOW, by the enterprise or by staff: the application now and the server's 「…成功」. */
export const takeApplyStep = async (id: number, body: ApplyStepBody) => {
  const res = await request<ApplyConsoleDetail>({ method: 'POST', url: withId(APPLY_PATHS.step, id), data: body });
  return { application: res.data, msg: res.msg };
};

export const applyConsoleQueries = {
  all: () => ['console', 'applications'] as const,
  page: (query: ApplyQueueQuery) => queryOptions({ queryKey: [...applyConsoleQueries.all(), 'page', query], queryFn: () => http.post<PageOf<ApplyItem>>(APPLY_CONSOLE_PATHS.page, query) }),
  counts: (filters: ApplyCountsQuery) => queryOptions({ queryKey: [...applyConsoleQueries.all(), 'counts', filters], queryFn: () => http.post<ApplyCounts>(APPLY_CONSOLE_PATHS.counts, filters) }),
  detail: (id: number) => queryOptions({ queryKey: [...applyConsoleQueries.all(), 'detail', id], queryFn: () => http.get<ApplyConsoleDetail>(withId(APPLY_CONSOLE_PATHS.detail, id), { silent: true }) }),
  formless: () => queryOptions({ queryKey: [...applyConsoleQueries.all(), 'formless'], queryFn: () => http.get<FormlessPolicy[]>(APPLY_CONSOLE_PATHS.formless) }),
};

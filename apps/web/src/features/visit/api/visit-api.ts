// 企业走访's enterprise calls, typed by the contract (VISIT_PATHS, under ['visit']): the visits by
// filter, one visit, the answer to a proposed visit, the request, the appraisal and the .ics file.
import { queryOptions } from '@tanstack/react-query';
import { withId } from '@hqt/contract/calculator';
import type { PageOf } from '@hqt/contract/envelope';
import { VISIT_PATHS, type VisitAppraisalBody, type VisitApprovalBody, type VisitDetail, type VisitItem, type VisitPortalQuery, type VisitRequestBody } from '@hqt/contract/visit';
import { http, request } from '@/shared/api/http';

export const visitQueries = {
  all: () => ['visit'] as const,
  /** queryappointmentpage: the caller's enterprises' visits, by the portal's filter. */
  page: (query: VisitPortalQuery) => queryOptions({ queryKey: [...visitQueries.all(), 'page', query], queryFn: () => http.post<PageOf<VisitItem>>(VISIT_PATHS.appointmentPage, query) }),
  /** querysummarypage: the visits with a summary written. */
  summaries: (query: VisitPortalQuery) => queryOptions({ queryKey: [...visitQueries.all(), 'summaries', query], queryFn: () => http.post<PageOf<VisitItem>>(VISIT_PATHS.summaryPage, query) }),
  /** Silent: the page says 走访不存在 or 走访加载失败 itself. */
  detail: (id: number) => queryOptions({ queryKey: [...visitQueries.all(), 'detail', id], queryFn: () => http.get<VisitDetail>(withId(VISIT_PATHS.detail, id), { silent: true }) }),
};

/** saveappointmentapproval: approve, decline or propose; answers the visit now and the server's 「…成功」. */
export const answerVisit = async (body: VisitApprovalBody) => {
  const res = await request<VisitDetail>({ method: 'POST', url: VISIT_PATHS.approval, data: body });
  return { visit: res.data, msg: res.msg };
};

/** savesummaryappraisal: once. */
export const appraiseVisit = async (body: VisitAppraisalBody) => {
  const res = await request<VisitDetail>({ method: 'POST', url: VISIT_PATHS.appraisal, data: body });
  return { visit: res.data, msg: res.msg };
};

/** saveappointmentrequest: answers the visit asked for and 「走访申请已提交，编号 ZF…」. */
export const requestVisit = async (body: VisitRequestBody) => {
  const res = await request<VisitDetail>({ method: 'POST', url: VISIT_PATHS.request, data: body });
  return { visit: res.data, msg: res.msg };
};

/** A confirmed visit's .ics, fetched with the Bearer header (never a token in a URL) and saved as visit-<number>.ics. */
export async function downloadVisitIcs(visit: Pick<VisitDetail, 'id' | 'number'>) {
  try {
    const url = URL.createObjectURL(await http.blob(withId(VISIT_PATHS.ics, visit.id)));
    Object.assign(document.createElement('a'), { href: url, download: `visit-${visit.number}.ics` }).click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    // the HTTP client has shown why
  }
}

/** The data overview's counts: a filter's total (queryappointmentpage with one row; the server has no count call of its own). */
export const visitCountQuery = (filter: 'upcoming' | 'toConfirm' | 'toAppraise') =>
  queryOptions({
    queryKey: [...visitQueries.all(), 'count', filter],
    queryFn: () => http.post<PageOf<VisitItem>>(VISIT_PATHS.appointmentPage, { currentPage: 1, pageSize: 1, filter }),
    select: (d) => d.total,
  });

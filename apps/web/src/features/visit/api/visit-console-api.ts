// 走访管理's calls, typed by the contract (VISIT_CONSOLE_PATHS, under ['console', 'visits']), and the
// few lists its forms choose from, called by their contract paths (features never import each
// other, docs/boundaries.md): the staff (诉求办理's handler list: every active 工作人员 and 管理员),
// the enterprises (企业管理's page), the market's guides (申报指南's console page) and 企业诉求's
// categories.
import { queryOptions } from '@tanstack/react-query';
import { ACCOUNT_CONSOLE_PATHS, type ConsoleEnterpriseRow, type EnterprisePageQuery } from '@hqt/contract/account-console';
import { APPEAL_CONSOLE_PATHS, handlerLabel, type AppealHandler } from '@hqt/contract/appeal-console';
import { withId } from '@hqt/contract/calculator';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_PATHS, type AppealCategory } from '@hqt/contract/policy';
import { POLICY_CONSOLE_PATHS, type ConsoleGuidePageQuery, type ConsoleGuideRow } from '@hqt/contract/policy-console';
import type { VisitClash, VisitDetail } from '@hqt/contract/visit';
import {
  VISIT_CONSOLE_PATHS,
  type VisitCalendarQuery,
  type VisitClashQuery,
  type VisitConsoleRow,
  type VisitConsoleStepBody,
  type VisitFigures,
  type VisitPageQuery,
  type VisitPlanBody,
  type VisitSummaryBody,
} from '@hqt/contract/visit-console';
import { http, request } from '@/shared/api/http';

export const visitConsoleQueries = {
  all: () => ['console', 'visits'] as const,
  page: (query: VisitPageQuery) => queryOptions({ queryKey: [...visitConsoleQueries.all(), 'page', query], queryFn: () => http.post<PageOf<VisitConsoleRow>>(VISIT_CONSOLE_PATHS.page, query) }),
  calendar: (query: VisitCalendarQuery) => queryOptions({ queryKey: [...visitConsoleQueries.all(), 'calendar', query], queryFn: () => http.post<VisitConsoleRow[]>(VISIT_CONSOLE_PATHS.calendar, query) }),
  /** Silent: the page says 不存在 or 加载失败 itself. */
  detail: (id: number) => queryOptions({ queryKey: [...visitConsoleQueries.all(), 'detail', id], queryFn: () => http.get<VisitDetail>(withId(VISIT_CONSOLE_PATHS.detail, id), { silent: true }) }),
  figures: (year: number) => queryOptions({ queryKey: [...visitConsoleQueries.all(), 'figures', year], queryFn: () => http.post<VisitFigures>(VISIT_CONSOLE_PATHS.figures, { year }) }),
};

/** The lists the forms choose from; kept apart from the visits' keys, so a step does not fetch them again. */
export const visitPickQueries = {
  staff: () =>
    queryOptions({
      queryKey: ['console', 'visit-picks', 'staff'],
      queryFn: () => http.get<AppealHandler[]>(APPEAL_CONSOLE_PATHS.handlers),
      select: (list) => list.map((a) => ({ value: a.id, label: handlerLabel(a) })),
      staleTime: 5 * 60_000,
    }),
  enterprises: (keyword: string) =>
    queryOptions({
      queryKey: ['console', 'visit-picks', 'enterprises', keyword],
      queryFn: () => http.post<PageOf<ConsoleEnterpriseRow>>(ACCOUNT_CONSOLE_PATHS.enterprisePage, { currentPage: 1, pageSize: 20, state: 'active', ...(keyword ? { keyword } : {}) } satisfies EnterprisePageQuery),
      select: (d) => d.list.map((e) => ({ value: e.id, label: e.name })),
    }),
  guides: (keyword: string) =>
    queryOptions({
      queryKey: ['console', 'visit-picks', 'guides', keyword],
      queryFn: () => http.post<PageOf<ConsoleGuideRow>>(POLICY_CONSOLE_PATHS.guidePage, { currentPage: 1, pageSize: 20, ...(keyword ? { keyword } : {}) } satisfies ConsoleGuidePageQuery),
      select: (d) => d.list.map((g) => ({ value: g.id, label: g.title })),
    }),
  /** 企业诉求's categories (getappealcatepage, the spec's pageSize 99999): a problem raised becomes an appeal of one. */
  categories: () =>
    queryOptions({
      queryKey: ['console', 'visit-picks', 'appeal-categories'],
      queryFn: () => http.post<PageOf<AppealCategory>>(POLICY_PATHS.appealCategoryPage, { currentPage: 1, pageSize: 99999 }),
      select: (d) => d.list.map((c) => ({ value: c.code, label: c.label })),
      staleTime: 5 * 60_000,
    }),
};

/** The chosen staff's other visits at that time (asked before saving). */
export const checkClashes = (query: VisitClashQuery) => http.post<VisitClash[]>(VISIT_CONSOLE_PATHS.clashes, query);

/** Plans a visit: answers it and the server's 「走访已发起，编号 …」. */
export const planVisit = async (body: VisitPlanBody) => {
  const res = await request<VisitDetail>({ method: 'POST', url: VISIT_CONSOLE_PATHS.plan, data: body });
  return { visit: res.data, msg: res.msg };
};

/** One staff step (schedule, refuse, accept, repropose, cancel): answers the visit now and 「…成功」. */
export const takeVisitStep = async (id: number, body: VisitConsoleStepBody) => {
  const res = await request<VisitDetail>({ method: 'POST', url: withId(VISIT_CONSOLE_PATHS.step, id), data: body });
  return { visit: res.data, msg: res.msg };
};

/** The lead's summary: answers the visit with each problem's appeal. */
export const saveVisitSummary = async (id: number, body: VisitSummaryBody) => {
  const res = await request<VisitDetail>({ method: 'POST', url: withId(VISIT_CONSOLE_PATHS.summary, id), data: body });
  return { visit: res.data, msg: res.msg };
};

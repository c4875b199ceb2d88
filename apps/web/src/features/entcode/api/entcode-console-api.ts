// 企业赋码's console calls, typed by the contract (ENTCODE_CONSOLE_PATHS, under ['console',
// 'entcodes']): the codes, one code, the code of an enterprise (企业详情), the scans per day and a
// step, which answers the code as it now stands and the server's 「企业码已…」.
import { queryOptions } from '@tanstack/react-query';
import { withId } from '@hqt/contract/calculator';
import {
  ENTCODE_CONSOLE_PATHS,
  type EntcodeDetail,
  type EntcodePageQuery,
  type EntcodeRow,
  type EntcodeScans,
  type EntcodeStepBody,
  type EntcodeStepResult,
} from '@hqt/contract/entcode-console';
import type { PageOf } from '@hqt/contract/envelope';
import { http, request } from '@/shared/api/http';

export const entcodeConsoleQueries = {
  all: () => ['console', 'entcodes'] as const,
  page: (query: EntcodePageQuery) => queryOptions({ queryKey: [...entcodeConsoleQueries.all(), 'page', query], queryFn: () => http.post<PageOf<EntcodeRow>>(ENTCODE_CONSOLE_PATHS.page, query) }),
  detail: (id: number) => queryOptions({ queryKey: [...entcodeConsoleQueries.all(), 'detail', id], queryFn: () => http.get<EntcodeDetail>(withId(ENTCODE_CONSOLE_PATHS.detail, id)) }),
  /** The current code of an enterprise (404 when it has none yet). */
  ofEnterprise: (enterpriseId: number) =>
    queryOptions({ queryKey: [...entcodeConsoleQueries.all(), 'enterprise', enterpriseId], queryFn: () => http.get<EntcodeDetail>(withId(ENTCODE_CONSOLE_PATHS.ofEnterprise, enterpriseId), { silent: true }) }),
  scans: (days: number) => queryOptions({ queryKey: [...entcodeConsoleQueries.all(), 'scans', days], queryFn: () => http.get<EntcodeScans>(ENTCODE_CONSOLE_PATHS.scans, { params: { days } }) }),
};

/** 冻结, 解冻, 注销 or 换发, with its reason: the code now, the new code's id after 换发, and the server's message. */
export const takeEntcodeStep = async (id: number, body: EntcodeStepBody) => {
  const res = await request<EntcodeStepResult>({ method: 'POST', url: withId(ENTCODE_CONSOLE_PATHS.step, id), data: body });
  return { ...res.data, msg: res.msg };
};

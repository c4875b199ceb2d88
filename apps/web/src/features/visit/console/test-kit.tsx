// What the console visit pages' tests share: the pick lists' answers, the router and an antd Select's pick.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ACCOUNT_CONSOLE_PATHS } from '@hqt/contract/account-console';
import { APPEAL_CONSOLE_PATHS, type AppealHandler } from '@hqt/contract/appeal-console';
import { POLICY_PATHS, type AppealCategory, type DictItem } from '@hqt/contract/policy';
import { POLICY_CONSOLE_PATHS } from '@hqt/contract/policy-console';
import { ok, server } from '../../../../test/msw';

export const STAFF: AppealHandler[] = [
  { id: 7, name: '王工', roleName: '工作人员' },
  { id: 9, name: '赵管理', roleName: '管理员' },
];
const DICTS: Record<string, DictItem[]> = {
  visitType: [
    { code: 'policy', label: '政策宣讲', extra: null },
    { code: 'problem', label: '问题收集', extra: null },
  ],
  region: [
    { code: 'cz', label: '城关镇', extra: null },
    { code: 'xz', label: '新庄镇', extra: null },
  ],
};
const CATEGORIES: AppealCategory[] = [
  { code: 'finance', label: '融资贷款', limitDays: 10 },
  { code: 'labour', label: '用工社保', limitDays: 10 },
];

/** The lists the pages choose from: staff, dictionaries (by ?type=), enterprises, guides, categories. */
export function servePicks() {
  server.use(
    mock.get(APPEAL_CONSOLE_PATHS.handlers, () => HttpResponse.json(ok(STAFF))),
    mock.get(POLICY_PATHS.dictionary, ({ request }) => {
      const url = new URL(request.url);
      const type = url.searchParams.get('Dict_Type') ?? '';
      return HttpResponse.json(ok(DICTS[type] ?? []));
    }),
    mock.post(ACCOUNT_CONSOLE_PATHS.enterprisePage, () =>
      HttpResponse.json(ok({ list: [{ id: 3, name: '青山机械有限公司', creditCode: '91330000000000003X', contactPhone: null, accountId: 30, username: 'qingshan', accountName: '周经理', disabled: false, state: 'active', deletedAt: null, deletedBy: null, createdAt: '2026-01-01T00:00:00.000Z' }], total: 1, currentPage: 1, pageSize: 20 })),
    ),
    mock.post(POLICY_CONSOLE_PATHS.guidePage, () => HttpResponse.json(ok({ list: [{ id: 11, title: '技术改造补助申报指南' }], total: 1, currentPage: 1, pageSize: 20 }))),
    mock.post(POLICY_PATHS.appealCategoryPage, () => HttpResponse.json(ok({ list: CATEGORIES, total: CATEGORIES.length, currentPage: 1, pageSize: 99999 }))),
  );
}

export function renderAt(routes: Record<string, ComponentType>, path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    Object.entries(routes).map(([p, Component]) => ({ path: p, Component })),
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Opens an antd Select and clicks the option with this label (antd's visible option carries it as title). */
export async function pick(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, label: string) {
  await user.click(combobox);
  const option = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].filter((o) => o.getAttribute('title') === label);
    expect(open.length).toBeGreaterThan(0);
    return open.at(-1)!;
  });
  await user.click(option);
}

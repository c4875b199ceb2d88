import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { APPEAL_CONSOLE_PATHS, type AppealQueueQuery, type AppealQueueRow } from '@hqt/contract/appeal-console';
import type { PageOf } from '@hqt/contract/envelope';
import { ok, server } from '../../../../test/msw';
import AppealWorkbenchCard from './workbench-card';

const row = (id: number, title: string, dueAt: string, overdue: boolean): AppealQueueRow => ({
  id,
  number: `SQ20261120-000${id}`,
  enterpriseId: 3,
  enterpriseName: '青山机械有限公司',
  category: 'finance',
  categoryName: '融资贷款',
  title,
  status: 'accepted',
  statusLabel: '办理中',
  createdAt: '2026-11-10T02:00:00.000Z',
  dueAt,
  acceptDueAt: '2026-11-11T16:00:00.000Z',
  dueText: overdue ? '已超期' : '剩余 2 个工作日',
  remainingDays: overdue ? -3 : 2,
  acceptOverdue: false,
  rating: null,
  department: 'fgj',
  departmentName: '发改局',
  handlerName: overdue ? '张三' : null,
  overdue,
});
const LATE = row(1, '贷款贴息何时到账', '2026-11-20T16:00:00.000Z', true);
const SOON = row(2, '厂区道路破损', '2026-11-26T16:00:00.000Z', false);
const UNACCEPTED: AppealQueueRow = {
  ...row(3, '用电增容', '', false),
  status: 'submitted',
  statusLabel: '已提交',
  dueAt: null,
  acceptDueAt: '2026-11-24T16:00:00.000Z',
  dueText: '待受理超时',
  remainingDays: -1,
  acceptOverdue: true,
  department: null,
  departmentName: null,
};

test('the card lists those nobody accepted in time, the overdue appeals, then those due soon without repeating them, each leading to its detail', async () => {
  const asked: AppealQueueQuery[] = [];
  server.use(
    mock.post(APPEAL_CONSOLE_PATHS.page, async ({ request }) => {
      const q = (await request.json()) as AppealQueueQuery;
      asked.push(q);
      const list = q.acceptOverdue ? [UNACCEPTED] : q.overdue ? [LATE] : [LATE, SOON];
      return HttpResponse.json(ok<PageOf<AppealQueueRow>>({ list, total: list.length, currentPage: 1, pageSize: q.pageSize }));
    }),
  );
  const router = createMemoryRouter([{ path: '/admin', Component: AppealWorkbenchCard }], { initialEntries: ['/admin'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );

  const unaccepted = (await screen.findByText('待受理超时的诉求（1）')).closest('.ant-card') as HTMLElement;
  expect(within(unaccepted).getByRole('link', { name: 'SQ20261120-0003 用电增容' })).toHaveAttribute('href', '/admin/appeals/3');
  expect(within(unaccepted).getByText('2026-11-24 应受理')).toBeInTheDocument();
  expect(within(unaccepted).getByRole('link', { name: '全部' })).toHaveAttribute('href', '/admin/appeals?acceptOverdue=1');
  const late = (await screen.findByText('已超期的诉求（1）')).closest('.ant-card') as HTMLElement;
  expect(within(late).getByRole('link', { name: 'SQ20261120-0001 贷款贴息何时到账' })).toHaveAttribute('href', '/admin/appeals/1');
  expect(within(late).getByText('2026-11-20 到期')).toBeInTheDocument();
  const soon = (await screen.findByText('2 个工作日内到期的诉求（1）')).closest('.ant-card') as HTMLElement;
  expect(within(soon).getByRole('link', { name: 'SQ20261120-0002 厂区道路破损' })).toHaveAttribute('href', '/admin/appeals/2');
  expect(within(soon).queryByText(/贷款贴息何时到账/)).toBeNull();
  expect(within(soon).getByText('青山机械有限公司 · 未分派')).toBeInTheDocument();
  expect(asked).toEqual(expect.arrayContaining([expect.objectContaining({ acceptOverdue: true }), expect.objectContaining({ overdue: true }), expect.objectContaining({ dueSoon: true })]));
});

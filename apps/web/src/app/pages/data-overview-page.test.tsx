import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { APPEAL_STATS_PATHS, type AppealMyCounts } from '@hqt/contract/appeal-stats';
import { CALCULATOR_PATHS, type AccountCalculatorInfo } from '@hqt/contract/calculator';
import { INBOX_PATHS } from '@hqt/contract/inbox';
import { VISIT_PATHS, type VisitPortalQuery } from '@hqt/contract/visit';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../test/msw';
import DataOverviewPage from './data-overview-page';

beforeEach(() => session.clear());

test("shows the account's open appeals and those waiting for its rating, each leading to 企业诉求", async () => {
  const info: AccountCalculatorInfo = { name: '云溪智造科技有限公司', enterprises: [], newGuides: 0, evaluations: 0 };
  server.use(
    mock.get(CALCULATOR_PATHS.accountInfo, () => HttpResponse.json(ok(info))),
    mock.get(INBOX_PATHS.unreadCount, () => HttpResponse.json(ok({ unread: 7 }))),
    mock.get(APPEAL_STATS_PATHS.mine, () => HttpResponse.json(ok<AppealMyCounts>({ open: 3, toRate: 2 }))),
    mock.post(VISIT_PATHS.appointmentPage, async ({ request }) => {
      const { filter } = (await request.json()) as VisitPortalQuery;
      const total = { upcoming: 4, toConfirm: 5, toAppraise: 6 }[filter as string] ?? 0;
      return HttpResponse.json(ok({ list: [], total, currentPage: 1, pageSize: 1 }));
    }),
  );
  const router = createMemoryRouter([{ path: '*', element: <DataOverviewPage /> }], { initialEntries: ['/dataOverview/dataOverview'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const open = (await screen.findByText('办理中的诉求')).closest('a')!;
  await screen.findByText('3', { selector: '.ant-statistic-content-value-int' });
  expect(open).toHaveTextContent('办理中的诉求3件');
  expect(open).toHaveAttribute('href', '/enterpriseDemands/enterpriseDemands');
  const toRate = screen.getByText('待评价的诉求').closest('a')!;
  expect(toRate).toHaveTextContent('待评价的诉求2件');
  expect(toRate).toHaveAttribute('href', '/enterpriseDemands/enterpriseDemands');
  // the unread count is every source's: named and linked as the message centre's, not 政策's
  const unread = screen.getByText('未读消息').closest('a')!;
  expect(unread).toHaveTextContent('未读消息7条');
  expect(unread).toHaveAttribute('href', '/messageCenter/messageCenter?read=unread');
  expect(screen.getByRole('link', { name: '有 7 条未读消息' })).toHaveAttribute('href', '/messageCenter/messageCenter?read=unread');
  expect(screen.queryByText(/未读政策消息/)).toBeNull();
});

test("shows the account's upcoming visits, those to confirm and the summaries to appraise, each leading to its tab of 企业走访", async () => {
  const info: AccountCalculatorInfo = { name: '云溪智造科技有限公司', enterprises: [], newGuides: 0, evaluations: 0 };
  server.use(
    mock.get(CALCULATOR_PATHS.accountInfo, () => HttpResponse.json(ok(info))),
    mock.get(INBOX_PATHS.unreadCount, () => HttpResponse.json(ok({ unread: 0 }))),
    mock.get(APPEAL_STATS_PATHS.mine, () => HttpResponse.json(ok<AppealMyCounts>({ open: 0, toRate: 0 }))),
    mock.post(VISIT_PATHS.appointmentPage, async ({ request }) => {
      const { filter } = (await request.json()) as VisitPortalQuery;
      const total = { upcoming: 4, toConfirm: 5, toAppraise: 6 }[filter as string] ?? 0;
      return HttpResponse.json(ok({ list: [], total, currentPage: 1, pageSize: 1 }));
    }),
  );
  const router = createMemoryRouter([{ path: '*', element: <DataOverviewPage /> }], { initialEntries: ['/dataOverview/dataOverview'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByText('6', { selector: '.ant-statistic-content-value-int' });
  const link = (title: string) => screen.getByText(title).closest('a')!;
  expect(link('即将走访')).toHaveTextContent('即将走访4次');
  expect(link('即将走访')).toHaveAttribute('href', '/enterpriseVisit/enterpriseVisit');
  expect(link('待确认的走访')).toHaveTextContent('待确认的走访5次');
  expect(link('待确认的走访')).toHaveAttribute('href', '/enterpriseVisit/enterpriseVisit?tab=toConfirm');
  expect(link('待评价的走访纪要')).toHaveTextContent('待评价的走访纪要6份');
  expect(link('待评价的走访纪要')).toHaveAttribute('href', '/enterpriseVisit/enterpriseVisit?tab=toAppraise');
});

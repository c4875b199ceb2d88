import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { APPEAL_STATS_PATHS, type AppealMyCounts } from '@hqt/contract/appeal-stats';
import { CALCULATOR_PATHS, type AccountCalculatorInfo } from '@hqt/contract/calculator';
import { INBOX_PATHS } from '@hqt/contract/inbox';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../test/msw';
import DataOverviewPage from './data-overview-page';

beforeEach(() => session.clear());

test("shows the account's open appeals and those waiting for its rating, each leading to 企业诉求", async () => {
  const info: AccountCalculatorInfo = { name: '云溪智造科技有限公司', enterprises: [], newGuides: 0, evaluations: 0 };
  server.use(
    mock.get(CALCULATOR_PATHS.accountInfo, () => HttpResponse.json(ok(info))),
    mock.get(INBOX_PATHS.unreadCount, () => HttpResponse.json(ok({ unread: 0 }))),
    mock.get(APPEAL_STATS_PATHS.mine, () => HttpResponse.json(ok<AppealMyCounts>({ open: 3, toRate: 2 }))),
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
});

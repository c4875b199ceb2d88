import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { APPEAL_FIGURE_DEFINITIONS, APPEAL_STATS_PATHS, type AppealFigures, type AppealFiguresQuery, type AppealFiguresResult } from '@hqt/contract/appeal-stats';
import { POLICY_PATHS, type DictItem } from '@hqt/contract/policy';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import FiguresPage from './figures-page';

beforeEach(() => session.clear());

const none: AppealFigures = {
  received: 0,
  responded: 0,
  responseRate: null,
  replied: 0,
  repliedOnTime: 0,
  onTimeRate: null,
  rated: 0,
  satisfied: 0,
  satisfactionRate: null,
  firstRated: 0,
  firstSatisfied: 0,
  firstSatisfactionRate: null,
  badRatings: 0,
  reworks: 0,
  reworksAnswered: 0,
  reworkRate: null,
  avgReplyDays: null,
};
// Satisfied at last 2 of 3, at first 1 of 3: one 差评, reworked and answered again.
const policy: AppealFigures = {
  received: 8,
  responded: 7,
  responseRate: 0.875,
  replied: 6,
  repliedOnTime: 5,
  onTimeRate: 5 / 6,
  rated: 3,
  satisfied: 2,
  satisfactionRate: 2 / 3,
  firstRated: 3,
  firstSatisfied: 1,
  firstSatisfactionRate: 1 / 3,
  badRatings: 1,
  reworks: 1,
  reworksAnswered: 1,
  reworkRate: 1,
  avgReplyDays: 2.5,
};

function result(by: string): AppealFiguresResult {
  if (by === 'month') return { year: 2026, by, rows: [{ key: '2026-03', label: '3月', ...policy }], totals: policy };
  return {
    year: 2026,
    by,
    rows: [
      { key: 'policy', label: '惠企政策', ...policy },
      { key: 'talent', label: '人才需求', ...none },
    ],
    totals: policy,
  };
}

const DICTS: Record<string, DictItem[]> = {
  appealCategory: [
    { code: 'policy', label: '惠企政策', extra: { limitDays: 5 } },
    { code: 'talent', label: '人才需求', extra: { limitDays: 10 } },
  ],
  department: [{ code: 'gxj', label: '云溪县工业和信息化局', extra: null }],
};

function serve() {
  const asked: AppealFiguresQuery[] = [];
  server.use(
    mock.post(APPEAL_STATS_PATHS.figures, async ({ request }) => {
      const body = (await request.json()) as AppealFiguresQuery;
      asked.push(body);
      return HttpResponse.json(ok(result(body.by)));
    }),
    mock.get(POLICY_PATHS.dictionary, ({ request }) => HttpResponse.json(ok(DICTS[new URL(request.url).searchParams.get('Dict_Type') ?? ''] ?? []))),
  );
  return asked;
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/appeal-figures', element: <FiguresPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

test("draws each group's figures with rates as percentages and '—' where nothing was rated; 首次满意率 and 整改率 beside 满意率, 差评 and 整改", async () => {
  const asked = serve();
  renderAt('/admin/appeal-figures?year=2026');
  const policyRow = (await screen.findByText('惠企政策', { selector: 'td' })).closest('tr')!;
  const headers = screen.getAllByRole('columnheader').map((c) => c.textContent);
  expect(headers.slice(headers.indexOf('满意率'), headers.indexOf('满意率') + 5)).toEqual(['满意率', '首次满意率', '差评', '整改', '整改率']);
  expect(cells(policyRow)).toEqual(['惠企政策', '8', '7', '87.5%', '6', '5', '83.3%', '3', '2', '66.7%', '33.3%', '1', '1', '100%', '2.5']);
  const talentRow = screen.getByText('人才需求', { selector: 'td' }).closest('tr')!;
  expect(cells(talentRow)).toEqual(['人才需求', '0', '0', '—', '0', '0', '—', '0', '0', '—', '—', '0', '0', '—', '—']);
  // Each rate and the 差评 count defined under the table, in the contract's words.
  const definitions = within(screen.getByRole('list', { name: '统计口径' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(definitions).toEqual(Object.values(APPEAL_FIGURE_DEFINITIONS));
  expect(definitions.some((d) => d?.startsWith('首次满意率：第一次评价'))).toBe(true);
  const totals = screen.getByText('合计').closest('tr')!;
  expect(cells(totals)[3]).toBe('87.5%');
  expect(screen.getByRole('columnheader', { name: '诉求类别' })).toBeInTheDocument();
  expect(asked).toEqual([{ year: 2026, by: 'category' }]);
});

test('asks again per month when the dimension changes, and keeps the choice in the address', async () => {
  const asked = serve();
  const router = renderAt('/admin/appeal-figures?year=2026');
  await screen.findByText('惠企政策', { selector: 'td' });
  await userEvent.click(screen.getByText('按月份'));
  expect(await screen.findByText('3月', { selector: 'td' })).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: '月份' })).toBeInTheDocument();
  await waitFor(() => expect(asked.at(-1)).toEqual({ year: 2026, by: 'month' }));
  expect(router.state.location.search).toBe('?year=2026&by=month');
});

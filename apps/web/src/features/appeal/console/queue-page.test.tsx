import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { APPEAL_STATUS_LIST } from '@hqt/contract/appeal';
import { APPEAL_CONSOLE_PATHS, type AppealCounts, type AppealCountsQuery, type AppealQueueQuery, type AppealQueueRow, type AppealHandler } from '@hqt/contract/appeal-console';
import { DEFAULT_PAGE_SIZE } from '@hqt/contract/constants';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_PATHS, type AppealCategory, type DictItem } from '@hqt/contract/policy';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import AppealQueuePage from './queue-page';

beforeEach(() => session.clear());

const row = (over: Partial<AppealQueueRow> & Pick<AppealQueueRow, 'id' | 'number' | 'title'>): AppealQueueRow => ({
  enterpriseId: 3,
  enterpriseName: '青山机械有限公司',
  category: 'finance',
  categoryName: '融资贷款',
  status: 'accepted',
  statusLabel: '办理中',
  createdAt: '2026-11-20T02:00:00.000Z',
  dueAt: '2026-11-27T16:00:00.000Z',
  acceptDueAt: null,
  dueText: null,
  remainingDays: null,
  rating: null,
  department: 'fgj',
  departmentName: '发改局',
  handlerName: '张三',
  overdue: false,
  acceptOverdue: false,
  ...over,
});
const UNACCEPTED = { status: 'submitted', statusLabel: '已提交', dueAt: null, department: null, departmentName: null, handlerName: null };
const ROWS = [
  row({ id: 1, number: 'SQ20261120-0001', title: '贷款贴息何时到账' }),
  row({ id: 2, number: 'SQ20261118-0003', title: '厂区道路破损', category: 'infra', categoryName: '基础设施', dueAt: '2026-11-22T16:00:00.000Z', overdue: true, handlerName: '李四' }),
  row({ id: 3, number: 'SQ20261125-0002', title: '招工难', ...UNACCEPTED }),
  row({ id: 4, number: 'SQ20261123-0001', title: '用电增容', ...UNACCEPTED, acceptDueAt: '2026-11-24T16:00:00.000Z', acceptOverdue: true, dueText: '待受理超时', remainingDays: -1 }),
  row({ id: 5, number: 'SQ20261125-0003', title: '用地手续', ...UNACCEPTED, acceptDueAt: '2026-11-26T16:00:00.000Z', dueText: '剩余 1 个工作日', remainingDays: 1 }),
];
const COUNTS: AppealCounts = { all: 17, byStatus: { ...Object.fromEntries(APPEAL_STATUS_LIST.map((s) => [s, 0])), submitted: 4, accepted: 9, replied: 3, closed: 1 } };
const CATEGORIES: AppealCategory[] = [
  { code: 'finance', label: '融资贷款', limitDays: 10 },
  { code: 'infra', label: '基础设施', limitDays: 15 },
];
const DEPARTMENTS: DictItem[] = [
  { code: 'fgj', label: '发改局', extra: null },
  { code: 'rsj', label: '人社局', extra: null },
];
const HANDLERS: AppealHandler[] = [
  { id: 7, name: '王工', roleName: '工作人员' },
  { id: 9, name: '赵管理', roleName: '管理员' },
];

/** The queue's calls, answering the rows above and recording what each was sent. */
function serveQueue() {
  const pages: AppealQueueQuery[] = [];
  const counts: AppealCountsQuery[] = [];
  server.use(
    mock.post(APPEAL_CONSOLE_PATHS.page, async ({ request }) => {
      const query = (await request.json()) as AppealQueueQuery;
      pages.push(query);
      const page: PageOf<AppealQueueRow> = { list: ROWS, total: ROWS.length, currentPage: query.currentPage, pageSize: query.pageSize };
      return HttpResponse.json(ok(page));
    }),
    mock.post(APPEAL_CONSOLE_PATHS.counts, async ({ request }) => {
      counts.push((await request.json()) as AppealCountsQuery);
      return HttpResponse.json(ok(COUNTS));
    }),
    mock.post(POLICY_PATHS.appealCategoryPage, () => HttpResponse.json(ok({ list: CATEGORIES, total: CATEGORIES.length, currentPage: 1, pageSize: 99999 }))),
    mock.get(POLICY_PATHS.dictionary, () => HttpResponse.json(ok(DEPARTMENTS))),
    mock.get(APPEAL_CONSOLE_PATHS.handlers, () => HttpResponse.json(ok(HANDLERS))),
  );
  return { pages, counts };
}

function renderQueue(path = '/admin/appeals') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/admin/appeals', Component: AppealQueuePage },
      { path: '/admin/appeals/:id', Component: () => <p>诉求详情页</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

test('the queue draws each appeal with its enterprise, category, state, due date and handler, and the tabs count each status', async () => {
  serveQueue();
  renderQueue();
  const first = await rowOf('SQ20261120-0001');
  for (const text of ['贷款贴息何时到账', '青山机械有限公司', '融资贷款', '办理中', '2026-11-27', '发改局', '张三']) expect(within(first).getByText(text)).toBeInTheDocument();
  // Past its due date while its clock runs: said in red.
  const late = within(await rowOf('SQ20261118-0003')).getByText('2026-11-22（已超期）');
  expect(late).toHaveClass('ant-typography-danger');
  expect(within(await rowOf('SQ20261125-0002')).getAllByText('—')).toHaveLength(3);
  // Still 已提交: its 受理 deadline, 待受理超时 in red past it.
  const unaccepted = within(await rowOf('SQ20261123-0001')).getByText('受理期限 2026-11-24（待受理超时）');
  expect(unaccepted).toHaveClass('ant-typography-danger');
  expect(within(await rowOf('SQ20261125-0003')).getByText('受理期限 2026-11-26')).not.toHaveClass('ant-typography-danger');

  expect(await screen.findByRole('tab', { name: '全部（17）' })).toHaveAttribute('aria-selected', 'true');
  for (const name of ['已提交（4）', '办理中（9）', '已答复（3）', '已办结（1）', '待补充（0）', '整改中（0）']) expect(screen.getByRole('tab', { name })).toBeInTheDocument();
});

test('every filter in the address is sent to the queue, and to the counts without the status', async () => {
  const { pages, counts } = serveQueue();
  renderQueue('/admin/appeals?status=accepted&keyword=贷款&category=finance&department=fgj&handlerId=7&overdue=1&dueSoon=1&from=2026-11-01&to=2026-11-25');
  await rowOf('SQ20261120-0001');
  const filters = { keyword: '贷款', category: 'finance', department: 'fgj', handlerId: 7, overdue: true, dueSoon: true, from: '2026-11-01', to: '2026-11-25' };
  expect(pages.at(-1)).toEqual({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, status: 'accepted', ...filters });
  await waitFor(() => expect(counts.at(-1)).toEqual(filters));
  expect(screen.getByRole('tab', { name: '办理中（9）' })).toHaveAttribute('aria-selected', 'true');
});

test('a tab asks for its status and keeps it in the address; the 已超期 box adds overdue, the 待受理超时 box acceptOverdue', async () => {
  const { pages, counts } = serveQueue();
  const router = renderQueue();
  await rowOf('SQ20261120-0001');
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('tab', { name: '已提交（4）' }));
  await waitFor(() => expect(pages.at(-1)).toMatchObject({ status: 'submitted', currentPage: 1 }));
  expect(router.state.location.search).toContain('status=submitted');

  await user.click(screen.getByRole('checkbox', { name: '已超期' }));
  await waitFor(() => expect(pages.at(-1)).toMatchObject({ status: 'submitted', overdue: true }));
  await waitFor(() => expect(counts.at(-1)).toEqual({ overdue: true }));

  await user.click(screen.getByRole('checkbox', { name: '待受理超时' }));
  await waitFor(() => expect(pages.at(-1)).toMatchObject({ status: 'submitted', overdue: true, acceptOverdue: true }));
  await waitFor(() => expect(counts.at(-1)).toEqual({ overdue: true, acceptOverdue: true }));
  expect(router.state.location.search).toContain('acceptOverdue=1');
});

test('?id=N (the link in a handler\'s notice) opens that appeal', async () => {
  serveQueue();
  const router = renderQueue('/admin/appeals?id=12');
  expect(await screen.findByText('诉求详情页')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/admin/appeals/12');
});

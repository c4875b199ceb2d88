import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { DEFAULT_PAGE_SIZE } from '@hqt/contract/constants';
import type { PageOf } from '@hqt/contract/envelope';
import { VISIT_CONSOLE_PATHS, type VisitCalendarQuery, type VisitConsoleRow, type VisitPageQuery } from '@hqt/contract/visit-console';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import VisitListPage from './list-page';
import { pick, renderAt, servePicks } from './test-kit';

beforeEach(() => session.clear());

const row = (over: Partial<VisitConsoleRow> & Pick<VisitConsoleRow, 'id' | 'number' | 'subject'>): VisitConsoleRow => ({
  enterpriseId: 3,
  enterpriseName: '青山机械有限公司',
  origin: 'staff',
  type: 'policy',
  typeName: '政策宣讲',
  method: 'onsite',
  methodName: '实地走访',
  startsAt: '2026-12-19T02:00:00.000Z',
  endsAt: '2026-12-19T03:30:00.000Z',
  place: '青山机械会议室',
  status: 'confirmed',
  statusLabel: '已确认',
  leadName: '王工',
  rating: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  town: 'cz',
  townName: '城关镇',
  ...over,
});
const ROWS = [row({ id: 1, number: 'ZF20261120-0001', subject: '政策兑现情况回访' }), row({ id: 2, number: 'ZF20261121-0002', subject: '用工需求调研', status: 'pending', statusLabel: '待确认', townName: null, town: null })];

function serveList() {
  servePicks();
  const pages: VisitPageQuery[] = [];
  const calendars: VisitCalendarQuery[] = [];
  server.use(
    mock.post(VISIT_CONSOLE_PATHS.page, async ({ request }) => {
      const query = (await request.json()) as VisitPageQuery;
      pages.push(query);
      const page: PageOf<VisitConsoleRow> = { list: ROWS, total: ROWS.length, currentPage: query.currentPage, pageSize: query.pageSize };
      return HttpResponse.json(ok(page));
    }),
    mock.post(VISIT_CONSOLE_PATHS.calendar, async ({ request }) => {
      calendars.push((await request.json()) as VisitCalendarQuery);
      return HttpResponse.json(ok(ROWS));
    }),
  );
  return { pages, calendars };
}

const renderList = (path: string) => renderAt({ '/admin/visits': VisitListPage, '/admin/visits/:id': () => <p>走访详情页</p> }, path);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

test('every filter in the address is sent to the list, and each visit drawn with its enterprise, town, time, lead and state', async () => {
  const { pages } = serveList();
  renderList('/admin/visits?view=list&status=confirmed&keyword=青山&staffId=7&town=cz&month=2026-12');
  const first = await rowOf('ZF20261120-0001');
  expect(pages.at(-1)).toEqual({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, status: 'confirmed', keyword: '青山', staffId: 7, town: 'cz', month: '2026-12' });
  for (const text of ['政策兑现情况回访', '青山机械有限公司', '城关镇', '政策宣讲', '王工', '已确认']) expect(within(first).getByText(text)).toBeInTheDocument();
  expect(within(first).getByText(/^2026-12-19 \d\d:00–\d\d:30$/)).toBeInTheDocument();
});

test('a filter chosen in the list is sent and kept in the address', async () => {
  const { pages } = serveList();
  const router = renderList('/admin/visits?view=list');
  await rowOf('ZF20261120-0001');
  const user = userEvent.setup({ delay: null });
  await pick(user, screen.getByRole('combobox', { name: '走访人员' }), '赵管理（管理员）');
  await waitFor(() => expect(pages.at(-1)).toMatchObject({ staffId: 9, currentPage: 1 }));
  await pick(user, screen.getByRole('combobox', { name: '状态' }), '待确认');
  await waitFor(() => expect(pages.at(-1)).toMatchObject({ staffId: 9, status: 'pending' }));
  expect(router.state.location.search).toContain('staffId=9');
});

test('the calendar asks for the shown month, then the week, with the staff filter', async () => {
  const { calendars } = serveList();
  renderList('/admin/visits');
  await waitFor(() => expect(calendars.length).toBeGreaterThan(0));
  const monthAsked = calendars.at(-1)!;
  expect(monthAsked.from).toMatch(/^\d{4}-\d{2}-01$/);
  expect(monthAsked.to.slice(0, 7)).toBe(monthAsked.from.slice(0, 7));
  const user = userEvent.setup({ delay: null });
  await pick(user, screen.getByRole('combobox', { name: '走访人员' }), '王工（工作人员）');
  await waitFor(() => expect(calendars.at(-1)).toMatchObject({ from: monthAsked.from, to: monthAsked.to, staffId: 7 }));
  await user.click(screen.getByRole('radio', { name: '周' }).closest('label')!);
  await waitFor(() => expect(calendars.at(-1)).toMatchObject({ staffId: 7 }));
  const week = calendars.at(-1)!;
  expect(new Date(`${week.from}T00:00:00Z`).getUTCDay()).toBe(1);
  expect((Date.parse(`${week.to}T00:00:00Z`) - Date.parse(`${week.from}T00:00:00Z`)) / 86_400_000).toBe(6);
  expect(screen.getAllByRole('gridcell')).toHaveLength(7);
});

test('?id=N (the link in a staff notice) opens that visit', async () => {
  serveList();
  const router = renderList('/admin/visits?id=12');
  expect(await screen.findByText('走访详情页')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/admin/visits/12');
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CALENDAR_PATHS, type CalendarDayInput, type CalendarStatus, type CalendarYear } from '@hqt/contract/calendar';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import CalendarWarning from './calendar-warning';
import WorkingDaysPage from './working-days-page';

beforeEach(() => session.clear());

// A year is 365 day buttons: they are found by their labels (a role query computes every element's style).

/** A small server: the years it holds change with the page's writes. */
function serveCalendar() {
  const years: Record<number, CalendarYear> = {
    2026: {
      year: 2026,
      published: false,
      publishedAt: null,
      days: [
        { date: '2026-02-14', kind: 'workday', name: '春节调休' },
        { date: '2026-02-16', kind: 'holiday', name: '春节' },
      ],
    },
    2027: { year: 2027, published: false, publishedAt: null, days: [] },
  };
  const writes: { date?: string; year?: number; body: unknown }[] = [];
  server.use(
    mock.get(CALENDAR_PATHS.year, ({ params }) => HttpResponse.json(ok(years[Number(params.year)]!))),
    mock.put(CALENDAR_PATHS.day, async ({ params, request }) => {
      const date = String(params.date);
      const body = (await request.json()) as CalendarDayInput;
      writes.push({ date, body });
      const year = years[Number(date.slice(0, 4))]!;
      year.days = year.days.filter((d) => d.date !== date);
      if (body.mark !== 'normal') year.days = [...year.days, { date, kind: body.mark, name: body.name }].sort((a, b) => a.date.localeCompare(b.date));
      return HttpResponse.json(ok(null, '修改成功'));
    }),
    mock.put(CALENDAR_PATHS.yearPublished, async ({ params, request }) => {
      const body = (await request.json()) as { published: boolean };
      writes.push({ year: Number(params.year), body });
      years[Number(params.year)]!.published = body.published;
      return HttpResponse.json(ok(null, `${String(params.year)}年工作日历已发布`));
    }),
  );
  return writes;
}

function renderAt(path: string, element: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/*', element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

test('a year shows month by month which days are 放假 and 调休上班, and is published by the administrator', async () => {
  const writes = serveCalendar();
  renderAt('/admin/working-days?year=2026', <WorkingDaysPage />);
  expect(await screen.findByText('未发布')).toBeInTheDocument();
  expect(screen.getByText('2026年工作日历')).toBeInTheDocument();
  const february = screen.getByLabelText('2月');
  expect(within(february).getByLabelText('2026年2月14日 周六 调休上班：春节调休')).toBeInTheDocument();
  expect(within(february).getByLabelText('2026年2月16日 周一 放假：春节')).toBeInTheDocument();
  expect(within(february).getByLabelText('2026年2月15日 周日 周末')).toBeInTheDocument();
  expect(screen.getByLabelText('2026年3月9日 周一 工作日')).toBeInTheDocument();
  expect(screen.getAllByLabelText(/^\d+月$/)).toHaveLength(12);

  await userEvent.click(screen.getByText('发布本年度'));
  expect(await screen.findByText('已发布')).toBeInTheDocument();
  expect(writes).toEqual([{ year: 2026, body: { published: true } }]);
  expect(screen.getByText('撤回发布').closest('button')).toBeEnabled();
});

test('a weekday is marked 放假 with its name; 调休上班 is offered only on a weekend day', async () => {
  const writes = serveCalendar();
  renderAt('/admin/working-days?year=2026', <WorkingDaysPage />);
  await userEvent.click(await screen.findByLabelText('2026年3月9日 周一 工作日'));
  const dialog = await screen.findByRole('dialog', { name: '2026年3月9日（周一）' });
  expect(within(dialog).getByRole('radio', { name: '调休上班' })).toBeDisabled();
  await userEvent.click(within(dialog).getByRole('radio', { name: '放假' }));
  await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
  expect(await within(dialog).findByText('请填写名称（如：春节、国庆节调休）')).toBeInTheDocument();
  expect(writes).toEqual([]);
  await userEvent.type(within(dialog).getByLabelText('名称'), '县庆');
  await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
  expect(await screen.findByLabelText('2026年3月9日 周一 放假：县庆')).toBeInTheDocument();
  expect(writes).toEqual([{ date: '2026-03-09', body: { mark: 'holiday', name: '县庆' } }]);

  // Back to normal: the mark goes, the name is not sent.
  await userEvent.click(screen.getByLabelText('2026年2月14日 周六 调休上班：春节调休'));
  const saturday = await screen.findByRole('dialog', { name: '2026年2月14日（周六）' });
  expect(within(saturday).getByRole('radio', { name: '调休上班' })).toBeChecked();
  await userEvent.click(within(saturday).getByRole('radio', { name: '正常' }));
  await userEvent.click(within(saturday).getByRole('button', { name: /保\s*存/ }));
  expect(await screen.findByLabelText('2026年2月14日 周六 周末')).toBeInTheDocument();
  expect(writes.at(-1)).toEqual({ date: '2026-02-14', body: { mark: 'normal', name: '' } });
});

test('the next year is a click away', async () => {
  serveCalendar();
  const router = renderAt('/admin/working-days?year=2026', <WorkingDaysPage />);
  await screen.findByLabelText('2026年3月9日 周一 工作日');
  await userEvent.click(screen.getByLabelText('下一年'));
  expect(await screen.findByLabelText('2027年3月9日 周二 工作日')).toBeInTheDocument();
  expect(screen.getByText('2027年工作日历')).toBeInTheDocument();
  expect(router.state.location.search).toBe('?year=2027');
  expect(screen.getByText(/2027年工作日历尚未发布/)).toBeInTheDocument();
});

describe('the 工作台\'s warning', () => {
  const serveStatus = (status: CalendarStatus) => server.use(mock.get(CALENDAR_PATHS.status, () => HttpResponse.json(ok(status))));

  test('names the years without a published calendar, and takes an administrator there', async () => {
    serveStatus({ today: '2026-11-25', published: [2026], missing: [2027] });
    session.setUser({ name: '李管理', roles: ['管理员'] });
    renderAt('/admin', <CalendarWarning />);
    expect(await screen.findByText('2027年的工作日历尚未发布，办理时限将无法计算，请管理员尽快维护')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '维护工作日历' })).toHaveAttribute('href', '/admin/working-days?year=2027');
  });

  test('a 工作人员 is warned without the link', async () => {
    serveStatus({ today: '2026-03-02', published: [], missing: [2026] });
    session.setUser({ name: '王科员', roles: ['工作人员'] });
    renderAt('/admin', <CalendarWarning />);
    expect(await screen.findByText(/^2026年的工作日历尚未发布/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  test('says nothing when every year it needs is published', async () => {
    let asked = false;
    server.use(mock.get(CALENDAR_PATHS.status, () => {
      asked = true;
      return HttpResponse.json(ok({ today: '2026-03-02', published: [2026], missing: [] } satisfies CalendarStatus));
    }));
    renderAt('/admin', <CalendarWarning />);
    await waitFor(() => expect(asked).toBe(true));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@hqt/contract/constants';
import { ENTCODE_CONSOLE_PATHS, type EntcodePageQuery, type EntcodeRow } from '@hqt/contract/entcode-console';
import type { PageOf } from '@hqt/contract/envelope';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import EntcodeListPage from './list-page';

beforeEach(() => session.clear());

const row = (over: Partial<EntcodeRow> & Pick<EntcodeRow, 'id' | 'code' | 'enterpriseName'>): EntcodeRow => ({
  display: `${over.code.slice(0, 5)}-${over.code.slice(5)}`,
  creditCode: '91330100MA2XXXXX01',
  enterpriseId: over.id + 100,
  enterpriseDeleted: false,
  status: 'active',
  statusLabel: '正常',
  scans7: 0,
  scans30: 0,
  lastScanAt: null,
  createdAt: '2026-11-01T02:00:00.000Z',
  ...over,
});
const ROWS = [
  row({ id: 1, code: 'A2B3C4D5E6', enterpriseName: '青山机械有限公司', scans7: 3, scans30: 12, lastScanAt: '2026-11-24T06:30:00.000Z' }),
  row({ id: 2, code: 'F7G8H9J2K3', enterpriseName: '绿谷食品有限公司', status: 'frozen', statusLabel: '已冻结', creditCode: '91330100MA2YYYYY02' }),
  row({ id: 3, code: 'L4M5N6P7Q8', enterpriseName: '旧厂电子有限公司', status: 'revoked', statusLabel: '已注销', enterpriseDeleted: true }),
];

function serveList() {
  const pages: EntcodePageQuery[] = [];
  server.use(
    mock.post(ENTCODE_CONSOLE_PATHS.page, async ({ request }) => {
      const query = (await request.json()) as EntcodePageQuery;
      pages.push(query);
      const page: PageOf<EntcodeRow> = { list: ROWS, total: ROWS.length, currentPage: query.currentPage, pageSize: query.pageSize };
      return HttpResponse.json(ok(page));
    }),
  );
  return pages;
}

function renderList(path = '/admin/enterprise-codes') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/enterprise-codes', Component: EntcodeListPage }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

test('each code is drawn with its enterprise, the code as printed, its state, its scans and the last scan', async () => {
  serveList();
  renderList();
  const first = within(await rowOf('青山机械有限公司'));
  expect(first.getByRole('link', { name: 'A2B3C-4D5E6' })).toHaveAttribute('href', '/admin/enterprise-codes/1');
  expect(first.getByRole('link', { name: '青山机械有限公司' })).toHaveAttribute('href', '/admin/enterprises/101');
  for (const text of ['正常', '3', '12', '2026-11-24 14:30']) expect(first.getByText(text)).toBeInTheDocument();
  expect(within(await rowOf('绿谷食品有限公司')).getByText('已冻结')).toBeInTheDocument();
  const gone = within(await rowOf('旧厂电子有限公司'));
  expect(gone.getByText('已删除')).toBeInTheDocument();
  expect(gone.getByText('已注销')).toBeInTheDocument();
  expect(gone.getByText('—')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '导出 / 打印' })).toBeInTheDocument();
});

test('the filters in the address are sent, and a keyword and a state chosen on the page are sent and kept in the address', async () => {
  const pages = serveList();
  const router = renderList('/admin/enterprise-codes?status=frozen&keyword=绿谷');
  await rowOf('青山机械有限公司');
  expect(pages.at(-1)).toEqual({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, status: 'frozen', keyword: '绿谷' });

  const user = userEvent.setup({ delay: null });
  const search = screen.getByRole('searchbox', { name: '企业名称/信用代码/企业码' });
  await user.clear(search);
  await user.type(search, 'a2b3c-4d5e6{Enter}');
  await waitFor(() => expect(pages.at(-1)).toEqual({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, status: 'frozen', keyword: 'a2b3c-4d5e6' }));

  await user.click(screen.getByRole('combobox', { name: '状态' }));
  const revoked = await waitFor(() => {
    const option = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.getAttribute('title') === '已注销');
    expect(option).toBeDefined();
    return option!;
  });
  await user.click(revoked);
  await waitFor(() => expect(pages.at(-1)).toMatchObject({ status: 'revoked', keyword: 'a2b3c-4d5e6' }));
  expect(router.state.location.search).toContain('status=revoked');
});

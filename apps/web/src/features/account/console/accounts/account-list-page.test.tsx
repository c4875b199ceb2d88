import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ACCOUNT_CONSOLE_MSG, ACCOUNT_CONSOLE_PATHS, type AccountActionBody, type AccountPageQuery, type ConsoleAccountRow } from '@hqt/contract/account-console';
import { consolePath } from '@hqt/contract/console';
import type { PageOf } from '@hqt/contract/envelope';
import { MSG } from '@hqt/contract/messages';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../../test/msw';
import AccountListPage from './account-list-page';

beforeEach(() => session.clear());

const inAnHour = new Date(Date.now() + 3600_000).toISOString();
const row = (over: Partial<ConsoleAccountRow> & Pick<ConsoleAccountRow, 'id' | 'username'>): ConsoleAccountRow => ({
  name: '张三',
  roleId: 2,
  roleName: '工作人员',
  phone: null,
  email: null,
  disabled: false,
  lockedUntil: null,
  mustChangePassword: false,
  createdAt: '2026-03-01T02:00:00.000Z',
  ...over,
});
const ROWS: ConsoleAccountRow[] = [
  row({ id: 11, username: 'zhang_san', phone: '13800000001' }),
  row({ id: 12, username: 'li_si', name: '李四', disabled: true }),
  row({ id: 13, username: 'wang_wu', name: '王五', lockedUntil: inAnHour }),
  row({ id: 14, username: 'zhao_liu', name: '赵六', roleId: 3, roleName: '管理员', mustChangePassword: true }),
];

function renderPage(path = '/admin/accounts') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/accounts', Component: AccountListPage }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The page query answers ROWS and records each body it was sent. */
function serveAccounts() {
  const queries: AccountPageQuery[] = [];
  server.use(
    mock.post(ACCOUNT_CONSOLE_PATHS.accountPage, async ({ request }) => {
      const query = (await request.json()) as AccountPageQuery;
      queries.push(query);
      const page: PageOf<ConsoleAccountRow> = { list: ROWS, total: ROWS.length, currentPage: query.currentPage, pageSize: query.pageSize };
      return HttpResponse.json(ok(page));
    }),
  );
  return queries;
}

const rowOf = async (username: string) => (await screen.findByText(username)).closest('tr')!;

test('the list shows the accounts from the server with their state tags', async () => {
  serveAccounts();
  renderPage();
  expect(within(await rowOf('zhang_san')).getByText('正常')).toBeInTheDocument();
  expect(within(await rowOf('zhang_san')).getByText('13800000001')).toBeInTheDocument();
  expect(within(await rowOf('li_si')).getByText('已停用')).toBeInTheDocument();
  expect(within(await rowOf('li_si')).getByRole('button', { name: '启用' })).toBeInTheDocument();
  expect(within(await rowOf('wang_wu')).getByText(/已锁定/)).toBeInTheDocument();
  expect(within(await rowOf('wang_wu')).getByRole('button', { name: '解锁' })).toBeInTheDocument();
  expect(within(await rowOf('zhang_san')).queryByRole('button', { name: '解锁' })).toBeNull();
  expect(within(await rowOf('zhao_liu')).getByText('须改密')).toBeInTheDocument();
  expect(within(await rowOf('zhao_liu')).getByText('管理员')).toBeInTheDocument();
});

test('the role filter in the address is sent as a number', async () => {
  const queries = serveAccounts();
  renderPage('/admin/accounts?roleId=3&state=locked&keyword=zhao');
  await screen.findByText('zhao_liu');
  expect(queries.at(-1)).toMatchObject({ currentPage: 1, roleId: 3, state: 'locked', keyword: 'zhao' });
});

test('重置密码 refuses a weak password without sending it, and posts a good one', async () => {
  serveAccounts();
  const sent: { path: string; body: AccountActionBody }[] = [];
  server.use(
    mock.post(ACCOUNT_CONSOLE_PATHS.accountAction, async ({ request }) => {
      sent.push({ path: new URL(request.url).pathname, body: (await request.json()) as AccountActionBody });
      return HttpResponse.json(ok(null, ACCOUNT_CONSOLE_MSG.passwordResetDone));
    }),
  );
  const user = userEvent.setup({ delay: null });
  renderPage();
  await user.click(within(await rowOf('zhang_san')).getByRole('button', { name: '重置密码' }));
  const dialog = await screen.findByRole('dialog');
  const field = within(dialog).getByLabelText('临时密码');
  const confirm = within(dialog).getByRole('button', { name: /重\s*置/ });

  await user.type(field, 'abc');
  await user.click(confirm);
  expect(await within(dialog).findByText(MSG.passwordPattern)).toBeInTheDocument();
  expect(sent).toHaveLength(0);

  await user.clear(field);
  await user.type(field, 'Abc12345');
  await user.click(confirm);
  expect(await screen.findByText(ACCOUNT_CONSOLE_MSG.passwordResetDone)).toBeInTheDocument();
  expect(sent).toEqual([{ path: consolePath(ACCOUNT_CONSOLE_PATHS.accountAction, { id: 11, action: 'reset-password' }), body: { password: 'Abc12345' } }]);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

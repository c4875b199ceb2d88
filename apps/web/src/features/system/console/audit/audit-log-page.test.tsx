import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AUDIT_CONSOLE_PATHS, type AuditPageQuery, type AuditRow } from '@hqt/contract/audit';
import type { PageOf } from '@hqt/contract/envelope';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../../test/msw';
import AuditLogPage from './audit-log-page';

beforeEach(() => session.clear());

const ROWS: AuditRow[] = [
  { id: 1, at: '2026-03-02T01:02:03.000Z', accountId: 3, username: 'admin', action: 'account.disabled', actionLabel: '停用账号', ip: '10.0.0.8', detail: { target: 'li_si' } },
  {
    id: 2,
    at: '2026-03-02T02:00:00.000Z',
    accountId: 3,
    username: 'admin',
    action: 'dict.updated',
    actionLabel: '修改字典项',
    ip: '10.0.0.8',
    detail: { before: { label: '城关镇', sort: 1 }, after: { label: '城关街道', sort: 1 } },
  },
  { id: 3, at: '2026-03-02T03:00:00.000Z', accountId: null, username: 'nobody', action: 'login.failure', actionLabel: '登录失败', ip: '10.0.0.9', detail: { reason: 'x'.repeat(120) } },
  {
    id: 4,
    at: '2026-03-02T04:00:00.000Z',
    accountId: 9,
    username: 'demo',
    action: 'evaluation.save',
    actionLabel: '保存政策测算',
    ip: '10.0.0.7',
    detail: { evaluationId: 12, enterpriseId: 7, eligible: 29, amount: 20, whatIf: { staff: 60 } },
  },
  { id: 7, at: '2026-03-02T03:30:00.000Z', accountId: 9, username: 'demo', action: 'login.failure', actionLabel: '登录失败', ip: '10.0.0.9', detail: { reason: 'password', failures: 2 } },
  { id: 5, at: '2026-03-02T05:00:00.000Z', accountId: 9, username: 'demo', action: 'account.update', actionLabel: '修改资料', ip: '10.0.0.7', detail: { fields: ['phone', 'email'] } },
  { id: 6, at: '2026-03-02T06:00:00.000Z', accountId: 9, username: 'demo', action: 'subscription.created', actionLabel: '订阅推送', ip: '10.0.0.7', detail: { subscriptionId: 3, kind: '关键词', followed: '研发' } },
];

function serveAudit() {
  const queries: AuditPageQuery[] = [];
  server.use(
    mock.post(AUDIT_CONSOLE_PATHS.auditPage, async ({ request }) => {
      const query = (await request.json()) as AuditPageQuery;
      queries.push(query);
      const list = query.action ? ROWS.filter((r) => r.action === query.action) : ROWS;
      const page: PageOf<AuditRow> = { list, total: list.length, currentPage: query.currentPage, pageSize: query.pageSize };
      return HttpResponse.json(ok(page));
    }),
  );
  return queries;
}

function renderPage(path = '/admin/audit') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/audit', Component: AuditLogPage }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

test('the log shows who did what, with the detail summarised, and offers no way to change it', async () => {
  serveAudit();
  renderPage();
  expect(await screen.findByText('停用账号')).toBeInTheDocument();
  expect(screen.getByText('对象账号: li_si')).toBeInTheDocument();
  // before/after: only what changed, as 字段: 旧 → 新
  expect(screen.getByText('名称: 城关镇 → 城关街道')).toBeInTheDocument();
  expect(screen.queryByText(/排序:/)).toBeNull();
  // a long value is cut to 80 characters
  expect(screen.getByText(`原因: ${'x'.repeat(76)}…`)).toBeInTheDocument();
  // a code the server writes, in words
  expect(screen.getByText('原因: 密码错误')).toBeInTheDocument();

  expect(screen.queryByRole('button', { name: /编\s*辑|删\s*除|修\s*改/ })).toBeNull();
  expect(screen.getByRole('button', { name: /导出/ })).toBeInTheDocument();
});

test('the detail names its keys in Chinese, never by the server\'s field names', async () => {
  serveAudit();
  renderPage();
  expect(await screen.findByText('测算编号: 12')).toBeInTheDocument();
  for (const line of ['企业编号: 7', '符合的指南数: 29', '测算金额（万元）: 20', '假设条件: staff 60', '修改项: 手机号、邮箱', '订阅类型: 关键词', '订阅内容: 研发']) expect(screen.getByText(line)).toBeInTheDocument();
  for (const raw of ['evaluationId', 'enterpriseId', 'eligible', 'amount', 'whatIf', 'fields', 'target', 'subscriptionId', 'followed']) expect(screen.queryByText(new RegExp(`\\b${raw}\\b`))).toBeNull();
});

test('choosing an action sends it as the filter and keeps it in the address', async () => {
  const queries = serveAudit();
  const router = renderPage();
  await screen.findByText('停用账号');
  expect(queries[0]).not.toHaveProperty('action');

  const select = screen.getByRole('combobox', { name: '操作' });
  fireEvent.mouseDown(select);
  await userEvent.type(select, '登录失败');
  // antd's visible option carries its label as title (the role=option list is for screen readers only).
  fireEvent.click(await screen.findByTitle('登录失败'));

  await waitFor(() => expect(queries.at(-1)).toMatchObject({ action: 'login.failure', currentPage: 1 }));
  expect(router.state.location.search).toContain('action=login.failure');
  await waitFor(() => expect(screen.queryByText('停用账号')).toBeNull());
  expect(screen.getAllByText('登录失败').length).toBeGreaterThan(0);
});

test('the time range in the address is sent as ISO instants', async () => {
  const queries = serveAudit();
  renderPage(`/admin/audit?from=${encodeURIComponent('2026-03-01T00:00:00.000Z')}&to=${encodeURIComponent('2026-03-02T00:00:00.000Z')}&person=admin`);
  await screen.findByText('停用账号');
  expect(queries.at(-1)).toMatchObject({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-02T00:00:00.000Z', person: 'admin' });
});

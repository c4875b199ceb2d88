import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ENTCODE_MSG } from '@hqt/contract/entcode';
import { ENTCODE_CONSOLE_PATHS, type EntcodeDetail } from '@hqt/contract/entcode-console';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import EnterpriseCodeCard from './enterprise-code-card';

beforeEach(() => session.clear());

const FROZEN: EntcodeDetail = {
  id: 5,
  code: 'A2B3C4D5E6',
  display: 'A2B3C-4D5E6',
  creditCode: '91330100MA2XXXXX01',
  enterpriseId: 3,
  enterpriseName: '青山机械有限公司',
  enterpriseDeleted: false,
  status: 'frozen',
  statusLabel: '已冻结',
  scans7: 3,
  scans30: 12,
  lastScanAt: null,
  createdAt: '2026-11-01T02:00:00.000Z',
  reason: '营业执照核查中',
  replacedBy: null,
  replaces: null,
  url: 'https://hqt.example.cn/enterCode/enterCode?code=A2B3C4D5E6',
  scansByViewer: { visitor: 9, owner: 2, staff: 1 },
  timeline: [],
  steps: ['unfreeze', 'revoke', 'reissue'],
};

function renderCard(enterpriseId: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/enterprises/:id', element: <EnterpriseCodeCard enterpriseId={enterpriseId} /> }], { initialEntries: [`/admin/enterprises/${enterpriseId}`] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

test('企业详情\'s card asks for the enterprise\'s code and shows its QR, the code, its state and a link to its detail', async () => {
  const asked: string[] = [];
  server.use(
    mock.get(ENTCODE_CONSOLE_PATHS.ofEnterprise, ({ params }) => {
      asked.push(String(params.id));
      return HttpResponse.json(ok(FROZEN));
    }),
  );
  renderCard(3);
  expect(await screen.findByText('A2B3C-4D5E6')).toBeInTheDocument();
  expect(asked).toEqual(['3']);
  expect(screen.getByLabelText('青山机械有限公司的企业码二维码')).toBeInTheDocument();
  expect(screen.getAllByText('已冻结').length).toBeGreaterThan(0);
  expect(screen.getByText('最近操作原因：营业执照核查中')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '查看企业码详情（冻结、注销、换发）' })).toHaveAttribute('href', '/admin/enterprise-codes/5');
});

test('an enterprise without a code yet says so instead of failing', async () => {
  server.use(mock.get(ENTCODE_CONSOLE_PATHS.ofEnterprise, () => HttpResponse.json({ code: 404, msg: ENTCODE_MSG.notFound, data: null }, { status: 404 })));
  renderCard(4);
  expect(await screen.findByText('该企业尚未赋码（确认企业资料后自动赋码）')).toBeInTheDocument();
  expect(screen.queryByText(ENTCODE_MSG.notFound)).toBeNull();
});

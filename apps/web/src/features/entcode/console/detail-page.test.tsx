import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { withId } from '@hqt/contract/calculator';
import { ENTCODE_MSG } from '@hqt/contract/entcode';
import { ENTCODE_CONSOLE_PATHS, type EntcodeDetail, type EntcodeScans, type EntcodeStepBody } from '@hqt/contract/entcode-console';
import { WORKFLOW_MSG } from '@hqt/contract/workflow';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import EntcodeDetailPage from './detail-page';

beforeEach(() => session.clear());

const code = (over: Partial<EntcodeDetail> = {}): EntcodeDetail => ({
  id: 5,
  code: 'A2B3C4D5E6',
  display: 'A2B3C-4D5E6',
  creditCode: '91330100MA2XXXXX01',
  enterpriseId: 3,
  enterpriseName: '青山机械有限公司',
  enterpriseDeleted: false,
  status: 'active',
  statusLabel: '正常',
  scans7: 3,
  scans30: 12,
  lastScanAt: '2026-11-24T06:30:00.000Z',
  createdAt: '2026-11-01T02:00:00.000Z',
  reason: null,
  replacedBy: null,
  replaces: null,
  url: 'https://hqt.example.cn/enterCode/enterCode?code=A2B3C4D5E6',
  scansByViewer: { visitor: 9, owner: 2, staff: 1 },
  timeline: [],
  steps: ['freeze', 'revoke', 'reissue'],
  ...over,
});

const SCANS = (days: number): EntcodeScans =>
  Array.from({ length: days }, (_, i) => {
    const day = new Date(Date.UTC(2026, 10, 25 - (days - 1 - i))).toISOString().slice(0, 10);
    const visitor = day === '2026-11-20' ? 7 : 0;
    return { day, visitor, owner: day === '2026-11-20' ? 1 : 0, staff: 0, total: visitor + (day === '2026-11-20' ? 1 : 0) };
  });

/** The code answers `first` until a step is taken, then `after`; each step's body and each scans query are recorded. */
function serveCode(first: EntcodeDetail, after: EntcodeDetail = first, newCodeId: number | null = null) {
  const steps: EntcodeStepBody[] = [];
  const scanDays: string[] = [];
  server.use(
    // before the detail's /entcodes/:id, which would match /entcodes/scans too
    mock.get(ENTCODE_CONSOLE_PATHS.scans, ({ request }) => {
      const days = new URL(request.url).searchParams.get('days') ?? '';
      scanDays.push(days);
      return HttpResponse.json(ok(SCANS(Number(days))));
    }),
    mock.get(ENTCODE_CONSOLE_PATHS.detail, ({ params }) => HttpResponse.json(ok(Number(params.id) === first.id ? (steps.length ? after : first) : code({ id: Number(params.id), code: 'R9S8T7U6V5', steps: ['freeze'] })))),
    mock.post(ENTCODE_CONSOLE_PATHS.step, async ({ request }) => {
      const body = (await request.json()) as EntcodeStepBody;
      steps.push(body);
      return HttpResponse.json(ok({ detail: after, newCodeId }, ENTCODE_MSG.stepDone(body.step === 'freeze' ? '冻结' : body.step === 'revoke' ? '注销' : '换发')));
    }),
  );
  return { steps, scanDays };
}

function renderDetail(id = 5) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/enterprise-codes/:id', Component: EntcodeDetailPage }], { initialEntries: [withId('/admin/enterprise-codes/:id', id)] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** A button's accessible name: antd spaces out a two-character label (冻 结). */
const named = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);
const stepsRegion = async () => within(await screen.findByRole('region', { name: '操作' }));
const buttonLabels = (region: ReturnType<typeof within>) => region.getAllByRole('button').map((b: HTMLElement) => b.textContent?.replace(/\s/g, ''));

test('the detail shows the code, its QR of the public address and its scans, and a button for exactly the steps the server lists', async () => {
  serveCode(code());
  renderDetail();
  expect(buttonLabels(await stepsRegion())).toEqual(['冻结', '注销', '换发']);
  expect((await stepsRegion()).queryByRole('button', { name: named('解冻') })).toBeNull();
  expect(screen.getByLabelText('青山机械有限公司的企业码二维码')).toBeInTheDocument();
  expect(screen.getByText('https://hqt.example.cn/enterCode/enterCode?code=A2B3C4D5E6').closest('a')).toHaveAttribute('href', 'https://hqt.example.cn/enterCode/enterCode?code=A2B3C4D5E6');
  for (const text of ['近7天 3 次，近30天 12 次', '访客 9，企业本身 2，工作人员 1', '2026-11-24 14:30', '发码以来未做过变更']) expect(screen.getByText(text)).toBeInTheDocument();
  expect(screen.getAllByText('A2B3C-4D5E6').length).toBeGreaterThan(0);
});

test('a frozen code offers 解冻, 注销 and 换发 and shows the reason it was frozen', async () => {
  serveCode(code({ status: 'frozen', statusLabel: '已冻结', reason: '企业申请暂停', steps: ['unfreeze', 'revoke', 'reissue'] }));
  renderDetail();
  expect(buttonLabels(await stepsRegion())).toEqual(['解冻', '注销', '换发']);
  expect(screen.getByText('企业申请暂停')).toBeInTheDocument();
});

test('a replaced code names the code that replaced it and offers no step', async () => {
  serveCode(code({ id: 6, status: 'replaced', statusLabel: '已换发', replacedBy: { id: 9, code: 'R9S8T7U6V5' }, steps: [] }));
  renderDetail(6);
  expect(await screen.findByText('当前状态下没有可办理的操作')).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'R9S8T-7U6V5' })[0]).toHaveAttribute('href', '/admin/enterprise-codes/9');
});

test('冻结 without a reason sends nothing and says why; with one it is sent, the server\'s message shown and the code refreshed', async () => {
  const frozen = code({
    status: 'frozen',
    statusLabel: '已冻结',
    reason: '营业执照吊销核查中',
    steps: ['unfreeze', 'revoke', 'reissue'],
    timeline: [{ id: 1, at: '2026-11-25T03:00:00.000Z', step: 'freeze', from: 'active', to: 'frozen', actor: { id: 7, name: '王工' }, role: 'staff', note: '营业执照吊销核查中' }],
  });
  const served = serveCode(code(), frozen);
  renderDetail();
  const user = userEvent.setup({ delay: null });
  await user.click((await stepsRegion()).getByRole('button', { name: named('冻结') }));
  const dialog = await screen.findByRole('dialog');
  const confirm = within(dialog).getByRole('button', { name: named('冻结') });

  await user.click(confirm);
  expect(await within(dialog).findByText(WORKFLOW_MSG.noteRequired('冻结'))).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('冻结原因（企业可见）'), '   ');
  await user.click(confirm);
  // Still said: found and checked at one moment (the message shown before is redrawn as the form
  // checks again, so a node found first may be gone by the time it is looked at).
  await waitFor(() => expect(within(dialog).getByText(WORKFLOW_MSG.noteRequired('冻结'))).toBeInTheDocument());
  expect(served.steps).toHaveLength(0);

  await user.type(within(dialog).getByLabelText('冻结原因（企业可见）'), '营业执照吊销核查中');
  await user.click(confirm);
  expect(await screen.findByText('企业码已冻结')).toBeInTheDocument();
  expect(served.steps).toEqual([{ step: 'freeze', note: '营业执照吊销核查中' }]);
  // The code as the server now answers it: its timeline has the step, and its buttons are the frozen code's.
  expect(await within(screen.getByRole('region', { name: '企业码记录' })).findByText('王工（工作人员）冻结')).toBeInTheDocument();
  expect(buttonLabels(await stepsRegion())).toEqual(['解冻', '注销', '换发']);
});

test('注销 asks to confirm besides the reason, and sends nothing until both are given', async () => {
  const served = serveCode(code(), code({ status: 'revoked', statusLabel: '已注销', steps: ['reissue'] }));
  renderDetail();
  const user = userEvent.setup({ delay: null });
  await user.click((await stepsRegion()).getByRole('button', { name: named('注销') }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText('注销原因（企业可见）'), '企业已注销登记');
  await user.click(within(dialog).getByRole('button', { name: named('注销') }));
  expect(await within(dialog).findByText('请确认后再注销')).toBeInTheDocument();
  expect(served.steps).toHaveLength(0);

  await user.click(within(dialog).getByRole('checkbox', { name: '我已知晓：注销后该企业码不能恢复' }));
  await user.click(within(dialog).getByRole('button', { name: named('注销') }));
  await waitFor(() => expect(served.steps).toEqual([{ step: 'revoke', note: '企业已注销登记' }]));
});

test('换发 opens the new code once the server has made it', async () => {
  const served = serveCode(code(), code({ status: 'replaced', statusLabel: '已换发', replacedBy: { id: 9, code: 'R9S8T7U6V5' }, steps: [] }), 9);
  const router = renderDetail();
  const user = userEvent.setup({ delay: null });
  await user.click((await stepsRegion()).getByRole('button', { name: named('换发') }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText('换发原因（企业可见）'), '原码贴纸损坏');
  await user.click(within(dialog).getByRole('checkbox', { name: '我已知晓：换发后旧企业码即停止使用' }));
  await user.click(within(dialog).getByRole('button', { name: named('换发') }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/enterprise-codes/9'));
  expect(served.steps).toEqual([{ step: 'reissue', note: '原码贴纸损坏' }]);
  expect(await screen.findByText('R9S8T-7U6V5', { selector: 'span' })).toBeInTheDocument();
});

test('the scans chart is named by what it shows and has the same figures as a table; 近90天 asks for 90 days', async () => {
  const served = serveCode(code());
  renderDetail();
  const trend = within(await screen.findByRole('region', { name: '扫码趋势' }));
  expect(await trend.findByRole('img', { name: '近30天每日扫码次数（全部企业码）：共 8 次，最多为 2026-11-20 的 8 次' })).toBeInTheDocument();
  expect(served.scanDays).toEqual(['30']);
  expect(trend.queryByRole('table')).toBeNull();

  const user = userEvent.setup({ delay: null });
  await user.click(trend.getByRole('button', { name: '以表格查看' }));
  const table = await trend.findByRole('table', { name: '每日扫码次数' });
  const busiest = within(table).getByText('2026-11-20').closest('tr')!;
  expect([...busiest.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['2026-11-20', '7', '1', '0', '8']);
  expect(within(table).getByText('2026-10-27')).toBeInTheDocument();

  expect(trend.getByRole('radio', { name: '近30天' })).toBeChecked();
  await user.click(trend.getByText('近90天'));
  await waitFor(() => expect(served.scanDays).toEqual(['30', '90']));
  expect(await trend.findByRole('img', { name: /^近90天每日扫码次数/ })).toBeInTheDocument();
});

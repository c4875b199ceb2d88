import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { APPEAL_MSG, APPEAL_PATHS, type AppealDetail, type AppealStepBody } from '@hqt/contract/appeal';
import { APPEAL_CONSOLE_PATHS, type AppealHandler } from '@hqt/contract/appeal-console';
import { withId } from '@hqt/contract/calculator';
import { POLICY_PATHS, type DictItem } from '@hqt/contract/policy';
import { WORKFLOW_MSG } from '@hqt/contract/workflow';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import AppealDetailPage from './detail-page';

beforeEach(() => session.clear());

const appeal = (over: Partial<AppealDetail> = {}): AppealDetail => ({
  id: 5,
  number: 'SQ20261120-0001',
  enterpriseId: 3,
  enterpriseName: '青山机械有限公司',
  category: 'finance',
  categoryName: '融资贷款',
  title: '贷款贴息何时到账',
  status: 'accepted',
  statusLabel: '办理中',
  createdAt: '2026-11-20T02:00:00.000Z',
  dueAt: '2026-11-27T16:00:00.000Z',
  acceptDueAt: '2026-11-23T16:00:00.000Z',
  acceptOverdue: false,
  rating: null,
  content: '去年申报的贷款贴息至今未到账。',
  contact: '周经理',
  phone: '13800000001',
  guideId: null,
  limitDays: 10,
  dueText: '剩余 2 个工作日',
  remainingDays: 2,
  overdue: false,
  reopenCount: 0,
  extensionDays: null,
  ratingLabel: null,
  comment: null,
  department: null,
  departmentName: null,
  handler: null,
  repliedAt: null,
  closedAt: null,
  timeline: [
    { id: 3, at: '2026-11-20T02:00:00.000Z', step: 'file', from: 'submitted', to: 'submitted', actor: { id: 5, name: '青山机械有限公司' }, role: 'enterprise', note: null },
    { id: 1, at: '2026-11-20T03:00:00.000Z', step: 'accept', from: 'submitted', to: 'accepted', actor: { id: 7, name: '王工' }, role: 'staff', note: null },
    { id: 2, at: '2026-11-20T04:00:00.000Z', step: 'remark', from: 'accepted', to: 'accepted', actor: { id: 7, name: '王工' }, role: 'staff', note: '已电话联系财政局' },
  ],
  attachments: [{ id: 40, name: '贴息申请表.pdf', size: 2048, type: 'application/pdf', role: 'appeal', url: '/api/files/40', createdAt: '2026-11-20T02:00:00.000Z' }],
  steps: ['assign', 'askSupplement', 'remark', 'reply', 'requestExtension'],
  ...over,
});

const DEPARTMENTS: DictItem[] = [
  { code: 'fgj', label: '发改局', extra: null },
  { code: 'czj', label: '财政局', extra: null },
];
const HANDLERS: AppealHandler[] = [
  { id: 7, name: '王工', roleName: '工作人员' },
  { id: 9, name: '赵管理', roleName: '管理员' },
];

/** The detail answers `first` until a step is taken, then `after`; each step's body is recorded. */
function serveAppeal(first: AppealDetail, after: AppealDetail = first) {
  const steps: AppealStepBody[] = [];
  let detailCalls = 0;
  server.use(
    // before the detail's /appeals/:id, which would match /appeals/handlers too
    mock.get(APPEAL_CONSOLE_PATHS.handlers, () => HttpResponse.json(ok(HANDLERS))),
    mock.get(APPEAL_CONSOLE_PATHS.detail, () => {
      detailCalls += 1;
      return HttpResponse.json(ok(steps.length ? after : first));
    }),
    mock.post(APPEAL_PATHS.step, async ({ request }) => {
      const body = (await request.json()) as AppealStepBody;
      steps.push(body);
      return HttpResponse.json(ok(after, APPEAL_MSG.stepDone(body.step === 'reject' ? '不予受理' : '分派')));
    }),
    mock.get(POLICY_PATHS.dictionary, () => HttpResponse.json(ok(DEPARTMENTS))),
  );
  return { steps, detailCalls: () => detailCalls };
}

function renderDetail(id = 5) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/appeals/:id', Component: AppealDetailPage }], { initialEntries: [withId('/admin/appeals/:id', id)] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** A button's accessible name: antd spaces out a two-character label (分 派). */
const named = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);

const stepsRegion = async () => within(await screen.findByRole('region', { name: '办理' }));

/** Opens an antd Select and clicks the option with this label (antd's visible option carries it as title). */
async function pick(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, label: string) {
  await user.click(combobox);
  const option = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].filter((o) => o.getAttribute('title') === label);
    expect(open.length).toBeGreaterThan(0);
    return open.at(-1)!;
  });
  await user.click(option);
}

test('the detail shows what the server answers and a button for exactly the steps it lists', async () => {
  serveAppeal(appeal());
  renderDetail();
  const buttons = await stepsRegion();
  expect(buttons.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['分派', '要求补充材料', '内部备注', '答复', '申请延期']);
  for (const absent of ['受理', '不予受理', '回访', '办结', '批准延期', '驳回延期']) expect(buttons.queryByRole('button', { name: named(absent) })).toBeNull();

  for (const text of ['青山机械有限公司', '融资贷款（办理时限 10 个工作日）', '周经理', '13800000001', '去年申报的贷款贴息至今未到账。', '（剩余 2 个工作日）', '0 / 2']) expect(screen.getByText(text)).toBeInTheDocument();
  expect(screen.getByText('诉求附件')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /贴息申请表\.pdf/ })).toBeInTheDocument();
  // The whole timeline, the internal note marked as such.
  const timeline = within(screen.getByRole('region', { name: '办理记录' }));
  expect(timeline.getByText('青山机械有限公司（企业账户）提交诉求')).toBeInTheDocument();
  expect(timeline.getByText('王工（工作人员）受理')).toBeInTheDocument();
  expect(timeline.getByText('王工（工作人员）内部备注（企业不可见）')).toBeInTheDocument();
  expect(timeline.getByText('已电话联系财政局')).toBeInTheDocument();
});

test('不予受理 without a reason sends nothing and says why; with one it is sent, the server\'s message shown and the appeal shown as the server answered it', async () => {
  const submitted = appeal({ status: 'submitted', statusLabel: '已提交', dueAt: null, dueText: null, timeline: [], steps: ['accept', 'reject', 'remark'] });
  const rejected = appeal({ status: 'rejected', statusLabel: '不予受理', dueAt: null, dueText: null, steps: [] });
  const served = serveAppeal(submitted, rejected);
  renderDetail();
  const user = userEvent.setup({ delay: null });
  await user.click((await stepsRegion()).getByRole('button', { name: named('不予受理') }));
  const dialog = await screen.findByRole('dialog');
  const confirm = within(dialog).getByRole('button', { name: named('不予受理') });

  await user.click(confirm);
  expect(await within(dialog).findByText(WORKFLOW_MSG.noteRequired('不予受理'))).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('不予受理理由（企业可见）'), '   ');
  await user.click(confirm);
  // Still said: found and checked at one moment (the message shown before is redrawn as the form
  // checks again, so a node found first may be gone by the time it is looked at).
  await waitFor(() => expect(within(dialog).getByText(WORKFLOW_MSG.noteRequired('不予受理'))).toBeInTheDocument());
  expect(served.steps).toHaveLength(0);

  await user.type(within(dialog).getByLabelText('不予受理理由（企业可见）'), '不属于本局职责范围');
  await user.click(confirm);
  expect(await screen.findByText('不予受理成功')).toBeInTheDocument();
  expect(served.steps).toEqual([{ step: 'reject', note: '不属于本局职责范围' }]);
  expect(await screen.findByText('当前状态下没有可办理的步骤')).toBeInTheDocument();
  // The step's answer is the appeal as the step left it: it is shown, not read again.
  expect(served.detailCalls()).toBe(1);
});

test('分派 asks for both a department and a handler, then sends the dictionary code and the handler id', async () => {
  const served = serveAppeal(appeal(), appeal({ department: 'czj', departmentName: '财政局', handler: { id: 7, name: '王工' } }));
  renderDetail();
  const user = userEvent.setup({ delay: null });
  await user.click((await stepsRegion()).getByRole('button', { name: named('分派') }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(/企业不可见/, { selector: '.ant-alert-title' })).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: named('分派') }));
  await waitFor(() => expect(within(dialog).getAllByText(APPEAL_MSG.handlerRequired)).toHaveLength(2));
  expect(served.steps).toHaveLength(0);

  await pick(user, within(dialog).getByRole('combobox', { name: '承办部门' }), '财政局');
  await pick(user, within(dialog).getByRole('combobox', { name: '承办人' }), '王工（工作人员）');
  await user.click(within(dialog).getByRole('button', { name: named('分派') }));
  await waitFor(() => expect(served.steps).toEqual([{ step: 'assign', department: 'czj', handlerId: 7 }]));
  expect(await screen.findByText('分派成功')).toBeInTheDocument();
  // The detail names the department (read in its row: the closed dialog's select may still hold it).
  const row = (await screen.findByText('承办部门')).closest('tr')!;
  await waitFor(() => expect(row).toHaveTextContent('财政局'));
});

test('内部备注 is marked 企业不可见 before it is written', async () => {
  const served = serveAppeal(appeal());
  renderDetail();
  const user = userEvent.setup({ delay: null });
  await user.click((await stepsRegion()).getByRole('button', { name: named('内部备注') }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByLabelText('内部备注（企业不可见）')).toBeInTheDocument();
  expect(within(dialog).getByText('这一步企业不可见：不进入企业看到的办理记录，也不通知企业。')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: named('内部备注') }));
  expect(await within(dialog).findByText(WORKFLOW_MSG.noteRequired('内部备注'))).toBeInTheDocument();
  expect(served.steps).toHaveLength(0);
});

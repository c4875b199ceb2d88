import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { VISIT_MSG, VISIT_SUMMARY_HINT, type VisitClash, type VisitDetail } from '@hqt/contract/visit';
import { VISIT_CONSOLE_PATHS, type VisitClashQuery, type VisitConsoleStepBody, type VisitSummaryBody } from '@hqt/contract/visit-console';
import { WORKFLOW_MSG } from '@hqt/contract/workflow';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import VisitDetailPage from './detail-page';
import { pick, renderAt, servePicks } from './test-kit';

beforeEach(() => session.clear());

const visit = (over: Partial<VisitDetail> = {}): VisitDetail => ({
  id: 5,
  number: 'ZF20261120-0001',
  enterpriseId: 3,
  enterpriseName: '青山机械有限公司',
  origin: 'staff',
  subject: '政策兑现情况回访',
  type: 'policy',
  typeName: '政策宣讲',
  method: 'onsite',
  methodName: '实地走访',
  startsAt: '2026-12-19T02:00:00.000Z',
  endsAt: '2026-12-19T03:30:00.000Z',
  place: '青山机械会议室',
  status: 'rescheduling',
  statusLabel: '改期协商',
  leadName: '王工',
  rating: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  staff: [
    { id: 7, name: '王工', lead: true },
    { id: 9, name: '赵管理', lead: false },
  ],
  preferredTimes: null,
  topics: null,
  proposed: { start: '2026-12-20T06:00:00.000Z', end: '2026-12-20T07:00:00.000Z' },
  note: null,
  summary: null,
  guides: [],
  writtenAt: null,
  problems: [],
  ratingLabel: null,
  comment: null,
  appraisedAt: null,
  timeline: [{ id: 1, at: '2026-11-21T03:00:00.000Z', step: 'propose', from: 'pending', to: 'rescheduling', actor: { id: 30, name: '周经理' }, role: 'enterprise', note: '19 日厂里停产检修' }],
  attachments: [],
  steps: ['accept', 'repropose', 'cancel'],
  ...over,
});

const CLASH: VisitClash = {
  id: 41,
  number: 'ZF20261201-0002',
  enterpriseName: '绿源食品有限公司',
  subject: '了解扩产用地需求',
  startsAt: '2026-12-20T06:30:00.000Z',
  endsAt: '2026-12-20T07:30:00.000Z',
  status: 'confirmed',
  staff: [{ id: 9, name: '赵管理' }],
};

/** The detail answers `first` until something is saved, then `after`; steps, summaries and clash checks are recorded. */
function serveVisit(first: VisitDetail, after: VisitDetail = first, clashes: VisitClash[] = []) {
  servePicks();
  const steps: VisitConsoleStepBody[] = [];
  const summaries: VisitSummaryBody[] = [];
  const asked: VisitClashQuery[] = [];
  server.use(
    mock.post(VISIT_CONSOLE_PATHS.clashes, async ({ request }) => {
      asked.push((await request.json()) as VisitClashQuery);
      return HttpResponse.json(ok(clashes));
    }),
    mock.get(VISIT_CONSOLE_PATHS.detail, () => HttpResponse.json(ok(steps.length || summaries.length ? after : first))),
    mock.post(VISIT_CONSOLE_PATHS.step, async ({ request }) => {
      const body = (await request.json()) as VisitConsoleStepBody;
      steps.push(body);
      return HttpResponse.json(ok(after, VISIT_MSG.stepDone(body.step === 'accept' ? '同意改期' : '重新提议时间')));
    }),
    mock.post(VISIT_CONSOLE_PATHS.summary, async ({ request }) => {
      summaries.push((await request.json()) as VisitSummaryBody);
      return HttpResponse.json(ok(after, VISIT_MSG.stepDone('填写走访纪要')));
    }),
  );
  return { steps, summaries, asked };
}

const renderDetail = () => renderAt({ '/admin/visits/:id': VisitDetailPage }, '/admin/visits/5');
const stepsRegion = async () => within(await screen.findByRole('region', { name: '办理' }));
/** antd puts a space between two CJK characters of a button's text. */
const named = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);

test('the detail shows what the server answers and a button for exactly the steps it lists', async () => {
  serveVisit(visit());
  renderDetail();
  const buttons = await stepsRegion();
  expect(buttons.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['同意改期', '重新提议时间', '取消走访']);
  for (const absent of ['安排走访', '不予安排']) expect(buttons.queryByRole('button', { name: named(absent) })).toBeNull();
  // No summary form: the server did not list summarize.
  expect(screen.queryByRole('button', { name: '保存走访纪要' })).toBeNull();
  expect(screen.queryByText(VISIT_SUMMARY_HINT)).toBeNull();
  for (const text of ['青山机械有限公司', '部门发起', '政策宣讲', '实地走访', '青山机械会议室', '王工（带队）', '赵管理', '19 日厂里停产检修']) expect(screen.getByText(text)).toBeInTheDocument();
  expect(screen.getByText(/企业提议改期到/)).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: '办理记录' })).getByText('周经理（企业账户）提议改期')).toBeInTheDocument();
});

test('a confirmed visit the server offers no summary for yet (not begun) says when one can be written, with no form', async () => {
  serveVisit(visit({ status: 'confirmed', statusLabel: '已确认', proposed: null, steps: ['cancel'] }));
  renderDetail();
  expect(await screen.findByText(VISIT_SUMMARY_HINT)).toBeInTheDocument();
  expect(screen.queryByText('保存走访纪要')).toBeNull();
});

test('a visit with no steps for this account draws no buttons', async () => {
  serveVisit(visit({ status: 'cancelled', statusLabel: '已取消', steps: [], note: '企业搬迁' }));
  renderDetail();
  expect(await (await stepsRegion()).findByText('当前状态下没有可办理的步骤')).toBeInTheDocument();
  expect(screen.getByText('企业搬迁')).toBeInTheDocument();
});

test('同意改期 checks the proposed time for clashes first, and sends force only after 仍然同意', async () => {
  const served = serveVisit(visit(), visit({ status: 'confirmed', statusLabel: '已确认', steps: ['cancel', 'summarize'] }), [CLASH]);
  renderDetail();
  const user = userEvent.setup({ delay: null });
  await user.click((await stepsRegion()).getByRole('button', { name: named('同意改期') }));
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText(VISIT_MSG.clash(1))).toBeInTheDocument();
  expect(within(dialog).getByText(/ZF20261201-0002 绿源食品有限公司/)).toHaveTextContent('赵管理');
  expect(served.asked).toEqual([{ staffIds: [7, 9], startsAt: '2026-12-20T06:00:00.000Z', endsAt: '2026-12-20T07:00:00.000Z', visitId: 5 }]);
  expect(served.steps).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: named('仍然同意') }));
  await waitFor(() => expect(served.steps).toEqual([{ step: 'accept', force: true }]));
  expect(await screen.findByText('同意改期成功')).toBeInTheDocument();
});

test('重新提议时间 without a clash is sent at once with the arrangement and no force', async () => {
  const served = serveVisit(visit(), visit({ status: 'pending', statusLabel: '待确认', steps: ['cancel'] }));
  renderDetail();
  const user = userEvent.setup({ delay: null });
  await user.click((await stepsRegion()).getByRole('button', { name: named('重新提议时间') }));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: '带队人员' }).closest('.ant-select')).toHaveTextContent('王工（工作人员）'));
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: '走访类型' }).closest('.ant-select')).toHaveTextContent('政策宣讲'));
  await user.click(within(dialog).getByRole('button', { name: named('重新提议时间') }));
  await waitFor(() =>
    expect(served.steps).toEqual([
      {
        step: 'repropose',
        type: 'policy',
        method: 'onsite',
        // The enterprise's proposed time is offered first.
        startsAt: '2026-12-20T06:00:00.000Z',
        endsAt: '2026-12-20T07:00:00.000Z',
        place: '青山机械会议室',
        staff: [
          { accountId: 7, lead: true },
          { accountId: 9, lead: false },
        ],
      },
    ]),
  );
  expect(served.asked).toEqual([{ staffIds: [7, 9], startsAt: '2026-12-20T06:00:00.000Z', endsAt: '2026-12-20T07:00:00.000Z', visitId: 5 }]);
  expect(await screen.findByText('重新提议时间成功')).toBeInTheDocument();
});

test('取消走访 needs a reason before anything is sent', async () => {
  const served = serveVisit(visit());
  renderDetail();
  const user = userEvent.setup({ delay: null });
  await user.click((await stepsRegion()).getByRole('button', { name: named('取消走访') }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: named('取消走访') }));
  expect(await within(dialog).findByText(WORKFLOW_MSG.noteRequired('取消走访'))).toBeInTheDocument();
  expect(served.steps).toHaveLength(0);
});

test('the lead\'s summary sends its problems; each then shows its appeal\'s number and state, linked', async () => {
  const confirmed = visit({ status: 'confirmed', statusLabel: '已确认', proposed: null, steps: ['cancel', 'summarize'] });
  const visited = visit({
    status: 'visited',
    statusLabel: '已走访',
    proposed: null,
    summary: '了解了企业扩产和用工情况。',
    writtenAt: '2026-12-19T04:00:00.000Z',
    problems: [
      { key: '缺少熟练焊工', appealId: 61, appealNumber: 'SQ20261219-0001', title: '缺少熟练焊工', status: 'submitted', statusLabel: '已提交' },
      { key: '贴息资金未到账', appealId: 62, appealNumber: 'SQ20261219-0002', title: '贴息资金未到账', status: 'accepted', statusLabel: '办理中' },
    ],
    steps: ['summarize'],
  });
  const served = serveVisit(confirmed, visited);
  renderDetail();
  const user = userEvent.setup({ delay: null });
  // Found by their labels and texts: role queries over this long page are slow on a busy machine.
  const save = (await screen.findByText('保存走访纪要')).closest('button')!;
  await user.click(screen.getByPlaceholderText('沟通了哪些内容、企业的意见和诉求'));
  await user.paste('了解了企业扩产和用工情况。');
  for (const [i, p] of [
    { category: '用工社保', title: '缺少熟练焊工', content: '急需 20 名焊工' },
    { category: '融资贷款', title: '贴息资金未到账', content: '去年的贴息尚未到账' },
  ].entries()) {
    await user.click(screen.getByText('添加问题').closest('button')!);
    await pick(user, await screen.findByLabelText(`问题 ${i + 1} 的诉求类别`), p.category);
    await user.click(screen.getByLabelText(`问题 ${i + 1}`));
    await user.paste(p.title);
    await user.click(screen.getByLabelText(`问题 ${i + 1} 的描述`));
    await user.paste(p.content);
  }
  await user.click(save);
  await waitFor(() =>
    expect(served.summaries).toEqual([
      {
        content: '了解了企业扩产和用工情况。',
        guideIds: [],
        fileIds: [],
        problems: [
          { category: 'labour', title: '缺少熟练焊工', content: '急需 20 名焊工' },
          { category: 'finance', title: '贴息资金未到账', content: '去年的贴息尚未到账' },
        ],
      },
    ]),
  );
  const first = within(await screen.findByLabelText('问题：缺少熟练焊工'));
  expect(first.getByText('SQ20261219-0001').closest('a')).toHaveAttribute('href', '/admin/appeals/61');
  expect(first.getByText('已提交')).toBeInTheDocument();
  expect(within(screen.getByLabelText('问题：贴息资金未到账')).getByText('办理中')).toBeInTheDocument();
  // The problems filed are not offered again: the form is empty of them.
  expect(screen.queryByLabelText('问题 1')).toBeNull();
});

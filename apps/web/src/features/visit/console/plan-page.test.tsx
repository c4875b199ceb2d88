import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { VISIT_MSG, type VisitClash } from '@hqt/contract/visit';
import { VISIT_CONSOLE_PATHS, type VisitClashQuery, type VisitPlanBody } from '@hqt/contract/visit-console';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import VisitPlanPage from './plan-page';
import { pick, renderAt, servePicks } from './test-kit';

beforeEach(() => session.clear());

const CLASH: VisitClash = {
  id: 41,
  number: 'ZF20261201-0002',
  enterpriseName: '绿源食品有限公司',
  subject: '了解扩产用地需求',
  startsAt: '2026-12-19T02:30:00.000Z',
  endsAt: '2026-12-19T03:30:00.000Z',
  status: 'confirmed',
  staff: [{ id: 7, name: '王工' }],
};

/** The clash check answers `clashes`; the plan answers visit 88. Both record what they were sent. */
function servePlan(clashes: VisitClash[]) {
  servePicks();
  const asked: VisitClashQuery[] = [];
  const plans: VisitPlanBody[] = [];
  server.use(
    mock.post(VISIT_CONSOLE_PATHS.clashes, async ({ request }) => {
      asked.push((await request.json()) as VisitClashQuery);
      return HttpResponse.json(ok(clashes));
    }),
    mock.post(VISIT_CONSOLE_PATHS.plan, async ({ request }) => {
      plans.push((await request.json()) as VisitPlanBody);
      return HttpResponse.json(ok({ id: 88 }, VISIT_MSG.planned('ZF20261125-0009')));
    }),
  );
  return { asked, plans };
}

/** Found by its text: role queries over the whole form are slow on a busy machine. */
const saveButton = () => screen.getByText('保存并通知企业').closest('button')!;
const renderPlan = () => renderAt({ '/admin/visits/new': VisitPlanPage, '/admin/visits/:id': () => <p>走访详情页</p> }, '/admin/visits/new');

/** Puts the text in at once (typing it key by key is slow on a busy machine). */
async function typeIn(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

/** Fills every field: 青山机械, 政策宣讲, 2026-12-19 10:00–11:30 (browser's time), 王工 and 赵管理 with 王工 leading. */
async function fill(user: ReturnType<typeof userEvent.setup>) {
  const enterprise = await screen.findByLabelText('企业');
  await user.click(enterprise);
  await user.paste('青山');
  await pick(user, enterprise, '青山机械有限公司');
  await typeIn(user, screen.getByLabelText('走访主题'), '政策兑现情况回访');
  await pick(user, screen.getByLabelText('走访类型'), '政策宣讲');
  const [from, to] = screen.getAllByPlaceholderText(/开始时间|结束时间/);
  await typeIn(user, from!, '2026-12-19 10:00');
  await user.keyboard('{Enter}');
  await typeIn(user, to!, '2026-12-19 11:30');
  await user.keyboard('{Enter}');
  await typeIn(user, screen.getByLabelText('走访地点'), '青山机械会议室');
  const staff = screen.getByLabelText('走访人员');
  await pick(user, staff, '王工（工作人员）');
  await pick(user, staff, '赵管理（管理员）');
  await pick(user, screen.getByLabelText('带队人员'), '王工（工作人员）');
}

const START = new Date(2026, 11, 19, 10, 0).toISOString();
const END = new Date(2026, 11, 19, 11, 30).toISOString();
const PLAN: VisitPlanBody = {
  enterpriseId: 3,
  subject: '政策兑现情况回访',
  type: 'policy',
  method: 'onsite',
  startsAt: START,
  endsAt: END,
  place: '青山机械会议室',
  staff: [
    { accountId: 7, lead: true },
    { accountId: 9, lead: false },
  ],
};

test('a clash is asked before saving and shown; nothing is saved until 仍然保存, which sends force', async () => {
  const served = servePlan([CLASH]);
  const router = renderPlan();
  const user = userEvent.setup({ delay: null });
  await fill(user);
  await user.click(saveButton());

  const alert = (await screen.findByText(VISIT_MSG.clash(1))).closest<HTMLElement>('.ant-alert')!;
  expect(within(alert).getByText(VISIT_MSG.clash(1))).toBeInTheDocument();
  expect(within(alert).getByText(/ZF20261201-0002 绿源食品有限公司「了解扩产用地需求」/)).toHaveTextContent('王工');
  expect(served.asked).toEqual([{ staffIds: [7, 9], startsAt: START, endsAt: END }]);
  expect(served.plans).toHaveLength(0);

  await user.click(within(alert).getByText('仍然保存').closest('button')!);
  await waitFor(() => expect(served.plans).toEqual([{ ...PLAN, force: true }]));
  expect(await screen.findByText('走访详情页')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/admin/visits/88');
});

test('without a clash the plan is saved at once, without force', async () => {
  const served = servePlan([]);
  renderPlan();
  const user = userEvent.setup({ delay: null });
  await fill(user);
  await user.click(saveButton());
  await waitFor(() => expect(served.plans).toEqual([PLAN]));
  expect(screen.queryByText('仍然保存')).toBeNull();
  expect(await screen.findByText('走访详情页')).toBeInTheDocument();
});

/** The messages under the field with this label (its antd Form.Item). */
const messagesOf = (label: string) => [...screen.getByLabelText(label).closest('.ant-form-item')!.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

test('with no staff chosen the staff field says one thing (choose staff and a lead), not that and 带队人员\'s too; nothing is asked', async () => {
  const served = servePlan([]);
  renderPlan();
  const user = userEvent.setup({ delay: null });
  await screen.findByText('保存并通知企业');
  await user.click(saveButton());
  await waitFor(() => expect(messagesOf('走访人员')).toEqual([VISIT_MSG.staffRequired]));
  expect(messagesOf('带队人员')).toEqual([]);
  expect(screen.queryByText(VISIT_MSG.oneLead)).toBeNull();
  expect(served.asked).toHaveLength(0);
  expect(served.plans).toHaveLength(0);
});

test('staff chosen without a lead, or a lead no longer among them, is said once on 带队人员 before anything is asked', async () => {
  const served = servePlan([]);
  renderPlan();
  const user = userEvent.setup({ delay: null });
  await screen.findByText('保存并通知企业');
  const staff = screen.getByLabelText('走访人员');
  await pick(user, staff, '王工（工作人员）');
  await user.click(saveButton());
  await waitFor(() => expect(messagesOf('带队人员')).toEqual([VISIT_MSG.oneLead]));
  expect(messagesOf('走访人员')).toEqual([]);

  await pick(user, screen.getByLabelText('带队人员'), '王工（工作人员）');
  await waitFor(() => expect(messagesOf('带队人员')).toEqual([]));
  await pick(user, staff, '赵管理（管理员）');
  await pick(user, staff, '王工（工作人员）'); // 王工 leaves the staff: the lead is not among them
  await waitFor(() => expect(messagesOf('带队人员')).toEqual([VISIT_MSG.oneLead]));
  expect(messagesOf('走访人员')).toEqual([]);
  expect(served.asked).toHaveLength(0);
  expect(served.plans).toHaveLength(0);
});

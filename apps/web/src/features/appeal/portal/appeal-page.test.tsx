// 企业诉求's enterprise page with HTTP stubbed at the network edge: the form's checks, the draft that
// survives a remount, the counter, the rating's rules, a detail that is not the caller's, and the
// buttons drawn from the steps the server allows.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { APPEAL_MSG, APPEAL_PATHS, type AppealDetail, type AppealItem, type AppealSaveBody, type AppealStepBody } from '@hqt/contract/appeal';
import { ROLES } from '@hqt/contract/auth';
import { CALCULATOR_PATHS, type EnterpriseSummary } from '@hqt/contract/calculator';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_PATHS, type AppealCategory } from '@hqt/contract/policy';
import { announceHubEvent } from '@/shared/messages/hub-events';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import AppealPage from './appeal-page';

// Typed without a pause between keys: the page's behaviour, not the typing, is under test here (the
// counter's test still types key by key).
const user = userEvent.setup({ delay: null });

const PAGE = '/enterpriseDemands/enterpriseDemands';
const ENTERPRISE: EnterpriseSummary = { id: 7, name: '云溪智造科技有限公司', creditCode: '91511234MA000000X1', industry: null, scale: null, complete: true, updatedAt: '2026-11-02T01:00:00.000Z' };
const CATEGORIES: AppealCategory[] = [
  { code: 'finance', label: '融资贷款', limitDays: 10 },
  { code: 'policy', label: '惠企政策', limitDays: 5 },
];
const page = <T,>(list: T[]): PageOf<T> => ({ list, total: list.length, currentPage: 1, pageSize: 20 });

const item: AppealItem = {
  id: 41,
  number: 'SQ20261125-0003',
  enterpriseId: 7,
  enterpriseName: ENTERPRISE.name,
  category: 'finance',
  categoryName: '融资贷款',
  title: '技改项目贷款贴息申请进度咨询',
  status: 'replied',
  statusLabel: '已答复',
  createdAt: '2026-11-20T02:00:00.000Z',
  dueAt: '2026-12-03T16:00:00.000Z',
  acceptDueAt: '2026-11-20T16:00:00.000Z',
  dueText: null,
  remainingDays: null,
  overdue: false,
  acceptOverdue: false,
  rating: null,
};
const detail = (patch: Partial<AppealDetail> = {}): AppealDetail => ({
  ...item,
  content: '我公司于今年 6 月申请技术改造项目贷款贴息，至今未收到审核结果。',
  contact: '李明',
  phone: '13800001234',
  guideId: null,
  limitDays: 10,
  dueText: null,
  remainingDays: null,
  overdue: false,
  reopenCount: 0,
  extensionDays: null,
  ratingLabel: null,
  comment: null,
  department: null,
  departmentName: null,
  handler: null,
  repliedAt: '2026-11-24T03:00:00.000Z',
  closedAt: null,
  timeline: [
    { id: 1, at: '2026-11-20T03:00:00.000Z', step: 'accept', from: 'submitted', to: 'accepted', actor: null, role: 'staff', note: null },
    { id: 2, at: '2026-11-24T03:00:00.000Z', step: 'reply', from: 'accepted', to: 'replied', actor: null, role: 'staff', note: '贴息资金已于 11 月 20 日拨付，请查收。' },
  ],
  attachments: [],
  steps: ['rate', 'complain'],
  ...patch,
});

let saved: AppealSaveBody[] = [];
let stepped: AppealStepBody[] = [];

beforeEach(() => {
  saved = [];
  stepped = [];
  localStorage.clear();
  session.setUser({ name: 'demo', roles: [ROLES.enterprise.name] });
  server.use(
    mock.get(CALCULATOR_PATHS.allEnterprises, () => HttpResponse.json(ok([ENTERPRISE]))),
    mock.post(POLICY_PATHS.appealCategoryPage, () => HttpResponse.json(ok(page(CATEGORIES)))),
    mock.get(APPEAL_PATHS.list, () => HttpResponse.json(ok(page([item])))),
    mock.post(APPEAL_PATHS.save, async ({ request }) => {
      const body = (await request.json()) as AppealSaveBody;
      saved.push(body);
      return HttpResponse.json(ok(detail({ id: 42, number: 'SQ20261125-0004', status: 'submitted', steps: ['withdraw'] }), APPEAL_MSG.submitted('SQ20261125-0004')));
    }),
  );
});

let lastRouter: ReturnType<typeof createMemoryRouter>;

function renderPage(query = '') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: PAGE, Component: AppealPage }], { initialEntries: [`${PAGE}${query}`] });
  lastRouter = router;
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The 提交诉求 drawer (the page's own button of that name opens it). */
const drawer = async () => within(await screen.findByRole('dialog'));
const submit = async () => user.click((await drawer()).getByRole('button', { name: '提交诉求' }));

function stubDetail(answer: AppealDetail) {
  let current = answer;
  server.use(
    mock.get(APPEAL_PATHS.detail, () => HttpResponse.json(ok(current))),
    mock.post(APPEAL_PATHS.step, async ({ request }) => {
      const body = (await request.json()) as AppealStepBody;
      stepped.push(body);
      current = { ...current, status: 'reopened', statusLabel: '整改中', steps: [] };
      return HttpResponse.json(ok(current, APPEAL_MSG.stepDone('评价')));
    }),
  );
}

test('an empty title and a bad phone are refused in Chinese, and nothing is sent', async () => {
  renderPage('?new=1');
  const form = await drawer();
  await user.type(form.getByLabelText('联系电话'), '1380000');
  await submit();
  expect(await form.findByText('请填写诉求标题')).toBeInTheDocument();
  const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
  await vi.waitFor(() => expect(errors()).toEqual(['请选择诉求类别', '请填写诉求标题', '请填写诉求内容', '请填写联系人', '请填写正确的电话']));
  expect(saved).toEqual([]);
});

test('the content counter counts as the user types', async () => {
  renderPage('?new=1');
  const form = await drawer();
  expect(form.getByText('0 / 2000')).toBeInTheDocument();
  await user.type(form.getByLabelText('诉求内容'), '贷款贴息进度');
  expect(form.getByText('6 / 2000')).toBeInTheDocument();
});

test('the draft survives a remount, files aside; filing sends it, shows the number and the due rule, and drops the draft', async () => {
  const first = renderPage('?new=1');
  let form = await drawer();
  await user.type(form.getByLabelText('诉求标题'), '贴息进度咨询');
  await user.type(form.getByLabelText('诉求内容'), '申请至今未有结果');
  await user.type(form.getByLabelText('联系人'), '李明');
  first.unmount();

  renderPage('?new=1');
  form = await drawer();
  expect(form.getByLabelText('诉求标题')).toHaveValue('贴息进度咨询');
  expect(form.getByLabelText('诉求内容')).toHaveValue('申请至今未有结果');
  expect(form.getByLabelText('联系人')).toHaveValue('李明');

  await user.click(form.getByRole('combobox', { name: '诉求类别' }));
  await user.click(await screen.findByText('融资贷款（办理时限 10 个工作日）'));
  await user.type(form.getByLabelText('联系电话'), '13800001234');
  await submit();
  expect(await screen.findByText(APPEAL_MSG.submitted('SQ20261125-0004'))).toBeInTheDocument();
  expect(screen.getByText(/受理后按 10 个工作日计算办理期限/)).toBeInTheDocument();
  expect(saved).toEqual([{ enterpriseId: 7, category: 'finance', title: '贴息进度咨询', content: '申请至今未有结果', contact: '李明', phone: '13800001234' }]);
  expect(Object.keys(localStorage)).toEqual([]);
});

test('a draft belongs to its account: another account signed in on the same browser starts empty', async () => {
  const first = renderPage('?new=1');
  await user.type((await drawer()).getByLabelText('诉求标题'), '贴息进度咨询');
  first.unmount();
  session.setUser({ name: 'other', roles: [ROLES.enterprise.name] });
  renderPage('?new=1');
  expect((await drawer()).getByLabelText('诉求标题')).toHaveValue('');
});

test.each([
  ['a guide', 'guideId', '关联申报指南', '/policyMarket/policyMarket?guide=12'],
  ['a visit', 'visitId', '关联企业走访', '/enterpriseVisit/enterpriseVisit?id=12'],
] as const)('%s link opens the form with it named, and its id is sent', async (_, param, label, href) => {
  localStorage.setItem('hqt.appeal-draft:demo:7', JSON.stringify({ category: 'policy', title: '研发补助', content: '申报条件咨询', contact: '李明', phone: '13800001234' }));
  renderPage(`?${param}=12`);
  const form = await drawer();
  expect(form.getByText('#12')).toHaveAttribute('href', href);
  expect(form.getByText(new RegExp(label))).toBeInTheDocument();
  await submit();
  await vi.waitFor(() => expect(saved).toEqual([{ enterpriseId: 7, category: 'policy', title: '研发补助', content: '申报条件咨询', contact: '李明', phone: '13800001234', [param]: 12 }]));
});

test('不满意 needs a comment, says the appeal goes back for 整改 before it is sent, then sends rate', async () => {
  stubDetail(detail());
  renderPage('?id=41');
  await user.click(await screen.findByRole('button', { name: /^评\s*价$/ }));
  const modal = within(await screen.findByRole('dialog'));
  await user.click(modal.getByLabelText('不满意'));
  expect(modal.getByText('差评将转入整改，工作人员将在 15 个工作日内回访并重新答复')).toBeInTheDocument();
  await user.click(modal.getByRole('button', { name: '提交评价' }));
  expect(await modal.findByText(APPEAL_MSG.commentRequired)).toBeInTheDocument();
  expect(stepped).toEqual([]);

  await user.type(modal.getByLabelText('评价说明'), '资金未到账');
  await user.click(modal.getByRole('button', { name: '提交评价' }));
  await vi.waitFor(() => expect(stepped).toEqual([{ step: 'rate', rating: 'dissatisfied', comment: '资金未到账' }]));
  // the detail is fetched again: the appeal now stands in 整改中
  expect((await screen.findAllByText('整改中')).length).toBeGreaterThan(0);
});

test('满意 needs no comment', async () => {
  stubDetail(detail());
  renderPage('?id=41');
  await user.click(await screen.findByRole('button', { name: /^评\s*价$/ }));
  const modal = within(await screen.findByRole('dialog'));
  await user.click(modal.getByLabelText('满意'));
  expect(modal.queryByText(/差评将转入整改/)).toBeNull();
  await user.click(modal.getByRole('button', { name: '提交评价' }));
  await vi.waitFor(() => expect(stepped).toEqual([{ step: 'rate', rating: 'satisfied' }]));
});

test('an appeal raised on a visit names the visit as its source, in the list and in the detail, linking to it', async () => {
  server.use(mock.get(APPEAL_PATHS.list, () => HttpResponse.json(ok(page([{ ...item, visitId: 31, visitNumber: 'ZF20261125-0002' }])))));
  const first = renderPage();
  expect(await screen.findByText('来源：企业走访 ZF20261125-0002')).toBeInTheDocument();
  first.unmount();
  stubDetail(detail({ visitId: 31, visitNumber: 'ZF20261125-0002' }));
  renderPage('?id=41');
  expect(await screen.findByRole('link', { name: '企业走访 ZF20261125-0002' })).toHaveAttribute('href', '/enterpriseVisit/enterpriseVisit?id=31');
});

test("a wrong or another enterprise's id shows 诉求不存在 with the way back to the list", async () => {
  server.use(mock.get(APPEAL_PATHS.detail, () => HttpResponse.json({ code: 404, msg: '请求的资源不存在', data: null }, { status: 404 })));
  renderPage('?id=999');
  expect(await screen.findByText('诉求不存在')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: '返回诉求列表' }));
  expect(await screen.findByText(item.title)).toBeInTheDocument();
});

const buttons = () =>
  within(document.querySelector('.appeal-detail') as HTMLElement)
    .queryAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''))
    .filter((t) => t && ['撤回', '补充材料', '评价'].includes(t));

test.each([
  [['withdraw'], ['撤回']],
  [['supplement'], ['补充材料']],
  [['rate', 'complain'], ['评价']],
  [[], []],
])('steps %j draw the buttons %j', async (steps, shown) => {
  stubDetail(detail({ steps }));
  renderPage('?id=41');
  expect(await screen.findByText('办理记录')).toBeInTheDocument();
  expect(buttons()).toEqual(shown);
});

test('the reply is the latest reply step, shown with the reply files only', async () => {
  stubDetail(
    detail({
      attachments: [
        { id: 1, name: '申请表.pdf', size: 2048, type: 'application/pdf', role: 'appeal', url: '/api/files/1', createdAt: '2026-11-20T02:00:00.000Z' },
        { id: 2, name: '拨付凭证.pdf', size: 2048, type: 'application/pdf', role: 'reply', url: '/api/files/2', createdAt: '2026-11-24T03:00:00.000Z' },
      ],
    }),
  );
  renderPage('?id=41');
  const reply = (await screen.findByRole('heading', { name: '答复' })).closest('section') as HTMLElement;
  expect(within(reply).getByText('贴息资金已于 11 月 20 日拨付，请查收。')).toBeInTheDocument();
  expect(within(reply).getByText(/拨付凭证\.pdf/)).toBeInTheDocument();
  expect(within(reply).queryByText(/申请表\.pdf/)).toBeNull();
});

test('with several enterprises the picker is shown, and choosing one lists its appeals', async () => {
  const other: EnterpriseSummary = { ...ENTERPRISE, id: 8, name: '云溪新材料有限公司' };
  const asked: string[] = [];
  server.use(
    mock.get(CALCULATOR_PATHS.allEnterprises, () => HttpResponse.json(ok([ENTERPRISE, other]))),
    mock.get(APPEAL_PATHS.list, ({ params }) => {
      asked.push(String(params.id));
      return HttpResponse.json(ok(page(params.id === '8' ? [{ ...item, id: 50, enterpriseId: 8, title: '新材料项目用地咨询' }] : [item])));
    }),
  );
  renderPage();
  expect(await screen.findByText(item.title)).toBeInTheDocument();
  await user.click(screen.getByRole('combobox', { name: '诉求企业' }));
  await user.click(await screen.findByText('云溪新材料有限公司'));
  expect(await screen.findByText('新材料项目用地咨询')).toBeInTheDocument();
  expect(asked).toEqual(['7', '8']);
});

test('the list starts at 20 rows a page (spec §2 §9), and ?size= asks for another', async () => {
  const sizes: (string | null)[] = [];
  server.use(
    mock.get(APPEAL_PATHS.list, ({ request }) => {
      sizes.push(new URL(request.url).searchParams.get('pageSize'));
      return HttpResponse.json(ok(page([item])));
    }),
  );
  const first = renderPage();
  expect(await screen.findByText(item.title)).toBeInTheDocument();
  expect(sizes).toEqual(['20']);
  first.unmount();
  renderPage('?size=50');
  expect(await screen.findByText(item.title)).toBeInTheDocument();
  expect(sizes).toEqual(['20', '50']);
});

test("each row of the list says its clock as the server counts it: 剩余 N 个工作日, 已超期, and while 已提交 the 受理 deadline or 待受理超时", async () => {
  const open = { ...item, id: 51, number: 'SQ20261120-0001', title: '研发费用加计扣除咨询', status: 'accepted', statusLabel: '办理中', dueText: '剩余 3 个工作日', remainingDays: 3 };
  const late = { ...item, id: 52, number: 'SQ20261118-0002', title: '厂房租金补贴', status: 'accepted', statusLabel: '办理中', dueAt: '2026-11-22T16:00:00.000Z', dueText: '已超期', remainingDays: -2, overdue: true };
  const waiting = { ...item, id: 53, number: 'SQ20261122-0001', title: '用电增容', status: 'submitted', statusLabel: '已提交', dueAt: null, acceptDueAt: '2026-11-23T16:00:00.000Z', dueText: '待受理超时', remainingDays: -8, acceptOverdue: true };
  const fresh = { ...waiting, id: 54, number: 'SQ20261125-0009', title: '用地手续', acceptDueAt: '2026-11-26T16:00:00.000Z', dueText: '剩余 1 个工作日', remainingDays: 1, acceptOverdue: false };
  server.use(mock.get(APPEAL_PATHS.list, () => HttpResponse.json(ok(page([open, late, waiting, fresh])))));
  renderPage();
  const rowOf = async (title: string) => within((await screen.findByRole('button', { name: title })).closest('tr, .appeal-card') as HTMLElement);
  expect((await rowOf('研发费用加计扣除咨询')).getByText('（剩余 3 个工作日）')).toBeInTheDocument();
  expect((await rowOf('厂房租金补贴')).getByText('（已超期）')).toHaveClass('ant-typography-danger');
  const overdueAcceptance = await rowOf('用电增容');
  expect(overdueAcceptance.getByText('受理期限 2026-11-23', { exact: false })).toBeInTheDocument();
  expect(overdueAcceptance.getByText('（待受理超时）')).toHaveClass('ant-typography-danger');
  expect((await rowOf('用地手续')).getByText('（剩余 1 个工作日）')).not.toHaveClass('ant-typography-danger');
});

test('an appeal not yet accepted shows its 受理 deadline, and 待受理超时 past it', async () => {
  stubDetail(detail({ status: 'submitted', statusLabel: '已提交', dueAt: null, acceptDueAt: '2026-11-23T16:00:00.000Z', dueText: '待受理超时', remainingDays: -1, acceptOverdue: true, timeline: [], steps: ['withdraw'] }));
  renderPage('?id=41');
  expect(await screen.findByText(/受理后按 10 个工作日计算办理期限/)).toBeInTheDocument();
  const accept = screen.getByText('受理期限', { selector: 'th, th *' }).closest('th')!.nextElementSibling as HTMLElement;
  expect(within(accept).getByText('2026-11-23', { exact: false })).toBeInTheDocument();
  expect(within(accept).getByText('（待受理超时）')).toHaveClass('ant-typography-danger');
});

test('one enterprise: no picker', async () => {
  renderPage();
  expect(await screen.findByText(item.title)).toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: '诉求企业' })).toBeNull();
});

test("the hub's notice of a staff step on an appeal reads the open appeal again; another service's notice does not", async () => {
  let served = detail({ status: 'accepted', statusLabel: '办理中', steps: [] });
  let fetched = 0;
  server.use(
    mock.get(APPEAL_PATHS.detail, () => {
      fetched++;
      return HttpResponse.json(ok(served));
    }),
  );
  renderPage('?id=41');
  expect(await screen.findByText('办理中', { selector: 'td *, td' })).toBeInTheDocument();
  const before = fetched;

  // a visit's invitation: the appeal is not read again
  act(() => announceHubEvent({ notice: { source: 'visit', kind: 'visit.invited', title: '走访邀约：政策宣讲', link: '/enterpriseVisit/enterpriseVisit?id=3' } }));
  // staff reply to the appeal: it is read again, and shows the reply's state
  served = detail();
  act(() => announceHubEvent({ notice: { source: 'appeal', kind: 'appeal.replied', title: `诉求已答复：${item.title}`, link: '/enterpriseDemands/enterpriseDemands?id=41' } }));
  expect(await screen.findByText('已答复', { selector: 'td *, td' })).toBeInTheDocument();
  expect(fetched).toBe(before + 1);

  // the hub reconnects (a notice may have been missed): read again
  act(() => announceHubEvent({ reconnected: true }));
  await vi.waitFor(() => expect(fetched).toBe(before + 2));
});

test('撤回 asks first, then sends the step', async () => {
  stubDetail(detail({ status: 'submitted', statusLabel: '已提交', steps: ['withdraw'] }));
  renderPage('?id=41');
  await user.click(await screen.findByRole('button', { name: /^撤\s*回$/ }));
  expect(await screen.findByText('撤回该诉求？')).toBeInTheDocument();
  expect(stepped).toEqual([]);
  const confirm = (await screen.findByRole('tooltip')) as HTMLElement;
  await user.click(within(confirm).getByRole('button', { name: /^撤\s*回$/ }));
  await vi.waitFor(() => expect(stepped).toEqual([{ step: 'withdraw' }]));
});

test('补充材料 needs its text, then sends it', async () => {
  stubDetail(detail({ status: 'supplementing', statusLabel: '待补充', steps: ['supplement'] }));
  renderPage('?id=41');
  await user.click(await screen.findByRole('button', { name: '补充材料' }));
  const modal = within(await screen.findByRole('dialog'));
  await user.click(modal.getByRole('button', { name: '提交补充材料' }));
  expect(await modal.findByText('补充材料须填写说明')).toBeInTheDocument();
  expect(stepped).toEqual([]);
  await user.type(modal.getByLabelText('补充说明'), '已附社保缴纳证明');
  await user.click(modal.getByRole('button', { name: '提交补充材料' }));
  await vi.waitFor(() => expect(stepped).toEqual([{ step: 'supplement', note: '已附社保缴纳证明' }]));
});

test('an appeal opened from the list is one step in the history: Back returns to the list', async () => {
  stubDetail(detail());
  renderPage();
  await user.click(await screen.findByRole('button', { name: item.title }));
  expect(await screen.findByText('办理记录')).toBeInTheDocument();
  await act(() => lastRouter.navigate(-1));
  expect(await screen.findByRole('button', { name: /提交诉求/ })).toBeInTheDocument();
  expect(screen.queryByText('办理记录')).toBeNull();
});

test('the reply says whether it followed a 整改, or was sent back by a 差评', async () => {
  const base = detail().timeline;
  // As the server records them: the 差评 moves it into 整改中; the 回访 keeps it there (from and to 整改中).
  const rated = { id: 3, at: '2026-11-25T03:00:00.000Z', step: 'complain', from: 'replied', to: 'reopened', actor: null, role: 'enterprise', note: null };
  const calledBack = { id: 4, at: '2026-11-26T03:00:00.000Z', step: 'callBack', from: 'reopened', to: 'reopened', actor: null, role: 'staff', note: '已电话回访企业。' };
  const again = { id: 5, at: '2026-11-27T03:00:00.000Z', step: 'reply', from: 'reopened', to: 'replied', actor: null, role: 'staff', note: '已协调银行完成贴息。' };
  stubDetail(detail({ status: 'reopened', statusLabel: '整改中', reopenCount: 1, timeline: [...base, rated, calledBack], steps: [] }));
  const first = renderPage('?id=41');
  expect(await screen.findByText(/已转入整改，以下为上次答复/)).toBeInTheDocument();
  first.unmount();
  stubDetail(detail({ reopenCount: 1, timeline: [...base, rated, calledBack, again] }));
  renderPage('?id=41');
  // One 差评, one 回访: the first 整改 (a 回访 is not a reopening).
  expect(await screen.findByText(/第 1 次整改后的答复/)).toBeInTheDocument();
  expect(screen.queryByText(/第 2 次整改后的答复/)).toBeNull();
  const reply = screen.getByRole('heading', { name: '答复' }).closest('section') as HTMLElement;
  expect(within(reply).getByText('已协调银行完成贴息。')).toBeInTheDocument();
});

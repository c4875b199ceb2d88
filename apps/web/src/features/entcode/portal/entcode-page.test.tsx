// 企业赋码's page with HTTP stubbed at the network edge: a mistyped code is refused before anything is
// sent; a visitor sees exactly what the server's card holds; a frozen code says so with the phone; the
// owner's 提交诉求 opens the appeal form with its enterprise chosen.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ROLES } from '@hqt/contract/auth';
import { ENTCODE_MSG, ENTCODE_PAGE, ENTCODE_PATHS, formatCode, newCode, type OwnerCard, type StaffCard, type VisitorCard } from '@hqt/contract/entcode';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import EntcodePage from './entcode-page';

const CODE = newCode();
const PHONE = '0839-7202345';
const visitor: VisitorCard = {
  viewer: 'visitor',
  code: CODE,
  status: 'active',
  statusLabel: '正常',
  name: '云溪智造科技有限公司',
  creditCode: '91511234MA000000X1',
  industry: 'C',
  industryLabel: '制造业',
  regionLabel: '城关镇',
  qualifications: [
    { code: 'hightech', label: '高新技术企业', validUntil: '2027-12-31T00:00:00.000Z', expired: false },
    { code: 'srdi', label: '专精特新中小企业', validUntil: '2025-06-30', expired: true },
  ],
  guides: [{ id: 12, title: '2026 年技术改造专项资金申报指南', supportTypeLabel: '资金补助', windowEnd: '2026-12-31T15:59:59.000Z', amountText: '最高 50 万元' }],
};
const owner: OwnerCard = { ...visitor, viewer: 'owner', enterpriseId: 7 };

let asked: string[] = [];
function stubCard(answer: () => Response) {
  server.use(
    mock.get(ENTCODE_PATHS.card, ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('code') ?? '');
      return answer();
    }),
  );
}
const cardAnswer = (card: VisitorCard | OwnerCard | StaffCard) => () => HttpResponse.json(ok(card));

let router: ReturnType<typeof createMemoryRouter>;
function renderPage(query = '') {
  router = createMemoryRouter(
    [
      { path: ENTCODE_PAGE, Component: EntcodePage },
      { path: '*', Component: () => <p>其他页面</p> },
    ],
    { initialEntries: [`${ENTCODE_PAGE}${query}`] },
  );
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
const here = () => `${router.state.location.pathname}${router.state.location.search}`;

beforeEach(() => {
  asked = [];
  session.clear();
});

test('a code with one wrong character or two swapped is refused before anything is sent; a good one is looked up', async () => {
  stubCard(cardAnswer(visitor));
  renderPage();
  const box = await screen.findByLabelText('企业码');
  const wrong = CODE.slice(0, 4) + (CODE[4] === 'A' ? 'B' : 'A') + CODE.slice(5);
  const swapped = CODE[1] === CODE[2] ? null : CODE[0]! + CODE[2] + CODE[1] + CODE.slice(3);
  for (const typo of [wrong, swapped].filter((t): t is string => t !== null)) {
    await userEvent.clear(box);
    await userEvent.type(box, typo);
    await userEvent.click(screen.getByRole('button', { name: '查 询' }));
    expect(await screen.findByText(ENTCODE_MSG.invalid)).toBeInTheDocument();
  }
  expect(asked).toEqual([]);

  await userEvent.clear(box);
  await userEvent.type(box, formatCode(CODE).toLowerCase());
  await userEvent.click(screen.getByRole('button', { name: '查 询' }));
  expect(await screen.findByText(visitor.name)).toBeInTheDocument();
  expect(asked).toEqual([CODE]);
});

test('a visitor sees the public card as the server sends it, the open guides, and 提交诉求 through the login', async () => {
  stubCard(cardAnswer(visitor));
  renderPage(`?code=${CODE}`);
  expect(await screen.findByText(visitor.name)).toBeInTheDocument();
  const labels = [...document.querySelectorAll('.ant-descriptions-item-label')].map((e) => e.textContent);
  expect(labels).toEqual(['统一社会信用代码', '所属行业', '所在乡镇', '企业资质']);
  expect(screen.getByText(visitor.creditCode)).toBeInTheDocument();
  expect(screen.getByText('制造业')).toBeInTheDocument();
  expect(screen.getByText('城关镇')).toBeInTheDocument();
  // a valid qualification in blue; a lapsed one named 已过期, not in a valid one's blue
  expect(screen.getByText(/高新技术企业/).closest('.ant-tag')).toHaveClass('ant-tag-blue');
  const lapsed = screen.getByText(/专精特新中小企业/).closest('.ant-tag')!;
  expect(lapsed).toHaveTextContent('专精特新中小企业（已过期，有效期至 2025/6/30）');
  expect(lapsed).not.toHaveClass('ant-tag-blue');
  expect(screen.getByRole('link', { name: visitor.guides[0]!.title })).toHaveAttribute('href', '/policyMarket/policyMarket?guide=12');
  expect(screen.queryByText('查看测算结果')).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: '提交诉求' }));
  expect(here()).toBe(`/login?redirect=${encodeURIComponent(`${ENTCODE_PAGE}?code=${CODE}&appeal=1`)}`);
});

test('a frozen code shows the server’s message with the bureau’s phone, and no card', async () => {
  stubCard(() => HttpResponse.json({ code: 410, msg: ENTCODE_MSG.frozen(PHONE), data: null }, { status: 410 }));
  renderPage(`?code=${CODE}`);
  expect(await screen.findByText(ENTCODE_MSG.frozen(PHONE))).toBeInTheDocument();
  expect(screen.queryByText(visitor.name)).toBeNull();
  expect(screen.getByRole('button', { name: '重新输入企业码' })).toBeInTheDocument();
});

test('the owner gets 提交诉求 with its enterprise chosen and its results; back from the login it goes straight to the form', async () => {
  session.setUser({ name: 'demo', roles: [ROLES.enterprise.name] });
  stubCard(cardAnswer(owner));
  renderPage(`?code=${CODE}`);
  const actions = within((await screen.findByText('本企业')).closest('.ant-card') as HTMLElement);
  await userEvent.click(actions.getByRole('button', { name: '查看测算结果' }));
  expect(here()).toBe('/policyCalculation/policyCalculation?enterprise=7');

  await router.navigate(`${ENTCODE_PAGE}?code=${CODE}`);
  await userEvent.click(await screen.findByRole('button', { name: '提交诉求' }));
  expect(here()).toBe('/enterpriseDemands/enterpriseDemands?new=1&enterprise=7');

  await router.navigate(`${ENTCODE_PAGE}?code=${CODE}&appeal=1`);
  await vi.waitFor(() => expect(here()).toBe('/enterpriseDemands/enterpriseDemands?new=1&enterprise=7'));
});

test('staff see the record: contacts, open appeals and the 符合 guides, with the console’s enterprise page', async () => {
  const staff: StaffCard = {
    ...visitor,
    viewer: 'staff',
    status: 'frozen',
    statusLabel: '已冻结',
    codeId: 3,
    enterpriseId: 7,
    legalPerson: '王建国',
    contactPhone: '13800001234',
    openAppealCount: 1,
    openAppeals: [{ id: 41, number: 'SQ20261125-0003', title: '技改项目贷款贴息申请进度咨询', status: 'accepted', statusLabel: '已受理', createdAt: '2026-11-20T02:00:00.000Z', dueAt: null }],
    visitCount: 1,
    visits: [{ id: 8, number: 'ZF20261120-0001', subject: '技改项目服务走访', status: 'visited', statusLabel: '已走访', startsAt: '2026-11-20T02:00:00.000Z' }],
    lastEvaluation: { id: 5, evaluatedAt: '2026-11-21T02:00:00.000Z', eligible: 2, amount: 60, guides: [{ id: 12, title: '2026 年技术改造专项资金申报指南', amount: 50 }] },
  };
  stubCard(cardAnswer(staff));
  renderPage(`?code=${CODE}`);
  expect(await screen.findByText('王建国')).toBeInTheDocument();
  expect(screen.getByText('13800001234')).toBeInTheDocument();
  expect(screen.getAllByText('已冻结').length).toBeGreaterThan(0);
  expect(screen.getByRole('link', { name: '技改项目贷款贴息申请进度咨询' })).toHaveAttribute('href', '/admin/appeals/41');
  expect(screen.getByRole('link', { name: '技改项目服务走访' })).toHaveAttribute('href', '/admin/visits/8');
  expect(screen.getByText(/符合 2 项，预计可享 60 万元/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '打开企业详情' })).toHaveAttribute('href', '/admin/enterprises/7');
  expect(screen.queryByRole('button', { name: '提交诉求' })).toBeNull();
});

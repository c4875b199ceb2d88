import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ROLES } from '@hqt/contract/auth';
import { ACCOUNT_CONSOLE_PATHS, type ConsoleEnterprise, type ConsoleEnterpriseRow, type EnterprisePageQuery } from '@hqt/contract/account-console';
import { consolePath } from '@hqt/contract/console';
import type { PageOf } from '@hqt/contract/envelope';
import { EnterpriseCardsContext, type EnterpriseCard } from '@/shared/enterprise-cards';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../../test/msw';
import EnterpriseDetailPage from './enterprise-detail-page';
import EnterpriseListPage from './enterprise-list-page';

beforeEach(() => session.clear());

const DELETED_AT = '2026-11-20T06:30:00.000Z'; // 14:30 in China

const row = (over: Partial<ConsoleEnterpriseRow> & Pick<ConsoleEnterpriseRow, 'id' | 'name'>): ConsoleEnterpriseRow => ({
  creditCode: '91511234MA62XY8K00',
  contactPhone: null,
  accountId: 7,
  username: 'demo',
  accountName: '云溪智造科技有限公司',
  disabled: false,
  state: 'active',
  deletedAt: null,
  deletedBy: null,
  createdAt: '2026-03-01T02:00:00.000Z',
  ...over,
});
const ROWS = [
  row({ id: 1, name: '云溪智造科技有限公司' }),
  row({ id: 2, name: '云溪智造二分厂', state: 'deleted', deletedAt: DELETED_AT, deletedBy: { id: 7, username: 'demo', name: '云溪智造科技有限公司' } }),
];

function renderAt(path: string, cards: readonly EnterpriseCard[] = []) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/admin/enterprises', Component: EnterpriseListPage },
      { path: '/admin/enterprises/:id', Component: EnterpriseDetailPage },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <EnterpriseCardsContext value={cards}>
        <RouterProvider router={router} />
      </EnterpriseCardsContext>
    </QueryClientProvider>,
  );
}

// Text queries, not role queries: computing roles over antd's tables is slow in jsdom on a busy machine.
const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'a' })).closest('tr')!;

test('企业管理 marks a deleted enterprise 已删除 with when and by whom, and offers no action on it', async () => {
  session.setUser({ name: '李管理', roles: [ROLES.admin.name] });
  const queries: EnterprisePageQuery[] = [];
  server.use(
    mock.post(ACCOUNT_CONSOLE_PATHS.enterprisePage, async ({ request }) => {
      const query = (await request.json()) as EnterprisePageQuery;
      queries.push(query);
      return HttpResponse.json(ok<PageOf<ConsoleEnterpriseRow>>({ list: ROWS, total: ROWS.length, currentPage: query.currentPage, pageSize: query.pageSize }));
    }),
  );
  renderAt('/admin/enterprises?state=deleted');

  const deleted = await rowOf('云溪智造二分厂');
  expect(within(deleted).getByText('已删除')).toBeInTheDocument();
  expect(within(deleted).getByText('2026-11-20 14:30 由 云溪智造科技有限公司（demo） 删除')).toBeInTheDocument();
  expect(within(deleted).queryByText('停用')).toBeNull();
  const live = await rowOf('云溪智造科技有限公司');
  expect(within(live).getByText('正常')).toBeInTheDocument();
  expect(within(live).getByText('停用').closest('button')).toBeInTheDocument();
  expect(queries.at(-1)).toMatchObject({ state: 'deleted' });
});

const DETAIL: ConsoleEnterprise = {
  ...ROWS[1]!,
  siblings: [{ id: 1, name: '云溪智造科技有限公司', creditCode: '91511234MA62XY8K00', deletedAt: null }],
  accountPhone: '13800000001',
  accountEmail: null,
  profile: {
    legalPerson: '王强',
    foundedOn: '2021-01-05',
    registeredCapital: 500,
    patents: 2,
    nature: { code: 'private', label: '民营企业' },
    industry: { code: 'C', label: '制造业' },
    scale: { code: 'micro', label: '微型' },
    region: { code: 'park', label: '云溪经济开发区' },
    updatedAt: '2026-11-01T02:00:00.000Z',
  },
  qualifications: [
    { code: 'hightech', label: '高新技术企业', validUntil: '2027-12-31', expired: false },
    { code: 'srdi', label: '专精特新中小企业', validUntil: '2025-06-30', expired: true },
  ],
  indicators: [{ year: 2025, revenue: 5200, tax: 310 }],
  evaluations: { total: 1, list: [{ id: 3, evaluatedAt: '2026-11-02T02:00:00.000Z', whatIf: false, guides: 40, eligible: 12, amount: 338.26 }] },
  subscriptions: [{ id: 4, kind: 'keyword', label: '技术改造', createdAt: '2026-10-01T02:00:00.000Z' }],
  messages: { total: 1, unread: 1, list: [{ id: 9, kindLabel: '即将截止', title: '工业企业技术改造设备投资补助', createdAt: '2026-11-03T02:00:00.000Z', readAt: null }] },
};

/** 企业详情 of the deleted enterprise above, opened on one tab (a plain click: antd's tabs switch on it). */
async function renderDetail(tab?: RegExp, cards: readonly EnterpriseCard[] = []) {
  server.use(mock.get(consolePath(ACCOUNT_CONSOLE_PATHS.enterprise, { id: 2 }), () => HttpResponse.json(ok(DETAIL))));
  renderAt('/admin/enterprises/2', cards);
  if (tab) fireEvent.click(await screen.findByText(tab, { selector: '.ant-tabs-tab-btn' }));
}

test('企业详情 says when and by whom it was deleted, with the profile', async () => {
  await renderDetail();
  expect(await screen.findByText('该企业已于 2026-11-20 14:30 由 云溪智造科技有限公司（demo） 删除')).toBeInTheDocument();
  expect(screen.getByText('王强')).toBeInTheDocument();
  expect(screen.getByText('云溪经济开发区')).toBeInTheDocument();
});

test('企业详情 draws each service\'s card (FeatureModule.enterpriseCard) for its enterprise', async () => {
  await renderDetail(undefined, [({ enterpriseId }) => <p>{`企业码卡片 ${enterpriseId}`}</p>, ({ enterpriseId }) => <p>{`走访卡片 ${enterpriseId}`}</p>]);
  expect(await screen.findByText('企业码卡片 2')).toBeInTheDocument();
  expect(screen.getByText('走访卡片 2')).toBeInTheDocument();
});

test('企业详情 marks an expired qualification', async () => {
  await renderDetail(/资质/);
  expect(within((await screen.findByText('专精特新中小企业')).closest('tr')!).getByText('已过期')).toBeInTheDocument();
  expect(within(screen.getByText('高新技术企业').closest('tr')!).queryByText('已过期')).toBeNull();
});

test('企业详情 lists the saved calculations with their totals', async () => {
  await renderDetail(/测算记录/);
  expect(within((await screen.findByText('338.26 万元')).closest('tr')!).getByText('12/40')).toBeInTheDocument();
});

test('企业详情 shows what the account follows and its messages, read or not', async () => {
  await renderDetail(/政策推送/);
  expect(await screen.findByText('关键词：技术改造')).toBeInTheDocument();
  expect(within(screen.getByText('工业企业技术改造设备投资补助').closest('tr')!).getByText('未读')).toBeInTheDocument();
});

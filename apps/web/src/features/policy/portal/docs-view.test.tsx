import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@hqt/contract/constants';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_PATHS, type DictItem, type GuidePageQuery, type GuideSummary } from '@hqt/contract/policy';
import { POLICY_DOC_PATHS, type PolicyDocPageQuery, type PolicyDocSummary } from '@hqt/contract/policy-docs';
import { ok, server } from '../../../../test/msw';
import PolicyMarketPage from './market-page';

const DICTS: Record<string, DictItem[]> = {
  department: [
    { code: 'gxj', label: '云溪县工业和信息化局', extra: null },
    { code: 'kjj', label: '云溪县科学技术局', extra: null },
  ],
  policyLevel: [
    { code: 'national', label: '国家级', extra: null },
    { code: 'county', label: '县级', extra: null },
  ],
};

const doc = (id: number, over: Partial<PolicyDocSummary> = {}): PolicyDocSummary => ({
  id,
  title: `政策文件${id}`,
  docNo: `云府发〔2026〕${id}号`,
  department: 'gxj',
  departmentLabel: '云溪县工业和信息化局',
  level: 'county',
  levelLabel: '县级',
  publishDate: '2026-03-01',
  expiryDate: null,
  guideCount: 1,
  ...over,
});
/** 25 documents: two pages of 20. */
const DOCS = Array.from({ length: 25 }, (_, i) => doc(i + 1));
DOCS[0] = doc(1, { title: '云溪县支持科技创新的实施办法', docNo: '云府办发〔2026〕15号', department: 'kjj', departmentLabel: '云溪县科学技术局', expiryDate: '2020-12-31' });

function serve() {
  const docQueries: PolicyDocPageQuery[] = [];
  const guideQueries: GuidePageQuery[] = [];
  server.use(
    mock.get(POLICY_PATHS.dictionary, ({ request }) => HttpResponse.json(ok(DICTS[new URL(request.url).searchParams.get('Dict_Type')!] ?? []))),
    mock.post(POLICY_DOC_PATHS.docPage, async ({ request }) => {
      const query = (await request.json()) as PolicyDocPageQuery;
      docQueries.push(query);
      const matching = DOCS.filter((d) => (!query.issuer || d.department === query.issuer) && (!query.keyword || d.title.includes(query.keyword)));
      const start = (query.currentPage - 1) * query.pageSize;
      const page: PageOf<PolicyDocSummary> = { list: matching.slice(start, start + query.pageSize), total: matching.length, currentPage: query.currentPage, pageSize: query.pageSize };
      return HttpResponse.json(ok(page));
    }),
    mock.post(POLICY_PATHS.guidePage, async ({ request }) => {
      const query = (await request.json()) as GuidePageQuery;
      guideQueries.push(query);
      const page: PageOf<GuideSummary> = { list: [], total: 0, currentPage: query.currentPage, pageSize: query.pageSize };
      return HttpResponse.json(ok(page));
    }),
  );
  return { docQueries, guideQueries };
}

function renderMarket(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/policyMarket/policyMarket', Component: PolicyMarketPage }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const search = (router: ReturnType<typeof renderMarket>) => new URLSearchParams(router.state.location.search);

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

/** jsdom lays nothing out: its body is 0 px wide, a phone's (shared/lib/use-is-mobile.ts), unless a test says otherwise. */
function bodyWidth(px: number) {
  Object.defineProperty(document.body, 'clientWidth', { value: px, configurable: true });
}
afterEach(() => bodyWidth(0));

test('on a wide screen, a table of 20 documents a page: title, 文号, 发文单位, 层级, 发布日期', async () => {
  bodyWidth(1280);
  serve();
  renderMarket('/policyMarket/policyMarket?view=docs');
  const link = await screen.findByRole('link', { name: '云溪县支持科技创新的实施办法' });
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['文件名称', '文号', '发文单位', '层级', '发布日期']);
  const cells = within(link.closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
  expect(cells).toEqual(['云溪县支持科技创新的实施办法 已失效', '云府办发〔2026〕15号', '云溪县科学技术局', '县级', '2026-03-01']);
  expect(screen.getAllByRole('row')).toHaveLength(21);
});

test('the 政策文件 view lists 20 documents a page, each linked to its page; the paginator moves in the address', async () => {
  const { docQueries, guideQueries } = serve();
  const router = renderMarket('/policyMarket/policyMarket?view=docs');
  const link = await screen.findByRole('link', { name: '云溪县支持科技创新的实施办法' });
  expect(link).toHaveAttribute('href', '/policyDocument/policyDocument?id=1');
  // A phone's card says the same in one line.
  expect(link.closest('li')).toHaveTextContent('云府办发〔2026〕15号 · 云溪县科学技术局 · 县级 · 2026-03-01 发布');
  expect(within(link.closest('li')!).getByText('已失效')).toBeInTheDocument();
  expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('doc-card'))).toHaveLength(20);
  expect(screen.getByText('共 25 条')).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: '政策文件' })).toHaveAttribute('aria-selected', 'true');
  expect(docQueries[0]).toEqual({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE });
  // The guides' list is not asked for, nor offered for export.
  expect(guideQueries).toEqual([]);
  expect(screen.queryByRole('button', { name: /导出/ })).toBeNull();

  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByTitle('2'));
  expect(await screen.findByRole('link', { name: '政策文件25' })).toBeInTheDocument();
  expect(search(router).get('page')).toBe('2');
  expect(search(router).get('view')).toBe('docs');
  expect(docQueries.at(-1)).toMatchObject({ currentPage: 2 });
});

test('the keyword, 发文单位 and 层级 go into the address and to the server; a filter returns to page 1', async () => {
  const { docQueries } = serve();
  const router = renderMarket('/policyMarket/policyMarket?view=docs&page=2');
  await screen.findByRole('link', { name: '政策文件25' });
  const user = userEvent.setup({ delay: null });

  await user.type(screen.getByRole('searchbox', { name: '关键词' }), '科技');
  await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
  expect(await screen.findByText('共 1 条')).toBeInTheDocument();
  expect(Object.fromEntries(search(router))).toEqual({ view: 'docs', keyword: '科技' });
  expect(docQueries.at(-1)).toEqual({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, keyword: '科技' });

  await pick(user, screen.getByRole('combobox', { name: '发文单位' }), '云溪县科学技术局');
  await waitFor(() => expect(search(router).get('issuer')).toBe('kjj'));
  await pick(user, screen.getByRole('combobox', { name: '政策层级' }), '县级');
  await waitFor(() => expect(docQueries.at(-1)).toEqual({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, keyword: '科技', issuer: 'kjj', level: 'county' }));
  expect(Object.fromEntries(search(router))).toEqual({ view: 'docs', keyword: '科技', issuer: 'kjj', level: 'county' });

  await user.click(screen.getByRole('button', { name: '清除筛选' }));
  await waitFor(() => expect(Object.fromEntries(search(router))).toEqual({ view: 'docs' }));
  expect(screen.getByRole('searchbox', { name: '关键词' })).toHaveValue('');
});

test('a date range in the address is sent; a day no calendar has is left out rather than refused', async () => {
  const { docQueries } = serve();
  renderMarket('/policyMarket/policyMarket?view=docs&from=2026-01-01&to=2026-02-30&issuer=kjj');
  expect(await screen.findByText('共 1 条')).toBeInTheDocument();
  expect(docQueries.at(-1)).toEqual({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, issuer: 'kjj', from: '2026-01-01' });
  expect(screen.getByPlaceholderText('发布日期起')).toHaveValue('2026-01-01');
  expect(screen.getByPlaceholderText('发布日期止')).toHaveValue('');
});

test('the tab switches between 申报指南 and 政策文件, keeping the keyword and leaving the other list\'s filters', async () => {
  const { docQueries, guideQueries } = serve();
  const router = renderMarket('/policyMarket/policyMarket?keyword=科技&supportType=subsidy&page=3');
  await waitFor(() => expect(guideQueries.at(-1)).toMatchObject({ keyword: '科技', supportType: 'subsidy', currentPage: 3 }));
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('tab', { name: '政策文件' }));
  expect(await screen.findByRole('link', { name: '云溪县支持科技创新的实施办法' })).toBeInTheDocument();
  expect(Object.fromEntries(search(router))).toEqual({ view: 'docs', keyword: '科技' });
  expect(docQueries.at(-1)).toEqual({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, keyword: '科技' });
  expect(screen.getByRole('searchbox', { name: '关键词' })).toHaveValue('科技');

  await user.click(screen.getByRole('tab', { name: '申报指南' }));
  await waitFor(() => expect(Object.fromEntries(search(router))).toEqual({ keyword: '科技' }));
  expect(await screen.findByText('没有找到符合条件的政策指南')).toBeInTheDocument();
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { GuideSummary } from '@hqt/contract/policy';
import { POLICY_DOC_MSG, policyDocInfoPath, type PolicyDocDetail } from '@hqt/contract/policy-docs';
import { ok, server } from '../../../../test/msw';
import PolicyDocPage from './policy-doc-page';

const guide = (id: number, title: string): GuideSummary => ({
  id,
  title,
  summary: '',
  policyId: 5,
  policyTitle: '云溪县支持科技创新的实施办法',
  docNo: '云府办发〔2026〕15号',
  level: 'county',
  levelLabel: '县级',
  department: 'kjj',
  departmentLabel: '云溪县科学技术局',
  supportType: 'subsidy',
  supportTypeLabel: '资金补助',
  mode: 'normal',
  modeLabel: '常规申报',
  windowStart: '2026-03-01T00:00:00.000Z',
  windowEnd: '2026-05-01T00:00:00.000Z',
  status: 'open',
  amountText: '按研发费用的 10% 给予支持，最高 100 万元',
  viewCount: 3,
  publishedAt: '2026-02-20T02:00:00.000Z',
});

const DOC: PolicyDocDetail = {
  id: 5,
  title: '云溪县支持科技创新的实施办法',
  docNo: '云府办发〔2026〕15号',
  department: 'kjj',
  departmentLabel: '云溪县科学技术局',
  level: 'county',
  levelLabel: '县级',
  publishDate: '2026-02-10',
  expiryDate: null,
  guideCount: 2,
  contentHtml: '<h2>第一条</h2><p>支持企业加大<strong>研发投入</strong>。</p><script>alert(1)</script><table><tbody><tr><td>研发费用</td><td>10%</td></tr></tbody></table>',
  interpretationHtml: '<p>解读：对企业上年度研发费用给予补助。</p>',
  attachments: [
    { name: '申报表.docx', url: '/uploads/0a1b.docx' },
    { name: '实施办法.pdf', url: 'https://www.yunxi.gov.cn/zcwj/2.pdf' },
    { name: '坏链接', url: 'javascript:alert(1)' },
  ],
  guides: [guide(11, '企业研发投入补助'), guide(12, '高新技术企业认定奖励')],
};

function renderDoc(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/policyDocument/policyDocument', Component: PolicyDocPage },
      { path: '/policyMarket/policyMarket', Component: () => <p>政策超市</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

test('a document\'s page: what it is known by, its text and 解读 sanitised, its attachments and the guides that cite it', async () => {
  server.use(mock.get(policyDocInfoPath(5), () => HttpResponse.json(ok(DOC))));
  const router = renderDoc('/policyDocument/policyDocument?id=5');
  expect(await screen.findByRole('heading', { name: '云溪县支持科技创新的实施办法' })).toBeInTheDocument();
  for (const [label, value] of [['文号', '云府办发〔2026〕15号'], ['发文单位', '云溪县科学技术局'], ['政策层级', '县级'], ['发布日期', '2026-02-10'], ['有效期至', '长期有效']] as const) {
    expect(screen.getByText(label).closest('tr')).toHaveTextContent(`${label}${value}`);
  }
  const text = screen.getByRole('heading', { name: '政策原文' }).nextElementSibling as HTMLElement;
  expect(text).toHaveClass('rich-text');
  expect(within(text).getByText('研发投入').tagName).toBe('STRONG');
  expect(within(text).getByRole('table')).toBeInTheDocument();
  expect(text.querySelector('script')).toBeNull();
  expect(screen.getByRole('heading', { name: '政策解读' }).nextElementSibling).toHaveTextContent('解读：对企业上年度研发费用给予补助。');

  expect(screen.getByRole('link', { name: /申报表\.docx/ })).toHaveAttribute('href', '/uploads/0a1b.docx');
  expect(screen.getByRole('link', { name: /实施办法\.pdf/ })).toHaveAttribute('href', 'https://www.yunxi.gov.cn/zcwj/2.pdf');
  expect(screen.queryByRole('link', { name: /坏链接/ })).toBeNull();

  const cited = screen.getByRole('link', { name: '企业研发投入补助' });
  expect(cited).toHaveAttribute('href', '/policyMarket/policyMarket?guide=11');
  expect(cited.closest('li')).toHaveTextContent('申报中');
  expect(cited.closest('li')).toHaveTextContent('支持标准：按研发费用的 10% 给予支持，最高 100 万元');
  expect(screen.getByRole('link', { name: '高新技术企业认定奖励' })).toHaveAttribute('href', '/policyMarket/policyMarket?guide=12');

  await userEvent.setup({ delay: null }).click(cited);
  expect(router.state.location.pathname + router.state.location.search).toBe('/policyMarket/policyMarket?guide=11');
});

test('a document no guide cites, without 解读 or attachments, says so; an expired one is marked', async () => {
  server.use(mock.get(policyDocInfoPath(6), () => HttpResponse.json(ok({ ...DOC, id: 6, expiryDate: '2021-12-31', interpretationHtml: '', attachments: [], guides: [], guideCount: 0 }))));
  renderDoc('/policyDocument/policyDocument?id=6');
  expect(await screen.findByText('暂无依据本文件的申报指南')).toBeInTheDocument();
  expect(screen.getByText('已失效')).toBeInTheDocument();
  expect(screen.getByText('有效期至').closest('tr')).toHaveTextContent('2021-12-31');
  expect(screen.queryByRole('heading', { name: '政策解读' })).toBeNull();
  expect(screen.queryByRole('heading', { name: '附件' })).toBeNull();
});

test('an unknown or withdrawn id shows 政策文件不存在或已下线 with the way to the list', async () => {
  server.use(mock.get(policyDocInfoPath(7), () => HttpResponse.json({ code: 404, msg: POLICY_DOC_MSG.notFound, data: null }, { status: 404 })));
  renderDoc('/policyDocument/policyDocument?id=7');
  expect(await screen.findByText(POLICY_DOC_MSG.notFound, { selector: '.ant-result-title' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '查看全部政策文件' })).toHaveAttribute('href', '/policyMarket/policyMarket?view=docs');
});

test('a malformed id asks the server nothing', async () => {
  // Any request would fail the test (test/msw.ts: onUnhandledRequest error).
  renderDoc('/policyDocument/policyDocument?id=abc');
  expect(await screen.findByText(POLICY_DOC_MSG.notFound, { selector: '.ant-result-title' })).toBeInTheDocument();
});

test('a clause cited by 政策问答 (?clause=c1: the text\'s second block) is scrolled to and marked', async () => {
  const scrolled: Element[] = [];
  // jsdom lays nothing out: record where the page asked to scroll.
  const original = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  try {
    server.use(mock.get(policyDocInfoPath(5), () => HttpResponse.json(ok(DOC))));
    renderDoc('/policyDocument/policyDocument?id=5&clause=c1');
    const clause = (await screen.findByText(/支持企业加大/)).closest('p')!;
    expect(clause).toHaveClass('cited-clause');
    expect(scrolled).toEqual([clause]);
    expect(document.querySelectorAll('.cited-clause')).toHaveLength(1);
  } finally {
    Element.prototype.scrollIntoView = original;
  }
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { ROLES } from '@hqt/contract/auth';
import { CALCULATOR_PATHS, type CheckGuideBody, type CheckGuideResponse } from '@hqt/contract/calculator';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import { GuideVerdicts } from './guide-verdicts';

beforeEach(() => session.clear());


const answer: CheckGuideResponse = {
  guideId: 12,
  asOf: '2026-11-25',
  list: [
    { enterpriseId: 1, enterpriseName: '云溪智造科技有限公司', complete: true, verdict: 'eligible', nearMiss: null, reasons: [], amount: 30, amountText: '一次性支持 30 万元', noApplication: false },
    {
      enterpriseId: 2,
      enterpriseName: '云溪锐达电子有限公司',
      complete: true,
      verdict: 'ineligible',
      nearMiss: { field: 'rdRatio', status: 'unmet', text: '上年度研发费用占营业收入比例 需 ≥ 3%，当前 2.86%', year: 2025 },
      reasons: ['上年度研发费用占营业收入比例 需 ≥ 3%，当前 2.86%'],
      amount: 30,
      amountText: '一次性支持 30 万元',
      noApplication: false,
    },
    {
      enterpriseId: 3,
      enterpriseName: '云溪物流有限公司',
      complete: true,
      verdict: 'ineligible',
      nearMiss: null,
      reasons: ['所属行业 需为 制造业，当前 交通运输、仓储和邮政业', '企业规模 需为 小型、微型，当前 大型'],
      amount: 30,
      amountText: '一次性支持 30 万元',
      noApplication: false,
    },
  ],
};

function renderVerdicts() {
  const asked: CheckGuideBody[] = [];
  server.use(
    mock.post(CALCULATOR_PATHS.checkGuide, async ({ request }) => {
      asked.push((await request.json()) as CheckGuideBody);
      return HttpResponse.json(ok(answer));
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <GuideVerdicts guideId={12} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { asked, view };
}

test("a logged-in enterprise sees each of its enterprises' answer: 符合 with the amount, 差一项 with the condition, 不符合 with why", async () => {
  session.setTokens({ access_token: 'a', refresh_token: 'r', expires_in: 1800 });
  session.setUser({ name: '云溪智造科技有限公司', roles: [ROLES.enterprise.name] });
  const { asked } = renderVerdicts();
  const section = await screen.findByRole('region', { name: '本企业测算' });
  expect(asked).toEqual([{ guideId: 12 }]);
  const item = (name: string) => within(section).getByText(name).closest('.ant-list-item') as HTMLElement;
  expect(within(item('云溪智造科技有限公司')).getByText('符合')).toBeInTheDocument();
  expect(within(item('云溪智造科技有限公司')).getByText('预计可享扶持：30 万元（一次性支持 30 万元）')).toBeInTheDocument();
  expect(within(item('云溪锐达电子有限公司')).getByText('差一项')).toBeInTheDocument();
  expect(within(item('云溪锐达电子有限公司')).getByText('还差：上年度研发费用占营业收入比例 需 ≥ 3%，当前 2.86%')).toBeInTheDocument();
  expect(within(item('云溪物流有限公司')).getByText('不符合')).toBeInTheDocument();
  expect(within(item('云溪物流有限公司')).getByText('企业规模 需为 小型、微型，当前 大型')).toBeInTheDocument();
  expect(within(section).getByText(/以实际审核为准/)).toBeInTheDocument();
});

test('a visitor sees nothing of it and nothing is asked', () => {
  const { asked, view } = renderVerdicts();
  expect(view.container).toBeEmptyDOMElement();
  expect(asked).toEqual([]);
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AUTH_PATHS, type PlatformInfo } from '@hqt/contract/auth';
import {
  CALCULATOR_PATHS,
  withId,
  type Enterprise,
  type EvaluationPageQuery,
  type EvaluationSnapshot,
  type EvaluationSummary,
  type RulebookResponse,
} from '@hqt/contract/calculator';
import type { RuleGuide } from '@hqt/contract/calculator-engine';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_PATHS, type DictItem } from '@hqt/contract/policy';
import type { Static } from 'typebox';
import { ok, server } from '../../../../../test/msw';
import { HistoryPanel } from './history-panel';


const NAME = '云溪锐达电子有限公司';

// Today's profile: R&D raised from 100 to 110 since the snapshot was saved.
const enterprise: Enterprise = {
  id: 3,
  name: NAME,
  creditCode: '91511234MA00000012',
  legalPerson: '周敏',
  nature: null,
  contactPhone: null,
  foundedOn: '2020-03-15',
  registeredCapital: null,
  patents: null,
  industry: 'C',
  scale: 'small',
  region: 'park',
  qualifications: [{ code: 'hightech', validUntil: '2028-12-31' }],
  indicators: [{ year: 2025, revenue: 3500, rdExpense: 110, staff: 80, socialInsurance: 75 }],
  complete: true,
  updatedAt: '2026-11-24T02:00:00.000Z',
};

const summary: EvaluationSummary = {
  id: 7,
  enterpriseId: 3,
  enterpriseName: NAME,
  evaluatedAt: '2026-11-20T02:30:00.000Z',
  whatIf: false,
  guides: 2,
  eligible: 1,
  amount: 20,
  changes: { gained: [], lost: [], amounts: [], previousId: null },
};

const snapshot: EvaluationSnapshot = {
  ...summary,
  facts: { ...enterprise, indicators: [{ year: 2025, revenue: 3500, rdExpense: 100, staff: 80, socialInsurance: 75 }] },
  guides: [
    { id: 11, title: '高新技术企业首次认定奖励', supportType: 'award', mode: 'normal', version: '2026-10-01T00:00:00.000Z' },
    { id: 12, title: '省级专精特新中小企业认定', supportType: 'subsidy', mode: 'normal', version: '2026-10-02T00:00:00.000Z' },
  ],
  evaluation: {
    asOf: '2026-11-20',
    results: [
      { guideId: 11, verdict: 'eligible', amount: 20, nearMiss: false, noApplication: false, window: 'open' },
      { guideId: 12, verdict: 'ineligible', amount: 30, nearMiss: true, noApplication: false, window: 'open' },
    ],
    totals: { guides: 2, eligible: 1, missing: 0, ineligible: 1, nearMiss: 1, noApplication: 0, amount: 20, bySupportType: [{ supportType: 'award', guides: 1, amount: 20 }] },
  },
};

const rule = (id: number, title: string, version: string): RuleGuide => ({
  id,
  title,
  supportType: 'award',
  mode: 'normal',
  windowStart: '2026-01-01T00:00:00.000Z',
  windowEnd: '2099-01-01T00:00:00.000Z',
  eligibility: { groups: [] },
  amountRule: { kind: 'fixed', amount: 20 },
  version,
});

const platform: PlatformInfo = {
  platformName: '惠企通',
  trialRun: false,
  logoUrl: null,
  bureau: { name: '云溪县工业和信息化局', address: '人民路88号', phone: '0839-7202345', email: 'gxj@example.cn' },
  site: { code: null, icp: null, psb: null },
};

const DICTS: Record<string, [string, string][]> = {
  supportType: [['award', '奖励'], ['subsidy', '补助']],
  guideMode: [['normal', '申报审核']],
  scale: [['small', '小型']],
  industry: [['C', '制造业']],
  region: [['park', '云溪经济开发区']],
  qualification: [['hightech', '高新技术企业']],
};

function serve() {
  const opened: number[] = [];
  server.use(
    mock.post(CALCULATOR_PATHS.evaluationPage, async ({ request }) => {
      const query = (await request.json()) as Static<typeof EvaluationPageQuery>;
      const page: PageOf<EvaluationSummary> = { list: [summary], total: 1, currentPage: query.currentPage, pageSize: query.pageSize };
      return HttpResponse.json(ok(page));
    }),
    mock.get(withId(CALCULATOR_PATHS.evaluationInfo, 7), () => {
      opened.push(7);
      return HttpResponse.json(ok(snapshot));
    }),
    // Today's rules: the second guide's rule was changed after the snapshot, and a third is open now.
    mock.get(CALCULATOR_PATHS.rulebook, () =>
      HttpResponse.json(
        ok<RulebookResponse>({
          guides: [rule(11, '高新技术企业首次认定奖励', '2026-10-01T00:00:00.000Z'), rule(12, '省级专精特新中小企业认定', '2026-11-22T00:00:00.000Z'), rule(13, '技术改造奖励', '2026-11-23T00:00:00.000Z')],
        }),
      ),
    ),
    mock.get(POLICY_PATHS.dictionary, ({ request }) => {
      const type = new URL(request.url).searchParams.get('Dict_Type') ?? '';
      return HttpResponse.json(ok<DictItem[]>((DICTS[type] ?? []).map(([code, label]) => ({ code, label, extra: null }))));
    }),
    mock.get(AUTH_PATHS.platformName, () => HttpResponse.json(ok(platform))),
  );
  return { opened };
}

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/policyCalculation/policyCalculation', element: <HistoryPanel enterprise={enterprise} /> }], {
    initialEntries: ['/policyCalculation/policyCalculation?enterprise=3'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

test('查看 opens a saved evaluation read-only as it was, beside what changed since, and its own report', async () => {
  const { opened } = serve();
  const router = renderPanel();
  await userEvent.click(await screen.findByRole('button', { name: /^查看 / }));
  const drawer = await screen.findByRole('dialog');
  expect(router.state.location.search).toBe('?enterprise=3&snapshot=7');
  expect(opened).toEqual([7]);
  expect(await within(drawer).findByText(`测算快照：${NAME}`, { exact: false })).toBeInTheDocument();

  // The facts then (R&D 100), not today's (110).
  expect(within(drawer).getByText(/研发费用 100 万元/)).toBeInTheDocument();
  expect(within(drawer).queryByText(/研发费用 110 万元/)).toBeNull();
  expect(within(drawer).getByText('制造业')).toBeInTheDocument();
  // Every guide's verdict and amount then, most valuable first, with the rules' version.
  const rows = [...drawer.querySelectorAll('tr[data-row-key]')];
  expect(rows.map((r) => r.textContent)).toEqual([
    expect.stringMatching(/^高新技术企业首次认定奖励符合20奖励2026\/10\/1/),
    expect.stringMatching(/^省级专精特新中小企业认定不符合（差一项）补助2026\/10\/2/),
  ]);
  // What changed: since the one before, and between then and today.
  expect(within(drawer).getByText('首次测算')).toBeInTheDocument();
  expect(within(drawer).getByText('与本次测算所用不同：2025年度研发费用')).toBeInTheDocument();
  expect(await within(drawer).findByText('规则已修改：省级专精特新中小企业认定；新开放：技术改造奖励')).toBeInTheDocument();

  // The report is this snapshot's: named after the enterprise and the snapshot's date.
  await userEvent.click(within(drawer).getByRole('button', { name: '打印 / 导出测算报告' }));
  // (antd names every dialog by one id under test, so the export dialog is found by its text.)
  const dialog = (await screen.findByText('选择列：')).closest('.ant-modal') as HTMLElement;
  expect(within(dialog).getByLabelText('文件名')).toHaveValue(`测算报告-${NAME}-2026-11-20`);
  expect(within(dialog).getByLabelText('规则版本')).toBeChecked();
  await userEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));

  await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(router.state.location.search).toBe('?enterprise=3'));
});

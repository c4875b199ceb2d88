import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { Enterprise } from '@hqt/contract/calculator';
import { POLICY_PATHS, type DictItem } from '@hqt/contract/policy';
import { ok, server } from '../../../../../test/msw';
import { ProfileSteps } from './profile-steps';


const DICTS: Record<string, DictItem[]> = { qualification: [{ code: 'hightech', label: '高新技术企业', extra: null }] };

/** An enterprise made at registration: no founding date yet, a qualification valid for ever. */
const enterprise: Enterprise = {
  id: 7,
  name: '云溪县测试机械有限公司',
  creditCode: '91511234MA6DFUX01X',
  legalPerson: null,
  nature: null,
  contactPhone: null,
  foundedOn: null,
  registeredCapital: null,
  patents: null,
  industry: null,
  scale: null,
  region: null,
  qualifications: [{ code: 'hightech', validUntil: null }],
  indicators: [],
  complete: false,
  updatedAt: '2026-11-20T02:00:00.000Z',
};

test('empty dates (null in the data) show as empty date inputs, and the form renders without a warning from React or antd', async () => {
  server.use(mock.get(POLICY_PATHS.dictionary, ({ request }) => HttpResponse.json(ok(DICTS[new URL(request.url).searchParams.get('Dict_Type') ?? ''] ?? []))));
  const errors = vi.spyOn(console, 'error');
  const warnings = vi.spyOn(console, 'warn');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProfileSteps enterprise={enterprise} onSaved={() => {}} />
    </QueryClientProvider>,
  );
  expect(screen.getByLabelText('成立日期')).toHaveValue('');
  const user = userEvent.setup({ delay: null });
  // To the 资质 step: its validity is an empty date too. The first step's required fields are
  // empty, so go by the step titles.
  await user.click(screen.getByText('资质'));
  expect(await screen.findByLabelText('有效期至')).toHaveValue('');
  expect([...errors.mock.calls, ...warnings.mock.calls].map((c) => c.map(String).join(' '))).toEqual([]);
  errors.mockRestore();
  warnings.mockRestore();
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ROLES } from '@hqt/contract/auth';
import { consolePath } from '@hqt/contract/console';
import { type ContentStatus, type Lifecycle, POLICY_CONSOLE_PATHS } from '@hqt/contract/policy-console';
import type { TimelineEntry } from '@hqt/contract/workflow';
import { http } from '@/shared/api/http';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../test/msw';
import type { ContentSteps } from './content-state';
import { EditFrame } from './edit-frame';

beforeEach(() => session.clear());

const TIMELINE: TimelineEntry[] = [
  { id: 1, at: '2026-03-02T01:00:00.000Z', step: 'publish', from: 'draft', to: 'published', actor: { id: 2, name: '王科员' }, role: 'staff', note: null },
  { id: 2, at: '2026-03-05T06:30:00.000Z', step: 'withdraw', from: 'published', to: 'withdrawn', actor: { id: 3, name: '赵局长' }, role: 'admin', note: null },
];

const item = (status: ContentStatus): Lifecycle & { id: number } => ({
  id: 7,
  status,
  createdAt: '2026-03-01T01:00:00.000Z',
  createdBy: { id: 2, name: '王科员' },
  updatedAt: '2026-03-01T01:00:00.000Z',
  updatedBy: { id: 2, name: '王科员' },
  publishedAt: null,
  publishedBy: null,
  withdrawnAt: null,
  withdrawnBy: null,
});

/** A policy's steps as its service gives them to the kit (features/policy/api/content-api.ts). */
const steps: ContentSteps = {
  key: ['console', 'policy'],
  timeline: (id) => http.get<TimelineEntry[]>(consolePath(POLICY_CONSOLE_PATHS.policyTimeline, { id })),
  changeState: () => Promise.resolve(''),
};

function renderFrame(status: ContentStatus) {
  server.use(mock.get(consolePath(POLICY_CONSOLE_PATHS.policyTimeline, { id: 7 }), () => HttpResponse.json(ok(TIMELINE))));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const frame = () => (
    <EditFrame steps={steps} title="编辑政策文件" id={7} item={item(status)} loading={false} missing={false} listPath="/admin/policies" saving={false} onSave={() => undefined}>
      <p>表单</p>
    </EditFrame>
  );
  const router = createMemoryRouter([{ path: '/admin/policies/:id', Component: frame }], { initialEntries: ['/admin/policies/7'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const actions = () => within(document.querySelector('.edit-actions') as HTMLElement).getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));

test.each([
  ['draft', ['保存', '发布', '返回列表']],
  ['published', ['保存', '撤回', '返回列表']],
  ['withdrawn', ['保存', '发布', '返回列表']],
] as const)('a %s item shows only the steps its flow allows staff: %j', async (status, buttons) => {
  session.setUser({ name: '王科员', roles: [ROLES.staff.name] });
  renderFrame(status);
  await screen.findByText('表单');
  expect(actions()).toEqual(buttons);
});

test('an account of a role the flow does not admit sees no step at all', async () => {
  session.setUser({ name: '云溪智造', roles: [ROLES.enterprise.name] });
  renderFrame('draft');
  await screen.findByText('表单');
  expect(actions()).toEqual(['保存', '返回列表']);
});

test('the timeline lists each step with when, who and what, oldest first', async () => {
  session.setUser({ name: '王科员', roles: [ROLES.staff.name] });
  renderFrame('withdrawn');
  const timeline = await screen.findByRole('region', { name: '办理记录' });
  await within(timeline).findByText('王科员（工作人员）发布');
  const text = timeline.textContent ?? '';
  expect(text).toContain('2026-03-02 09:00');
  expect(text).toContain('2026-03-05 14:30');
  expect(text.indexOf('王科员（工作人员）发布')).toBeLessThan(text.indexOf('赵局长（管理员）撤回'));
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AUTH_PATHS, type PlatformInfo } from '@hqt/contract/auth';
import { CALENDAR_PATHS, type CalendarStatus } from '@hqt/contract/calendar';
import { CONSOLE_PATHS, type Workbench } from '@hqt/contract/console';
import { session } from '@/shared/session/session-store';
import { server } from '../../test/msw';
import { RootError } from './root-error';
import { routes } from './router';

const tokens = { access_token: 'a', refresh_token: 'r', expires_in: 1800 };

beforeEach(() => session.clear());

test('an in-app link to the login page takes a logged-in account to the data overview, as a full load does', async () => {
  session.setTokens(tokens);
  session.setUser({ name: '云溪智造科技有限公司', roles: ['企业账户'] });
  const router = createMemoryRouter(routes, { initialEntries: ['/register'] });
  await router.navigate('/register');
  await router.navigate('/login');
  expect(router.state.location.pathname).toBe('/dataOverview/dataOverview');
  router.dispose();
});

test('a logged-out visit to a private page goes to the login page; to the console, to its own login page', async () => {
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  await router.navigate('/personal/personal');
  expect(router.state.location.pathname).toBe('/login');
  await router.navigate('/admin');
  expect(router.state.location.pathname).toBe('/admin/login');
  await router.navigate('/nowhere/at/all');
  expect(router.state.location.pathname).toBe('/404');
  router.dispose();
});

test('a 工作人员 sent from an administrator\'s page sees 权限不足 in the console\'s frame, with the way back to 工作台', async () => {
  session.setTokens(tokens);
  session.setUser({ name: '李工', roles: ['工作人员'] });
  const platform: PlatformInfo = { platformName: '惠企通', trialRun: false, logoUrl: null, bureau: { name: '', address: '', phone: '', email: '' }, site: { code: null, icp: null, psb: null } };
  const workbench: Workbench = { drafts: [], closingThisWeek: [], figures: { publishedPolicies: 0, publishedGuides: 0, openGuides: 0, activeTopics: 0, enterprises: 0, enterprisesThisMonth: 0, guideViews: 0 } };
  server.use(
    mock.get(AUTH_PATHS.platformName, () => HttpResponse.json({ code: 200, msg: 'success', data: platform })),
    mock.get(CONSOLE_PATHS.workbench, () => HttpResponse.json({ code: 200, msg: 'success', data: workbench })),
    mock.get(CALENDAR_PATHS.status, () => HttpResponse.json({ code: 200, msg: 'success', data: { today: '2026-03-02', published: [2026], missing: [] } satisfies CalendarStatus })),
  );
  const router = createMemoryRouter(routes, { initialEntries: ['/admin/accounts'] });
  render(<RouterProvider router={router} />);
  expect(await screen.findByText('权限不足', { selector: '.ant-result-title' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/admin/403');
  // The console's own frame (its header and breadcrumb), not the portal's 401 page.
  expect(screen.getByText('工作人员控制台')).toBeInTheDocument();
  expect(screen.queryByText(/请先登录/)).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: '返回工作台' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  router.dispose();
});

describe('the root error element', () => {
  const renderFailing = (fail: () => never) => {
    const router = createMemoryRouter([{ path: '/', ErrorBoundary: RootError, children: [{ index: true, Component: () => fail() }] }]);
    render(<RouterProvider router={router} />);
  };

  test('is the root of the real route tree', () => {
    expect(routes[0]!.ErrorBoundary).toBe(RootError);
  });

  test('a page whose code is gone after a new release asks for a reload, in Chinese', async () => {
    renderFailing(() => {
      throw new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:8080/assets/market-page-Dx1.js');
    });
    expect(await screen.findByText('系统已更新')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  });

  test('a render error says so and offers a reload and the way home', async () => {
    renderFailing(() => {
      throw new Error('boom');
    });
    expect(await screen.findByText('页面出错了')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
  });
});

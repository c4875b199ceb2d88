import { screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { AUTH_PATHS, type MenuInfo, type TokenResponse } from '@hqt/contract/auth';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { session } from '@/shared/session/session-store';
import { takeUrlLoginNotice } from '@/shared/session/url-login-notice';
import { server } from '../../test/msw';
import { ADMIN, PORTAL, type Branch } from './branches';
import { createGuard, guardShouldRevalidate } from './guard';

const guards = new Map<Branch, ReturnType<typeof createGuard>>([
  [PORTAL, createGuard(PORTAL)],
  [ADMIN, createGuard(ADMIN)],
]);

/** Runs a guard for an address: the redirect target, or null when the page may open. */
async function runGuard(guardLoader: ReturnType<typeof createGuard>, path: string): Promise<string | null> {
  try {
    const url = new URL(`http://localhost:3000${path}`);
    await guardLoader({ request: new Request(url), url, pattern: '/', params: {}, context: undefined } as unknown as Parameters<typeof guardLoader>[0]);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

const guard = (path: string, branch: Branch = PORTAL) => runGuard(guards.get(branch)!, path);

const menu = (roleName: string): MenuInfo => ({ roleName, userName: '云溪智造科技有限公司', adminMenu: [] });
const tokens: TokenResponse = { access_token: 'a', refresh_token: 'r', expires_in: 1800, token_type: 'Bearer' };

beforeEach(() => session.clear());

test('without a token only the public pages open', async () => {
  for (const open of ['/', '/login', '/enterCode/enterCode', '/policyTopics/policyTopics', '/register']) expect(await guard(open)).toBeNull();
  for (const closed of ['/dataOverview/dataOverview', '/policyMarket/policyMarket', '/personal/personal']) expect(await guard(closed)).toBe('/login');
});

test('an enterprise account is admitted; its role, name and API list are loaded', async () => {
  server.use(
    mock.get(AUTH_PATHS.menuInfo, () => HttpResponse.json({ code: 200, msg: 'success', data: menu('企业账户') })),
    mock.get(AUTH_PATHS.apiList, () => HttpResponse.json({ code: 200, msg: 'success', data: [{ path: '/api/v1/Admin/getinfo' }] })),
  );
  session.setTokens(tokens);
  expect(await guard('/policyMarket/policyMarket')).toBeNull();
  expect(session.get()).toMatchObject({ roles: ['企业账户'], name: '云溪智造科技有限公司', apiPaths: ['/api/v1/Admin/getinfo'] });
  expect(await guard('/login')).toBe('/dataOverview/dataOverview');
});

test('any other role is logged out with "账号或密码有误" and sent to the login page', async () => {
  let loggedOut = false;
  server.use(
    mock.get(AUTH_PATHS.menuInfo, () => HttpResponse.json({ code: 200, msg: 'success', data: menu('工作人员') })),
    mock.post(AUTH_PATHS.logout, () => ((loggedOut = true), HttpResponse.json({ code: 200, msg: 'ok', data: null }))),
  );
  session.setTokens(tokens);
  expect(await guard('/dataOverview/dataOverview')).toBe('/login');
  expect(loggedOut).toBe(true);
  expect(session.get().accessToken).toBeNull();
  expect(await screen.findByText(MSG.badCredentials)).toBeInTheDocument();
});

test('a token the server refuses as invalid logs out with its message, not the expiry alert (spec §8)', async () => {
  server.use(mock.get(AUTH_PATHS.menuInfo, () => HttpResponse.json({ code: 401, msg: MSG.verifyFailed, data: null }, { status: 401 })));
  session.setTokens(tokens);
  expect(await guard('/dataOverview/dataOverview')).toBe('/login');
  expect(session.get().accessToken).toBeNull();
  expect(await screen.findByText(MSG.verifyFailed)).toBeInTheDocument();
  expect(screen.queryByText(MSG.loginExpiredTitle)).toBeNull();
});

test('a user-info call that fails otherwise logs out with its message', async () => {
  server.use(mock.get(AUTH_PATHS.menuInfo, () => HttpResponse.json({ code: 500, msg: '服务器繁忙，请稍后再试', data: null }, { status: 500 })));
  session.setTokens(tokens);
  expect(await guard('/dataOverview/dataOverview')).toBe('/login');
  expect(session.get().accessToken).toBeNull();
});

test('URL login logs in and goes to the data overview; a failed one goes to the login page without credentials', async () => {
  server.use(
    mock.post(AUTH_PATHS.token, async ({ request }) => {
      const body = (await request.json()) as { username: string; password: string };
      return body.password === 'Demo1234'
        ? HttpResponse.json({ code: 200, msg: 'success', data: tokens, ...tokens })
        : HttpResponse.json({ code: 400, msg: MSG.badCredentials, data: null }, { status: 400 });
    }),
  );
  expect(await guard('/login?username=demo&password=Demo1234')).toBe('/dataOverview/dataOverview');
  expect(session.get().accessToken).toBe('a');
  session.clear();
  expect(await guard('/login?username=demo&password=wrong')).toBe('/login');
  expect(session.get().accessToken).toBeNull();
  // the login page it lands on says why, with the name (never the password)
  expect(takeUrlLoginNotice()).toEqual({ username: 'demo', text: expect.stringContaining(MSG.badCredentials) });
});

test('the console admits staff and administrators, and sends a logged-in one from its login page to its home', async () => {
  server.use(
    mock.get(AUTH_PATHS.menuInfo, () => HttpResponse.json({ code: 200, msg: 'success', data: menu('工作人员') })),
    mock.get(AUTH_PATHS.apiList, () => HttpResponse.json({ code: 200, msg: 'success', data: [] })),
  );
  expect(await guard('/admin', ADMIN)).toBe('/admin/login');
  expect(await guard('/admin/login', ADMIN)).toBeNull();
  session.setTokens(tokens);
  expect(await guard('/admin', ADMIN)).toBeNull();
  expect(session.get().roles).toEqual(['工作人员']);
  expect(await guard('/admin/login', ADMIN)).toBe('/admin');
});

test('the console refuses an enterprise account with a clear message and logs it out', async () => {
  server.use(
    mock.get(AUTH_PATHS.menuInfo, () => HttpResponse.json({ code: 200, msg: 'success', data: menu('企业账户') })),
    mock.post(AUTH_PATHS.logout, () => HttpResponse.json({ code: 200, msg: 'ok', data: null })),
  );
  session.setTokens(tokens);
  expect(await guard('/admin', ADMIN)).toBe('/admin/login');
  expect(session.get().accessToken).toBeNull();
  expect(await screen.findByText(OWN_MSG.consoleRefusesEnterprise)).toBeInTheDocument();
});

test('the guard runs again when the path changes or credentials arrive, not when only the query changes', () => {
  const revalidate = (from: string, to: string) =>
    guardShouldRevalidate({ currentUrl: new URL(from, 'http://x'), nextUrl: new URL(to, 'http://x'), defaultShouldRevalidate: true } as Parameters<typeof guardShouldRevalidate>[0]);
  expect(revalidate('/policyMarket/policyMarket?keyword=研发', '/policyMarket/policyMarket?keyword=贴息')).toBe(false);
  expect(revalidate('/policyMarket/policyMarket', '/policyMarket/policyMarket?page=2')).toBe(false);
  expect(revalidate('/register', '/login')).toBe(true);
  expect(revalidate('/login', '/login?username=demo&password=Demo1234')).toBe(true);
});

test('an account of the other branch sees the public pages as a visitor and keeps its login; a private page ends it', async () => {
  server.use(
    mock.get(AUTH_PATHS.menuInfo, () => HttpResponse.json({ code: 200, msg: 'success', data: menu('工作人员') })),
    mock.post(AUTH_PATHS.logout, () => HttpResponse.json({ code: 200, msg: 'ok', data: null })),
  );
  session.setTokens(tokens);
  expect(await guard('/')).toBeNull();
  expect(await guard('/policyTopics/policyTopics')).toBeNull();
  expect(session.get().accessToken).toBe('a'); // the console's login is intact
  expect(await guard('/personal/personal')).toBe('/login');
  expect(session.get().accessToken).toBeNull();
});

test('a page that admits fewer roles than its branch sends the others to the branch\'s 权限不足 page, inside the console', async () => {
  const narrow: Branch = {
    ...ADMIN,
    features: [{ name: 'users', console: [{ path: '/admin/users', title: '账号管理', access: 'private', roles: ['管理员'], page: async () => ({ default: () => null }) }] }],
  };
  const narrowGuard = createGuard(narrow);
  const run = (path: string) => runGuard(narrowGuard, path);
  session.setTokens(tokens);
  session.setUser({ name: '李工', roles: ['工作人员'] });
  expect(await run('/admin/users')).toBe('/admin/403');
  session.setUser({ name: '王主任', roles: ['管理员'] });
  expect(await run('/admin/users')).toBeNull();
});

test('a 工作人员 opening an administrator\'s page of the real console stays in the console, on its 权限不足 page', async () => {
  session.setTokens(tokens);
  session.setUser({ name: '李工', roles: ['工作人员'] });
  for (const page of ['/admin/accounts', '/admin/dictionaries', '/admin/audit']) expect(await guard(page, ADMIN)).toBe('/admin/403');
  expect(await guard('/admin/403', ADMIN)).toBeNull();
  session.setUser({ name: '王主任', roles: ['管理员'] });
  for (const page of ['/admin/accounts', '/admin/dictionaries', '/admin/audit']) expect(await guard(page, ADMIN)).toBeNull();
});

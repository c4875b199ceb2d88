import { screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { AUTH_PATHS, type TokenResponse, type UserInfo } from '@hqt/contract/auth';
import { MSG } from '@hqt/contract/messages';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../test/msw';
import { ApiError, http } from './http';

const INFO: UserInfo = { id: 1, name: '云溪智造科技有限公司', username: 'demo', roleId: 1, roleName: '企业账户', phone: null, email: null, avatar: null };

function loggedIn(secondsLeft: number, token = 'old-access') {
  session.setTokens({ access_token: token, refresh_token: 'old-refresh', expires_in: secondsLeft });
}

// Each test shows messages of its own, so toasts left over from another test cannot be mistaken.
beforeEach(() => session.clear());

test('a code other than 200 shows the server message and rejects', async () => {
  server.use(mock.get(AUTH_PATHS.platformName, () => HttpResponse.json({ code: 500, msg: '平台维护中', data: null })));
  await expect(http.get(AUTH_PATHS.platformName)).rejects.toThrow('平台维护中');
  expect(await screen.findByText('平台维护中')).toBeInTheDocument();
});

test('an error status with an envelope shows its message; 403 shows "权限不足！"; no answer shows "请求失败"', async () => {
  server.use(
    mock.post(AUTH_PATHS.token, () => HttpResponse.json({ code: 400, msg: MSG.badCredentials, data: null }, { status: 400 })),
    mock.get(AUTH_PATHS.apiListById, () => HttpResponse.json({ code: 403, msg: 'x', data: null }, { status: 403 })),
    mock.get(AUTH_PATHS.platformName, () => HttpResponse.error()),
  );
  await expect(http.post(AUTH_PATHS.token, {})).rejects.toThrow(MSG.badCredentials);
  await expect(http.get(AUTH_PATHS.apiListById)).rejects.toThrow(MSG.forbidden);
  await expect(http.get(AUTH_PATHS.platformName)).rejects.toThrow(MSG.requestFailed);
  for (const text of [MSG.badCredentials, MSG.forbidden, MSG.requestFailed]) expect(await screen.findByText(text)).toBeInTheDocument();
});

test('a silent call (the API list) shows nothing when it fails', async () => {
  server.use(
    mock.get(AUTH_PATHS.apiList, () => HttpResponse.json({ code: 500, msg: '不该出现', data: null })),
    mock.get(AUTH_PATHS.platformName, () => HttpResponse.json({ code: 500, msg: '应当出现', data: null })),
  );
  await expect(http.get(AUTH_PATHS.apiList, { silent: true })).rejects.toBeInstanceOf(ApiError);
  // A loud failure after it: once its toast shows, a toast of the silent one would have shown first.
  await expect(http.get(AUTH_PATHS.platformName)).rejects.toBeInstanceOf(ApiError);
  expect(await screen.findByText('应当出现')).toBeInTheDocument();
  expect(screen.queryByText('不该出现')).toBeNull();
});

test('an expired token is refused before sending, with one "登录过期" alert for many calls', async () => {
  let sent = 0;
  server.use(mock.get(AUTH_PATHS.userInfo, () => (sent++, HttpResponse.json(ok(INFO)))));
  loggedIn(-1);
  const calls = [http.get(AUTH_PATHS.userInfo), http.get(AUTH_PATHS.userInfo), http.get(AUTH_PATHS.userInfo)];
  for (const call of calls) await expect(call).rejects.toThrow(MSG.loginExpired);
  expect(sent).toBe(0);
  expect(await screen.findAllByText(MSG.loginExpired)).not.toHaveLength(0);
  await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
  const alert = screen.getByRole('dialog');
  expect(alert).toHaveTextContent(MSG.loginExpiredTitle);
  expect(alert).toHaveTextContent(MSG.loginExpiredText);
});

test('under 20 s left: one refresh, and the waiting requests go out with the new token', async () => {
  let refreshes = 0;
  const seen: (string | null)[] = [];
  server.use(
    mock.post(AUTH_PATHS.refresh, async ({ request }) => {
      refreshes++;
      expect(await request.json()).toEqual({ refresh_token: 'old-refresh' });
      await new Promise((r) => setTimeout(r, 30)); // the others arrive meanwhile
      const tokens: TokenResponse = { access_token: 'new-access', refresh_token: 'new-refresh', expires_in: 1800, token_type: 'Bearer' };
      return HttpResponse.json({ ...ok(tokens), ...tokens });
    }),
    mock.get(AUTH_PATHS.userInfo, ({ request }) => {
      seen.push(request.headers.get('authorization'));
      return HttpResponse.json(ok(INFO));
    }),
  );
  loggedIn(10);
  const answers = await Promise.all([http.get<UserInfo>(AUTH_PATHS.userInfo), http.get<UserInfo>(AUTH_PATHS.userInfo), http.get<UserInfo>(AUTH_PATHS.userInfo)]);
  expect(answers.map((a) => a.username)).toEqual(['demo', 'demo', 'demo']);
  expect(refreshes).toBe(1);
  expect(seen).toEqual(['Bearer new-access', 'Bearer new-access', 'Bearer new-access']);
  expect(session.get().refreshToken).toBe('new-refresh');
  expect(document.cookie).toContain('refresh_token=new-refresh');
});

test('a refresh another tab already made is picked up from the cookies, not repeated', async () => {
  let refreshes = 0;
  const seen: (string | null)[] = [];
  server.use(
    mock.post(AUTH_PATHS.refresh, () => (refreshes++, HttpResponse.json({}, { status: 500 }))),
    mock.get(AUTH_PATHS.userInfo, ({ request }) => (seen.push(request.headers.get('authorization')), HttpResponse.json(ok(INFO)))),
  );
  loggedIn(10);
  // The other tab rotated the tokens: only the cookies know.
  document.cookie = 'access_token=from-other-tab; Path=/';
  document.cookie = `overtime=${Date.now() + 1_800_000}; Path=/`;
  await http.get(AUTH_PATHS.userInfo);
  expect(refreshes).toBe(0);
  expect(seen).toEqual(['Bearer from-other-tab']);
});

// The page a 忘记密码 mail links to: the token from the address's fragment, the password rules,
// a refused link shown in place.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AUTH_PATHS } from '@hqt/contract/auth';
import { MSG } from '@hqt/contract/messages';
import { PASSWORD_RESET_PATHS, RESET_MSG, type ResetBody } from '@hqt/contract/password-reset';
import { ok, server } from '../../../test/msw';
import ResetPasswordPage from './reset-password-page';

const TOKEN = 'Zm9yZ290LXBhc3N3b3JkLXRva2VuLW9mLXRoaXJ0eS10d28';
const sent: ResetBody[] = [];
beforeEach(() => {
  sent.length = 0;
  server.use(
    // The frame's bureau block is not this page's concern: it is left empty.
    mock.get(AUTH_PATHS.platformName, () => HttpResponse.json({ code: 500, msg: '平台信息暂不可用', data: null })),
    mock.post(PASSWORD_RESET_PATHS.reset, async ({ request }) => {
      sent.push((await request.json()) as ResetBody);
      return HttpResponse.json(ok(null, RESET_MSG.done));
    }),
  );
});

/** Opens the page as the mail's link does (the token in the fragment). */
function openLink(hash = `#token=${TOKEN}`) {
  window.history.replaceState(null, '', `/reset-password${hash}`);
  const router = createMemoryRouter(
    [
      { path: '/reset-password', Component: ResetPasswordPage },
      { path: '/forgot-password', Component: () => <p>找回密码页</p> },
      { path: '/login', Component: () => <p>登录页</p> },
    ],
    { initialEntries: ['/reset-password'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function fill(password: string, confirm = password) {
  await userEvent.type(await screen.findByLabelText('新密码'), password);
  await userEvent.type(screen.getByLabelText('确认新密码'), confirm);
  await userEvent.click(screen.getByRole('button', { name: '确认重置' }));
}

test('the token leaves the address bar at once; a good password is sent with it and the login page follows', async () => {
  const router = openLink();
  expect(await screen.findByLabelText('新密码')).toBeInTheDocument();
  expect(window.location.hash).toBe('');
  await fill('NewPassw0rd');
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(sent).toEqual([{ token: TOKEN, password: 'NewPassw0rd' }]);
  expect(await screen.findByText(RESET_MSG.done)).toBeInTheDocument();
});

test('a password against the rules, or two that differ, is refused in Chinese and nothing is sent', async () => {
  openLink();
  await fill('alllowercase1');
  expect(await screen.findByText(MSG.passwordPattern)).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText('新密码'));
  await userEvent.clear(screen.getByLabelText('确认新密码'));
  await fill('NewPassw0rd', 'NewPassw0rd2');
  expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
  expect(sent).toEqual([]);
});

test('a link the server refuses is shown in place, with the way to ask for a new one', async () => {
  server.use(mock.post(PASSWORD_RESET_PATHS.reset, () => HttpResponse.json({ code: 400, msg: RESET_MSG.linkInvalid, data: null }, { status: 400 })));
  const router = openLink();
  await fill('NewPassw0rd');
  expect(await screen.findByText(RESET_MSG.linkInvalid)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: '重新申请' }));
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
});

test('an address without a token says the link is not valid and shows no form', async () => {
  openLink('');
  expect(await screen.findByText(RESET_MSG.linkInvalid)).toBeInTheDocument();
  expect(screen.queryByLabelText('新密码')).not.toBeInTheDocument();
});

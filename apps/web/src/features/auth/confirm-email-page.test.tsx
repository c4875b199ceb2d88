// The page a confirmation mail links to: it confirms as it opens, and says how it went.
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AUTH_PATHS } from '@hqt/contract/auth';
import { PASSWORD_RESET_PATHS, RESET_MSG, type ConfirmEmailBody } from '@hqt/contract/password-reset';
import { ok, server } from '../../../test/msw';
import ConfirmEmailPage from './confirm-email-page';


/** Opens the page as the mail's link does, in strict mode as the app runs (effects run twice). */
function openLink(token: string) {
  window.history.replaceState(null, '', `/confirm-email#token=${token}`);
  const router = createMemoryRouter([{ path: '/confirm-email', Component: ConfirmEmailPage }], { initialEntries: ['/confirm-email'] });
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

beforeEach(() => {
  // The frame's bureau block is not this page's concern: it is left empty.
  server.use(mock.get(AUTH_PATHS.platformName, () => HttpResponse.json({ code: 500, msg: '平台信息暂不可用', data: null })));
});

test('opening the link sends its token once (strict mode included) and says the e-mail is confirmed', async () => {
  const sent: ConfirmEmailBody[] = [];
  server.use(
    mock.post(PASSWORD_RESET_PATHS.confirmEmail, async ({ request }) => {
      sent.push((await request.json()) as ConfirmEmailBody);
      return HttpResponse.json(ok(null, RESET_MSG.emailConfirmed));
    }),
  );
  openLink('Y29uZmlybS10aGUtZW1haWwtdG9rZW4tb2YtdGhpcnR5LXR3bw');
  expect(await screen.findByText(RESET_MSG.emailConfirmed)).toBeInTheDocument();
  // A link works once: the page must not spend it twice.
  expect(sent).toEqual([{ token: 'Y29uZmlybS10aGUtZW1haWwtdG9rZW4tb2YtdGhpcnR5LXR3bw' }]);
  expect(window.location.hash).toBe('');
});

test('a used or expired link is told in Chinese', async () => {
  server.use(mock.post(PASSWORD_RESET_PATHS.confirmEmail, () => HttpResponse.json({ code: 400, msg: RESET_MSG.confirmInvalid, data: null }, { status: 400 })));
  openLink('dXNlZC1vci1leHBpcmVkLWNvbmZpcm1hdGlvbi10b2tlbg');
  expect(await screen.findByText(RESET_MSG.confirmInvalid)).toBeInTheDocument();
});

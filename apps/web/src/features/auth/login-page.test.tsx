// The spec's URL login that did not sign in lands here: the page says why, with the name filled in.
import { render, screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AUTH_PATHS, type CaptchaResponse, type PlatformInfo } from '@hqt/contract/auth';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { rememberUrlLoginFailure } from '@/shared/session/url-login-notice';
import { ok, server } from '../../../test/msw';
import LoginPage from './login-page';

const platform: PlatformInfo = { platformName: '惠企通', trialRun: false, logoUrl: null, bureau: { name: '云溪县工业和信息化局', address: '', phone: '', email: '' }, site: { code: null, icp: null, psb: null }, passwordResetByEmail: false };

beforeEach(() => {
  server.use(
    mock.get(AUTH_PATHS.captcha, () => HttpResponse.json(ok<CaptchaResponse>({ codeIndex: 'c1', img: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 120 }))),
    mock.get(AUTH_PATHS.platformName, () => HttpResponse.json(ok(platform))),
  );
});

const renderLogin = () => render(<RouterProvider router={createMemoryRouter([{ path: '/login', Component: LoginPage }], { initialEntries: ['/login'] })} />);

test('a URL login refused for want of a captcha says so on the page, fills in the name (never the password) and offers the captcha', async () => {
  rememberUrlLoginFailure('demo', OWN_MSG.captchaRequired);
  renderLogin();
  expect(await screen.findByRole('alert')).toHaveTextContent('链接登录需要验证码');
  expect(screen.getByLabelText('用户名')).toHaveValue('demo');
  expect(screen.getByLabelText('密码')).toHaveValue('');
  expect(await screen.findByAltText('验证码图片')).toBeInTheDocument();
});

test('a wrong password by URL is said as the server said it; the notice is shown once', async () => {
  rememberUrlLoginFailure('demo', MSG.badCredentials);
  const first = renderLogin();
  expect(await screen.findByRole('alert')).toHaveTextContent(`链接登录未成功：${MSG.badCredentials}`);
  await screen.findByAltText('验证码图片');
  first.unmount();
  renderLogin();
  await screen.findByAltText('验证码图片');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByLabelText('用户名')).toHaveValue('');
});

// 忘记密码 without mail: the bureau's phone, and the administrator's reset.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AUTH_PATHS, type CaptchaResponse, type PlatformInfo } from '@hqt/contract/auth';
import { ok, server } from '../../../test/msw';
import ForgotPasswordPage from './forgot-password-page';
import LoginPage from './login-page';

const platform: PlatformInfo = {
  platformName: '惠企通',
  trialRun: false,
  logoUrl: null,
  bureau: { name: '云溪县工业和信息化局', address: '人民路88号', phone: '0839-7202345', email: 'gxj@yunxi.gov.cn' },
  site: { code: null, icp: null, psb: null },
  passwordResetByEmail: false,
};

test('the login page\'s 忘记密码？ leads there', async () => {
  server.use(
    mock.get(AUTH_PATHS.platformName, () => HttpResponse.json(ok(platform))),
    mock.get(AUTH_PATHS.captcha, () => HttpResponse.json(ok<CaptchaResponse>({ codeIndex: 'c1', img: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 120 }))),
  );
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/forgot-password', Component: ForgotPasswordPage },
    ],
    { initialEntries: ['/login'] },
  );
  render(<RouterProvider router={router} />);
  await userEvent.click(await screen.findByRole('link', { name: '忘记密码？' }));
  expect(await screen.findByText('请致电云溪县工业和信息化局：0839-7202345')).toBeInTheDocument();
});

test('without mail the page gives the bureau\'s phone and says an administrator resets the password; no form, no captcha', async () => {
  // Only the platform info is answered: a captcha or request call would fail the test.
  server.use(mock.get(AUTH_PATHS.platformName, () => HttpResponse.json(ok(platform))));
  const router = createMemoryRouter([{ path: '/forgot-password', Component: ForgotPasswordPage }], { initialEntries: ['/forgot-password'] });
  render(<RouterProvider router={router} />);
  expect(await screen.findByText('请致电云溪县工业和信息化局：0839-7202345')).toBeInTheDocument();
  expect(screen.getByText(/管理员会在控制台为您重置密码/)).toBeInTheDocument();
  expect(screen.queryByLabelText('用户名或邮箱')).not.toBeInTheDocument();
});

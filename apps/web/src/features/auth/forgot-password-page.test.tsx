// 忘记密码 with mail on: the request form, its checks and the server's one answer.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AUTH_PATHS, type CaptchaResponse, type PlatformInfo } from '@hqt/contract/auth';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { PASSWORD_RESET_PATHS, RESET_MSG, type ResetRequestBody } from '@hqt/contract/password-reset';
import { ok, server } from '../../../test/msw';
import ForgotPasswordPage from './forgot-password-page';

const platform: PlatformInfo = {
  platformName: '惠企通',
  trialRun: false,
  logoUrl: null,
  bureau: { name: '云溪县工业和信息化局', address: '人民路88号', phone: '0839-7202345', email: 'gxj@yunxi.gov.cn' },
  site: { code: null, icp: null, psb: null },
  passwordResetByEmail: true,
};

let captchas = 0;
const sent: ResetRequestBody[] = [];
beforeEach(() => {
  captchas = 0;
  sent.length = 0;
  server.use(
    mock.get(AUTH_PATHS.platformName, () => HttpResponse.json(ok(platform))),
    mock.get(AUTH_PATHS.captcha, () => HttpResponse.json(ok<CaptchaResponse>({ codeIndex: `c${++captchas}`, img: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 120 }))),
    mock.post(PASSWORD_RESET_PATHS.request, async ({ request }) => {
      sent.push((await request.json()) as ResetRequestBody);
      return HttpResponse.json(ok(null, RESET_MSG.requested));
    }),
  );
});

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/forgot-password', Component: ForgotPasswordPage },
      { path: '/login', Component: () => <p>登录页</p> },
    ],
    { initialEntries: ['/forgot-password'] },
  );
  render(<RouterProvider router={router} />);
}

test('an empty form is refused field by field in Chinese and sends nothing', async () => {
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: '发送重置链接' }));
  expect(await screen.findByText(RESET_MSG.accountRequired)).toBeInTheDocument();
  expect(screen.getByText(OWN_MSG.captchaRequired)).toBeInTheDocument();
  expect(sent).toEqual([]);
});

test('a request sends the name with the captcha and shows the server\'s one answer in place of the form', async () => {
  renderPage();
  await userEvent.type(await screen.findByLabelText('用户名或邮箱'), '  yunxi_zhizao ');
  await screen.findByAltText('验证码图片');
  await userEvent.type(screen.getByPlaceholderText('验证码'), 'k7mp');
  await userEvent.click(screen.getByRole('button', { name: '发送重置链接' }));
  expect(await screen.findByText(RESET_MSG.requested)).toBeInTheDocument();
  // The index of the image on the page (the last one served).
  expect(sent).toEqual([{ account: 'yunxi_zhizao', vierifyCode: 'k7mp', codeIndex: `c${captchas}` }]);
  expect(screen.queryByRole('button', { name: '发送重置链接' })).not.toBeInTheDocument();
});

test('a wrong captcha is told and a new image is fetched', async () => {
  server.use(mock.post(PASSWORD_RESET_PATHS.request, () => HttpResponse.json({ code: 400, msg: MSG.captchaWrong, data: null }, { status: 400 })));
  renderPage();
  await userEvent.type(await screen.findByLabelText('用户名或邮箱'), 'someone');
  await screen.findByAltText('验证码图片');
  await userEvent.type(screen.getByPlaceholderText('验证码'), 'zzzz');
  await userEvent.click(screen.getByRole('button', { name: '发送重置链接' }));
  expect(await screen.findByText(MSG.captchaWrong)).toBeInTheDocument();
  await vi.waitFor(() => expect(captchas).toBe(2));
  expect(screen.getByRole('button', { name: '发送重置链接' })).toBeInTheDocument();
});

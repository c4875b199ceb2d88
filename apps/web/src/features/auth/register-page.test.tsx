// 注册企业账户: an empty 确认密码 or 统一社会信用代码 says it is required; filled wrong, it says so.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AUTH_PATHS, type CaptchaResponse } from '@hqt/contract/auth';
import { OWN_MSG } from '@hqt/contract/messages';
import { ok, server } from '../../../test/msw';
import RegisterPage from './register-page';

beforeEach(() => {
  server.use(
    mock.get(AUTH_PATHS.captcha, () => HttpResponse.json(ok<CaptchaResponse>({ codeIndex: 'c1', img: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 120 }))),
    mock.get(AUTH_PATHS.platformName, () => HttpResponse.json({ code: 500, msg: '平台信息暂不可用', data: null })),
  );
});

const renderRegister = () => render(<RouterProvider router={createMemoryRouter([{ path: '/register', Component: RegisterPage }], { initialEntries: ['/register'] })} />);

/** The messages under one field (its antd Form.Item). */
const messagesOf = (label: string) => {
  const item = screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
  return [...item.querySelectorAll('.ant-form-item-explain-error')].map((el) => el.textContent);
};

test('an empty 确认密码 and an empty 统一社会信用代码 say they are required, not 不一致 / 不正确', async () => {
  const user = userEvent.setup({ delay: null });
  renderRegister();
  await user.type(await screen.findByLabelText('密码'), 'Passw0rd1');
  await user.click(screen.getByRole('button', { name: /^注\s?册$/ }));
  await vi.waitFor(() => expect(messagesOf('确认密码')).toEqual([OWN_MSG.confirmPasswordRequired]));
  await vi.waitFor(() => expect(messagesOf('统一社会信用代码')).toEqual([OWN_MSG.creditCodeRequired]));
  expect(screen.queryByText(OWN_MSG.passwordMismatch)).toBeNull();
  expect(screen.queryByText(OWN_MSG.creditCodeInvalid)).toBeNull();
});

test('a filled 确认密码 that differs says 不一致; a filled wrong 统一社会信用代码 says 不正确', async () => {
  const user = userEvent.setup({ delay: null });
  renderRegister();
  await user.type(await screen.findByLabelText('密码'), 'Passw0rd1');
  await user.type(screen.getByLabelText('确认密码'), 'Passw0rd2');
  await user.type(screen.getByLabelText('统一社会信用代码'), '91350100M000100Y4X');
  await user.click(screen.getByRole('button', { name: /^注\s?册$/ }));
  await vi.waitFor(() => expect(messagesOf('确认密码')).toEqual([OWN_MSG.passwordMismatch]));
  await vi.waitFor(() => expect(messagesOf('统一社会信用代码')).toEqual([OWN_MSG.creditCodeInvalid]));
});

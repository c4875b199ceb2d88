import { screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { AUTH_PATHS } from '@hqt/contract/auth';
import { MSG } from '@hqt/contract/messages';
import { session } from '@/shared/session/session-store';
import { server } from '../../../test/msw';
import { loginWithPassword } from './auth-api';

beforeEach(() => session.clear());

test('a login answered without a token shows "验证码有误" (spec §5, §8) and stores nothing', async () => {
  server.use(mock.post(AUTH_PATHS.token, () => new HttpResponse('', { status: 200 })));
  await expect(loginWithPassword({ username: 'demo', password: 'Demo1234' })).rejects.toThrow(MSG.captchaWrong);
  expect(await screen.findByText(MSG.captchaWrong)).toBeInTheDocument();
  expect(session.get().accessToken).toBeNull();
});

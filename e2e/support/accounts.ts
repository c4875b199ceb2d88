import type { APIRequestContext } from '@playwright/test';
import { creditCodeCheckChar } from '@hqt/contract/validation';
import { CAPTCHA_ANSWER } from './constants';

let seq = 0;
/** A fresh enterprise account through the real registration call, for tests that change it. */
export async function registerAccount(request: APIRequestContext, name = '云溪县测试科技有限公司') {
  const n = `${Date.now() % 1_000_000}${++seq}`.padStart(9, '0').slice(-9);
  const base = `91511234${n}`;
  const account = { username: `e2e_${n}`, password: 'Start1234', name, phone: `136${n.slice(-8)}` };
  const captcha = await (await request.get('/api/v1/connect/vierifycode')).json();
  const res = await request.post('/api/v1/connect/register', {
    data: {
      username: account.username,
      password: account.password,
      enterpriseName: name,
      creditCode: base + creditCodeCheckChar(base),
      contactPhone: account.phone,
      vierifyCode: CAPTCHA_ANSWER,
      codeIndex: captcha.data.codeIndex,
    },
  });
  if (!res.ok()) throw new Error(`registration failed: ${await res.text()}`);
  return account;
}

// Before the specs: the server's start sends the demo account its 即将截止 reminders (demo guides
// close within days) through the job queue. On a busy machine they arrive while the first specs fill
// forms, and their live notices cover the drawer the test is typing in (hovered, they stay). So the
// run begins once they are in the demo's inbox and its unread count has stopped moving.
import { expect, test as setup } from '@playwright/test';
import { INBOX_PATHS } from '@hqt/contract/inbox';
import { CAPTCHA_ANSWER, DEMO } from '../support/constants';

setup('the demo account has its start reminders, and no more are on their way', async ({ request }) => {
  const captcha = await (await request.get('/api/v1/connect/vierifycode')).json();
  const login = await request.post('/api/v1/connect/token', { data: { username: DEMO.username, password: DEMO.password, vierifyCode: CAPTCHA_ANSWER, codeIndex: captcha.data.codeIndex } });
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const closing = async () => (await (await request.post(INBOX_PATHS.page, { headers, data: { currentPage: 1, pageSize: 1, kind: 'push.closing' } })).json()).data.total as number;
  await expect.poll(closing, { timeout: 90_000 }).toBeGreaterThan(0);
  const unread = async () => (await (await request.get(INBOX_PATHS.unreadCount, { headers })).json()).data.unread as number;
  let last = -1;
  await expect
    .poll(async () => {
      const now = await unread();
      const settled = now === last;
      last = now;
      return settled;
    }, { timeout: 90_000, intervals: [2_000] })
    .toBe(true);
});

// The real API, for a spec's setup from the other side (staff acting while the page under test is
// an enterprise's, or the reverse): a staff login, a checked call, a draft guide, a published one.
import { expect, type APIRequestContext } from '@playwright/test';
import { consolePath } from '@hqt/contract/console';
import type { PageOf } from '@hqt/contract/envelope';
import { type ConsolePolicyRow, type GuideInput, POLICY_CONSOLE_PATHS } from '@hqt/contract/policy-console';
import type { TokenResponse } from '@hqt/contract/auth';
import { TEST_CLOCK_PATH } from '@hqt/contract/test-clock';
import { CAPTCHA_ANSWER, STAFF } from './constants';

/** The real login's token answer (the captcha by the test answer), and the site's origin it came from. */
export async function apiLogin(request: APIRequestContext, user: { username: string; password: string }): Promise<TokenResponse & { origin: string }> {
  const captcha = await request.get('/api/v1/connect/vierifycode');
  const { codeIndex } = (await captcha.json()).data;
  const res = await request.post('/api/v1/connect/token', { data: { username: user.username, password: user.password, vierifyCode: CAPTCHA_ANSWER, codeIndex } });
  const body = await res.json();
  expect(res.ok() && typeof body.access_token === 'string', `login of ${user.username}: ${JSON.stringify(body)}`).toBe(true);
  return { ...(body as TokenResponse), origin: new URL(captcha.url()).origin };
}

/** A staff member's Authorization header, through the real login. */
export async function staffHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return { authorization: `Bearer ${(await apiLogin(request, STAFF)).access_token}` };
}

/**
 * Runs `act` as if it were a minute past `startsAt` (a visit's start): the server's clock moved
 * (TEST_CLOCK, playwright.config.ts) and back, whatever `act` does.
 */
export async function asIfAfter<T>(request: APIRequestContext, startsAt: string, act: () => Promise<T>): Promise<T> {
  const move = async (offsetMs: number) => expect((await request.put(TEST_CLOCK_PATH, { data: { offsetMs } })).ok()).toBe(true);
  await move(Date.parse(startsAt) + 60_000 - Date.now());
  try {
    return await act();
  } finally {
    await move(0);
  }
}

/** A GET (no body) or POST that must succeed; its data. */
export async function call<T>(request: APIRequestContext, headers: Record<string, string>, url: string, data?: unknown): Promise<T> {
  const res = data === undefined ? await request.get(url, { headers }) : await request.post(url, { headers, data });
  const body = await res.json();
  expect(res.ok() && body.code === 200, `${url}: ${body.msg}`).toBe(true);
  return body.data as T;
}

/** A draft guide under a published policy, made through the console's API; its id. */
export async function draftGuide(request: APIRequestContext, title: string, over: Partial<GuideInput> = {}): Promise<number> {
  const headers = await staffHeaders(request);
  const policies = await call<PageOf<ConsolePolicyRow>>(request, headers, POLICY_CONSOLE_PATHS.policyPage, { currentPage: 1, pageSize: 1, status: 'published' });
  const guide: GuideInput = {
    policyId: policies.list[0]!.id,
    title,
    summary: '对企业研发投入给予后补助',
    beneficiaries: '县内企业',
    conditionsText: '上年度研发费用不低于 50 万元',
    supportStandard: '按研发投入的 10% 补助',
    eligibility: { groups: [[{ field: 'rdExpense', op: 'gte', value: 50, year: 'last' }]] },
    amountRule: { kind: 'fixed', amount: 10 },
    supportType: 'subsidy',
    mode: 'normal',
    industries: [],
    regions: [],
    windowStart: new Date(Date.now() - 86_400_000).toISOString(),
    windowEnd: new Date(Date.now() + 60 * 86_400_000).toISOString(),
    payoutDays: 30,
    deptName: '云溪县工业和信息化局',
    deptAddress: '云溪县城关镇人民路88号',
    deptPhone: '0839-7202345',
    materials: ['申请表'],
    steps: ['网上申报'],
    onlineUrl: 'https://www.yunxi.gov.cn/sb',
    ...over,
  };
  return (await call<{ id: number }>(request, headers, POLICY_CONSOLE_PATHS.guideCreate, guide)).id;
}

/**
 * A guide published now through the console's API: a title with 研发 reaches the demo enterprise's
 * inbox (it follows that keyword). `withdraw` takes it back, so that the portal's 60 published
 * guides stay as policy.spec counts them.
 */
export async function publishedGuide(request: APIRequestContext, title: string, over: Partial<GuideInput> = {}) {
  const id = await draftGuide(request, title, over);
  const headers = await staffHeaders(request);
  const state = consolePath(POLICY_CONSOLE_PATHS.guideState, { id });
  await call(request, headers, state, { action: 'publish' });
  return { id, withdraw: () => call(request, headers, state, { action: 'withdraw' }) };
}

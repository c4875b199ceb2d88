// The login endpoints' budget is counted in PostgreSQL: two server nodes on one database share
// it, a restart does not reset it, and one address's budget is spent across all those routes.
import { afterAll, expect, it } from 'vitest';
import { OWN_MSG } from '@hqt/contract/messages';
import type { App } from '../../src/app';
import { createTestApp, databaseUrlOf } from '../helpers/app';
import { earlyInAMinute } from '../helpers/clock';

const apps: App[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

const node = async (databaseUrl?: string) => {
  const app = await createTestApp({ LOGIN_RATE_LIMIT: '5' }, databaseUrl ? { databaseUrl } : {});
  apps.push(app);
  return app;
};

it('behind one trusted proxy, a client cannot spread its attempts over addresses it makes up', async () => {
  const app = await createTestApp({ LOGIN_RATE_LIMIT: '2', TRUST_PROXY: 'true' });
  apps.push(app);
  await earlyInAMinute();
  const statuses: number[] = [];
  for (let i = 1; i <= 3; i++) {
    // The client writes any X-Forwarded-For it likes; the proxy appends the address it saw.
    const res = await app.inject({ method: 'GET', url: '/api/v1/connect/vierifycode', headers: { 'x-forwarded-for': `1.1.1.${i}, 10.66.1.1` } });
    statuses.push(res.statusCode);
  }
  expect(statuses).toEqual([200, 200, 429]);
});

it('holds across two nodes and a restart: 5 per address and minute over captcha, login, refresh and registration together', async () => {
  const a = await node();
  const b = await node(databaseUrlOf(a));
  const ip = '10.66.0.1';
  await earlyInAMinute();
  const calls = [
    () => a.inject({ method: 'GET', url: '/api/v1/connect/vierifycode', remoteAddress: ip }),
    () => b.inject({ method: 'POST', url: '/api/v1/connect/token', remoteAddress: ip, payload: { username: 'x', password: 'y' } }),
    () => a.inject({ method: 'POST', url: '/new/token', remoteAddress: ip, payload: { refresh_token: 'z' } }),
    () => b.inject({ method: 'POST', url: '/api/v1/connect/register', remoteAddress: ip, payload: {} }),
    () => a.inject({ method: 'POST', url: '/api/v1/connect/checkcode', remoteAddress: ip, payload: {} }),
    () => b.inject({ method: 'GET', url: '/api/v1/connect/vierifycode', remoteAddress: ip }),
  ];
  const statuses: number[] = [];
  for (const call of calls) statuses.push((await call()).statusCode);
  expect(statuses.slice(0, 5)).not.toContain(429);
  expect(statuses[5]).toBe(429);
  const refused = await a.inject({ method: 'POST', url: '/api/v1/connect/token', remoteAddress: ip, payload: { username: 'x', password: 'y' } });
  expect(refused.json()).toEqual({ code: 429, msg: OWN_MSG.tooManyRequests, data: null });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

  // Another address has its own budget.
  expect((await b.inject({ method: 'GET', url: '/api/v1/connect/vierifycode', remoteAddress: '10.66.0.2' })).statusCode).toBe(200);

  // A node that restarts still knows the count.
  await a.close();
  const restarted = await node(databaseUrlOf(b));
  expect((await restarted.inject({ method: 'GET', url: '/api/v1/connect/vierifycode', remoteAddress: ip })).statusCode).toBe(429);
});

it('with the proxies listed, a client that reaches the port directly is counted by its own address, whatever it writes in X-Forwarded-For', async () => {
  const app = await createTestApp({ LOGIN_RATE_LIMIT: '2', TRUST_PROXY: '10.66.9.0/24, 10.77.0.1' });
  apps.push(app);
  await earlyInAMinute();
  const captcha = (remoteAddress: string, forwardedFor: string) =>
    app.inject({ method: 'GET', url: '/api/v1/connect/vierifycode', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
  // Straight to the port: the header names a new address each time, and is not believed.
  const direct: number[] = [];
  for (let i = 1; i <= 3; i++) direct.push((await captcha('203.0.113.7', `198.51.100.${i}`)).statusCode);
  expect(direct).toEqual([200, 200, 429]);
  // Through a listed proxy: each client its own budget, by the address the proxy appended (not what the client wrote before it).
  const proxied: number[] = [];
  for (let i = 1; i <= 3; i++) proxied.push((await captcha(i % 2 ? '10.77.0.1' : '10.66.9.20', `1.1.1.${i}, 192.0.2.${i}`)).statusCode);
  expect(proxied).toEqual([200, 200, 200]);
  expect((await captcha('10.77.0.1', '9.9.9.9, 192.0.2.1')).statusCode).toBe(200);
  expect((await captcha('10.66.9.20', '8.8.8.8, 192.0.2.1')).statusCode).toBe(429);
});

it('with TRUST_PROXY=true, whatever reaches the port is taken for the proxy: a client reaching it directly chooses its address (why the README says to list the proxies)', async () => {
  const app = await createTestApp({ LOGIN_RATE_LIMIT: '2', TRUST_PROXY: 'true' });
  apps.push(app);
  await earlyInAMinute();
  const statuses: number[] = [];
  for (let i = 1; i <= 4; i++) {
    statuses.push((await app.inject({ method: 'GET', url: '/api/v1/connect/vierifycode', remoteAddress: '203.0.113.8', headers: { 'x-forwarded-for': `198.51.100.${i}` } })).statusCode);
  }
  expect(statuses).toEqual([200, 200, 200, 200]);
});

// What every route shares: the envelope, security headers, docs, health, and logs without secrets.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_MSG } from '@hqt/contract/messages';
import { loggerOptions, type App } from '../src/app';
import { bearer, CAPTCHA, createAccount, createTestApp, loginAs } from './helpers/app';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('the shared envelope and headers', () => {
  it('health answers ok from the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: { status: 'ok' } });
  });

  it('an unknown API path answers the 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: OWN_MSG.notFound, data: null });
  });

  it('sends security headers with a strict content security policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('the platform name and bureau contact block come from configuration', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/sysinfo/getplatformname' });
    expect(res.json().data).toMatchObject({ platformName: '惠企通', trialRun: true, bureau: { name: '云溪县工业和信息化局' } });
  });

  it('serves the OpenAPI description with the spec paths, typos kept', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/connect/vierifycode', '/api/v1/connect/token', '/new/token', '/user/logout', '/api/v1/Admin/getinfo']));
    expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('logs', () => {
  it('never contain a password, a token or an Authorization header', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({}, { loggerInstance: pino({ ...(loggerOptions('info') as pino.LoggerOptions) }, sink) });
    try {
      const account = await createAccount(logged, { password: 'S3cretPassw0rd' });
      const t = await loginAs(logged, account);
      await logged.inject({ method: 'GET', url: '/api/v1/Admin/getinfo', headers: bearer(t.access_token) });
      await logged.inject({ method: 'POST', url: '/new/token', payload: { refresh_token: t.refresh_token } });
      // The spec's URL login carries the password in the query string of a page address.
      await logged.inject({ method: 'GET', url: `/login?username=${account.username}&password=S3cretPassw0rd` });
      await logged.inject({ method: 'POST', url: '/api/v1/connect/token', payload: { username: 'x', password: 'S3cretPassw0rd', vierifyCode: CAPTCHA, codeIndex: 'bad' } });
      const all = lines.join('');
      expect(all).toContain('/api/v1/Admin/getinfo'); // the requests were logged …
      expect(all).not.toContain('S3cretPassw0rd'); // … without their secrets
      expect(all).not.toContain(t.access_token);
      expect(all).not.toContain(t.refresh_token);
      expect(all.toLowerCase()).not.toContain('bearer ');
    } finally {
      await logged.close();
    }
  });
});

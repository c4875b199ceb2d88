// What every route shares: the envelope, security headers, docs, health, and logs without secrets;
// the input no route may receive, and the answers made before any route runs.
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '@hqt/contract/account';
import { AUTH_PATHS, ROLES } from '@hqt/contract/auth';
import { AUDIT_CONSOLE_PATHS } from '@hqt/contract/audit';
import { MAX_INT } from '@hqt/contract/constants';
import { FILE_PATHS } from '@hqt/contract/files';
import { OWN_MSG } from '@hqt/contract/messages';
import { guideInfoPath, POLICY_PATHS, topicInfoPath } from '@hqt/contract/policy';
import { TEST_CLOCK_PATH } from '@hqt/contract/test-clock';
import { UPLOAD_CONSOLE_PATHS } from '@hqt/contract/upload';
import { creditCodeCheckChar } from '@hqt/contract/validation';
import { loggerOptions, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { auditLog } from '../src/db/schema/index';
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
    expect(res.json().data).toMatchObject({ platformName: '惠企通', trialRun: true, logoUrl: null, bureau: { name: '云溪县工业和信息化局' }, site: { code: null, icp: null, psb: null } });
    const configured = await createTestApp({ SITE_CODE: '5134000001', ICP_RECORD: '蜀ICP备12345678号', PSB_RECORD: '川公网安备 51342302000123号', BUREAU_LOGO_URL: '/logo.svg' });
    try {
      const data = (await configured.inject({ method: 'GET', url: '/api/v1/sysinfo/getplatformname' })).json().data;
      expect(data).toMatchObject({ logoUrl: '/logo.svg', site: { code: '5134000001', icp: '蜀ICP备12345678号', psb: '川公网安备 51342302000123号' } });
    } finally {
      await configured.close();
    }
  });

  it('serves the OpenAPI description with the spec paths, typos kept', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/connect/vierifycode', '/api/v1/connect/token', '/new/token', '/user/logout', '/api/v1/Admin/getinfo']));
    expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
    // the uploads say what they take (a client finds the attachment upload and its file parts)
    for (const upload of [FILE_PATHS.upload, UPLOAD_CONSOLE_PATHS.imageUpload]) {
      const body = res.json().paths[upload]?.post?.requestBody;
      expect(body?.content?.['multipart/form-data']?.schema?.properties?.file, upload).toMatchObject({ type: 'array', items: { format: 'binary' } });
    }
  });
});

describe('the test clock', () => {
  it('exists only with TEST_CLOCK: it moves the app\'s now within a year either way, and refuses more', async () => {
    expect((await app.inject({ method: 'PUT', url: TEST_CLOCK_PATH, payload: { offsetMs: 1 } })).statusCode).toBe(404);
    const clocked = await createTestApp({ TEST_CLOCK: 'true' });
    try {
      const day = 86_400_000;
      const moved = await clocked.inject({ method: 'PUT', url: TEST_CLOCK_PATH, payload: { offsetMs: 10 * day } });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(Date.parse(moved.json().data.now) - Date.now()).toBeGreaterThan(10 * day - 60_000);
      expect(clocked.clock.now().getTime() - Date.now()).toBeGreaterThan(10 * day - 60_000);
      expect((await clocked.inject({ method: 'PUT', url: TEST_CLOCK_PATH, payload: { offsetMs: 400 * day } })).statusCode).toBe(400);
      await clocked.inject({ method: 'PUT', url: TEST_CLOCK_PATH, payload: { offsetMs: 0 } });
      expect(Math.abs(clocked.clock.now().getTime() - Date.now())).toBeLessThan(60_000);
    } finally {
      await clocked.close();
    }
  });
});

describe('transport headers', () => {
  it('token answers are never cached (RFC 6749 §5.1)', async () => {
    const account = await createAccount(app);
    const login = await app.inject({ method: 'POST', url: '/api/v1/connect/token', remoteAddress: '10.44.0.1', payload: { username: account.username, password: account.password } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refresh = await app.inject({ method: 'POST', url: '/new/token', payload: { refresh_token: login.json().refresh_token } });
    expect(refresh.headers['cache-control']).toBe('no-store');
  });

  it('a bureau logo on another site is admitted by the content security policy, and only its origin', async () => {
    const withLogo = await createTestApp({ BUREAU_LOGO_URL: 'https://www.yunxi.gov.cn/images/logo.png' });
    try {
      const csp = String((await withLogo.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
      expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/www\.yunxi\.gov\.cn;/);
    } finally {
      await withLogo.close();
    }
    expect(() => loadConfig({ BUREAU_LOGO_URL: 'javascript:alert(1)' })).toThrow(/BUREAU_LOGO_URL/);
  });

  it('Strict-Transport-Security only on answers to HTTPS requests', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a client cannot claim HTTPS by a header …
    expect((await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
    // … behind a proxy that says so, it can.
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const https = await proxied.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect((await proxied.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
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

/** A sink for a test app's pino lines. */
function captureLogs() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: pino({ ...(loggerOptions('info') as pino.LoggerOptions) }, sink) };
}

describe('request logs', () => {
  it('are one line a request, when it is answered: the method, the address (its query values redacted), the status and the time', async () => {
    const { lines, logger } = captureLogs();
    const logged = await createTestApp({}, { loggerInstance: logger });
    try {
      await logged.inject({ method: 'GET', url: '/healthz?probe=1' });
      const entries = lines.map((l) => JSON.parse(l) as { msg: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number });
      const about = entries.filter((e) => e.req?.url?.startsWith('/healthz') || e.msg === 'incoming request');
      expect(about).toHaveLength(1);
      expect(about[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/healthz?probe=[redacted]' }, res: { statusCode: 200 } });
      expect(about[0]!.responseTime).toBeGreaterThanOrEqual(0);
    } finally {
      await logged.close();
    }
  });
});

describe('logs of failed queries', () => {
  it('carry the SQL, the PostgreSQL code and message, but no parameter of the query', async () => {
    const { lines, logger } = captureLogs();
    const logged = await createTestApp({}, { loggerInstance: logger });
    const secrets = { username: 'SecretUser_9f3k', password: 'S3cretPassw0rd9', name: '机密测试企业有限公司', phone: '13912345678' };
    const base = '91511234MA6DFUX02';
    try {
      // PostgreSQL quotes the value in its own message too: "account SecretUser_9f3k blocked".
      await logged.db.execute(sql`create function fz_block() returns trigger language plpgsql as $$ begin raise exception 'account % blocked', new.username; end $$`);
      await logged.db.execute(sql`create trigger fz_block before insert on accounts for each row execute function fz_block()`);
      const captcha = (await logged.inject({ method: 'GET', url: AUTH_PATHS.captcha })).json().data.codeIndex;
      const res = await logged.inject({
        method: 'POST',
        url: AUTH_PATHS.register,
        payload: { username: secrets.username, password: secrets.password, enterpriseName: secrets.name, creditCode: base + creditCodeCheckChar(base), contactPhone: secrets.phone, vierifyCode: CAPTCHA, codeIndex: captcha },
      });
      expect(res.json()).toEqual({ code: 500, msg: OWN_MSG.serverError, data: null });
      const errors = lines.filter((l) => l.includes('"level":50')).join('');
      expect(errors).toContain('insert into \\"accounts\\"'); // the SQL text …
      expect(errors).toContain('"code":"P0001"'); // … PostgreSQL's code …
      expect(errors).toContain('blocked'); // … and its message are kept,
      const all = lines.join('');
      for (const secret of Object.values(secrets)) expect(all).not.toContain(secret); // no parameter,
      expect(all).not.toContain('scrypt$'); // not even the password hash.
    } finally {
      await logged.db.execute(sql`drop trigger if exists fz_block on accounts`);
      await logged.db.execute(sql`drop function if exists fz_block()`);
      await logged.close();
    }
  });

  it("the err serializer drops drizzle's params and PostgreSQL's detail and where", () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "S3cretParam"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (username)=(S3cretParam) already exists.',
      where: "unnamed portal parameter $1 = 'S3cretParam'",
    });
    const err = new DrizzleQueryError('select 1 from accounts where username = $1 and id = $2', ['S3cretParam', 12345], cause);
    const serialize = (loggerOptions('info') as pino.LoggerOptions).serializers!.err!;
    const out = JSON.stringify(serialize(err));
    expect(out).toContain('select 1 from accounts where username = $1 and id = $2');
    expect(out).toContain('22P02');
    expect(out).toContain('invalid input syntax for type integer');
    expect(out).not.toContain('S3cretParam');
    expect(out).not.toContain('12345');
  });
});

describe('input no route may receive', () => {
  const refused = { code: 400, msg: OWN_MSG.illegalCharacters, data: null };
  const json = { 'content-type': 'application/json' };

  it('a NUL character in the body, the query or the path (or a key) is a 400 "参数包含非法字符"', async () => {
    const cases = [
      { method: 'POST', url: POLICY_PATHS.guidePage, payload: { currentPage: 1, pageSize: 10, keyword: '研发\u0000' } },
      { method: 'POST', url: POLICY_PATHS.guidePage, payload: { currentPage: 1, pageSize: 10, ['k\u0000']: 1 } },
      { method: 'POST', url: AUTH_PATHS.token, payload: { username: 'ab\u0000c', password: 'Passw0rd' } },
      { method: 'POST', url: AUTH_PATHS.token, payload: 'username=ab%00c&password=Passw0rd', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { method: 'GET', url: `${POLICY_PATHS.dictionary}?Dict_Type=%00` },
      { method: 'GET', url: `${guideInfoPath(1)}%00` },
    ] as const;
    for (const c of cases) expect((await app.inject(c)).json(), `${c.method} ${c.url}`).toEqual(refused);
  });

  it('text that is not valid Unicode (a lone surrogate) is a 400 "参数包含非法字符" on every route, and nothing is written', async () => {
    const staff = bearer((await loginAs(app, await createAccount(app, { roleId: ROLES.staff.id }))).access_token);
    const auditRows = () => app.db.$count(auditLog);
    const before = await auditRows();
    const cases = [
      // The export is audited: the surrogate used to reach the audit log's JSON column and answer 500.
      { method: 'POST', url: AUDIT_CONSOLE_PATHS.exportReport, headers: staff, payload: { list: '企业\ud800', rows: 3 } },
      { method: 'POST', url: POLICY_PATHS.guidePage, payload: { currentPage: 1, pageSize: 10, keyword: '研发\udfff\ud800' } },
      { method: 'POST', url: POLICY_PATHS.guidePage, payload: { currentPage: 1, pageSize: 10, ['k\ud800']: 1 } },
      { method: 'POST', url: AUTH_PATHS.token, payload: { username: 'ab\ud800c', password: 'Passw0rd' } },
    ] as const;
    for (const c of cases) expect((await app.inject(c)).json(), `${c.method} ${c.url}`).toEqual(refused);
    expect(await auditRows()).toBe(before);
  });

  it('so does registration, past a right captcha, with a NUL in the enterprise name', async () => {
    const codeIndex = (await app.inject({ method: 'GET', url: AUTH_PATHS.captcha })).json().data.codeIndex;
    const base = '91511234MA6DFUX03';
    const res = await app.inject({
      method: 'POST',
      url: AUTH_PATHS.register,
      payload: { username: 'nul_company', password: 'Passw0rd', enterpriseName: '空字符\u0000企业', creditCode: base + creditCodeCheckChar(base), contactPhone: '13912345670', vierifyCode: CAPTCHA, codeIndex },
    });
    expect(res.json()).toEqual(refused);
  });

  it('a body nested 200,000 deep is looked through without a crash', async () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const res = await app.inject({ method: 'POST', url: POLICY_PATHS.guidePage, headers: json, payload: deep });
    expect(res.statusCode).toBe(400);
  });

  it('an integer that is not finite or not below 2^31 is a 400: path id, page number, page size, account id', async () => {
    const staff = await loginAs(app, await createAccount(app, { roleId: ROLES.staff.id }));
    const enterprise = await createAccount(app);
    const headers = bearer((await loginAs(app, enterprise)).access_token);
    const answers = [];
    for (const n of ['Infinity', '-Infinity', '1e309', '-1e309', '1E%2B21', '2147483648', '9007199254740993']) {
      answers.push(await app.inject({ method: 'GET', url: guideInfoPath(1).replace(/1$/, n) }));
      answers.push(await app.inject({ method: 'GET', url: topicInfoPath(1).replace(/1$/, n) }));
      answers.push(await app.inject({ method: 'GET', url: `${AUTH_PATHS.apiListById}?id=${n}`, headers: bearer(staff.access_token) }));
      answers.push(await app.inject({ method: 'GET', url: `${AUTH_PATHS.userInfo}?id=${n}&phone=13912345671`, headers }));
    }
    for (const n of ['1e309', '-1e309', '1E+21', '2147483648', '9007199254740993']) {
      answers.push(await app.inject({ method: 'POST', url: POLICY_PATHS.guidePage, headers: json, payload: `{"currentPage":${n},"pageSize":10}` }));
      answers.push(await app.inject({ method: 'POST', url: POLICY_PATHS.topicPage, headers: json, payload: `{"currentPage":1,"pageSize":${n}}` }));
      answers.push(await app.inject({ method: 'POST', url: ACCOUNT_PATHS.updatePhone, headers: { ...headers, ...json }, payload: `{"id":${n},"phone":"13912345672"}` }));
    }
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('a page size above the cap is still answered, capped (the spec asks for 9999999)', async () => {
    const res = await app.inject({ method: 'POST', url: POLICY_PATHS.guidePage, payload: { currentPage: 1, pageSize: 9999999 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pageSize).toBe(500);
    const last = await app.inject({ method: 'POST', url: POLICY_PATHS.topicPage, payload: { currentPage: MAX_INT, pageSize: MAX_INT } });
    expect(last.statusCode).toBe(200);
    expect(last.json().data.list).toEqual([]);
  });

  it('every integer and number a request may carry declares a minimum and a maximum of at most 2^31 - 1', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const unbounded: string[] = [];
    const walk = (schema: Record<string, unknown> | undefined, at: string): void => {
      if (!schema || typeof schema !== 'object') return;
      if (schema.type === 'integer' || schema.type === 'number') {
        const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
        if (!Number.isFinite(minimum) || !Number.isFinite(maximum) || maximum! > MAX_INT) unbounded.push(at);
      }
      for (const [key, sub] of Object.entries(schema)) {
        if (sub && typeof sub === 'object') walk(sub as Record<string, unknown>, `${at}.${key}`);
      }
    };
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown }>>)) {
      for (const [method, op] of Object.entries(methods)) {
        walk({ parameters: op.parameters, requestBody: op.requestBody } as Record<string, unknown>, `${method.toUpperCase()} ${path}`);
      }
    }
    expect(unbounded).toEqual([]);
  });
});

describe('answers made before any route, over a real socket', () => {
  /** One raw HTTP/1.1 exchange: what Node's parser and Fastify's router see, unlike inject(). */
  function exchange(port: number, request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => (data += chunk));
      socket.on('error', () => undefined); // the server may reset a connection it refused
      socket.on('close', () => {
        const [head = '', ...rest] = data.split('\r\n\r\n');
        const [statusLine = '', ...headerLines] = head.split('\r\n');
        const status = Number(statusLine.split(' ')[1]);
        if (!status) return reject(new Error(`no answer: ${JSON.stringify(data.slice(0, 200))}`));
        const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
        resolve({ status, headers, body: rest.join('\r\n\r\n') });
      });
      socket.setTimeout(5000, () => socket.destroy());
    });
  }

  it('a bad URL, a long path parameter or URL, huge headers, garbage, an unknown Expect, no Host: the envelope and the security headers', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const routed = await app.inject({ method: 'GET', url: '/healthz' });
    // helmet's headers (HSTS aside: HTTPS only), as every routed answer carries them.
    const securityHeaders = ['content-security-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'referrer-policy', 'x-content-type-options', 'x-dns-prefetch-control', 'x-download-options', 'x-frame-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];
    for (const name of securityHeaders) expect(routed.headers[name], name).toEqual(expect.any(String));

    const cases: [string, number, string][] = [
      ['GET /api/v1/%c0%ae HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n', 400, OWN_MSG.badRequest],
      [`GET ${guideInfoPath(1).replace(/1$/, '1'.repeat(200))} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`, 414, OWN_MSG.uriTooLong],
      [`GET /api/v1/nothing?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`, 431, OWN_MSG.headersTooLarge],
      [`GET /healthz HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, OWN_MSG.headersTooLarge],
      ['HELLO\r\n\r\n', 400, OWN_MSG.badRequest],
      ['GET /healthz HTTP/1.1\r\nHost: a\r\nX-Bad: a\u0000b\r\n\r\n', 400, OWN_MSG.badRequest],
      ['GET /healthz HTTP/1.1\r\nHost: a\r\nExpect: teapot\r\nConnection: close\r\n\r\n', 417, OWN_MSG.badRequest],
      ['GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n', 400, OWN_MSG.badRequest],
    ];
    for (const [request, status, msg] of cases) {
      const label = request.slice(0, 60);
      const res = await exchange(port, request);
      expect(res.status, label).toBe(status);
      expect(res.headers['content-type'], label).toMatch(/^application\/json/);
      expect(JSON.parse(res.body), label).toEqual({ code: status, msg, data: null });
      for (const name of securityHeaders) expect(res.headers[name], `${label}: ${name}`).toBe(routed.headers[name]);
    }
    // Routed and unrouted answers send one list: the one security.ts makes.
    expect(Object.keys(app.securityHeaders).sort()).toEqual([...securityHeaders].sort());
  });
});

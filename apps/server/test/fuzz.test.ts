// A bounded, deterministic fuzz over the OpenAPI document: for every path and method, requests
// generated from the declared schemas (valid-looking values first, then mutations) for the body,
// the querystring and the path parameters, anonymous and logged in as an enterprise and a staff
// account. No answer may be a 5xx, and every answer must be the envelope. Seeded: the requests are
// always the same, in the same order; only how many of the random ones a run sends depends on time.
// Bounded by coverage, not by the clock: the sweep (every field × every mutation class) is always
// sent whole; random requests follow round-robin over the operations while the budget lasts, and
// every operation must have had at least MIN_RANDOM of them, however slow the machine.
// `npx vitest run test/fuzz.test.ts --reporter=verbose` shows the count, the time and, per
// operation, how many answers were 2xx and 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, ROLES } from '@hqt/contract/auth';
import { DICT_TYPES } from '@hqt/contract/policy';
import { creditCodeCheckChar } from '@hqt/contract/validation';
import type { App } from '../src/app';
import { bearer, CAPTCHA, createAccount, createTestApp, loginAs, type TestAccount } from './helpers/app';

const SEED = 0x5eed_f022;
/** Random requests per operation and identity, after the sweep of every field × mutation class. */
const RANDOM_PER_OPERATION = 25;
/** The random requests every operation and identity must get, whatever the machine's speed. */
const MIN_RANDOM = 5;
/** After the sweep, random requests are sent while this lasts (and always MIN_RANDOM of each). */
const RANDOM_BUDGET_MS = 30_000;
const CONCURRENCY = 4;

// ---- a seeded PRNG (mulberry32) -------------------------------------------------------------------

function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}
type Rng = ReturnType<typeof prng>;

// ---- schemas and values ----------------------------------------------------------------------------

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

/** A JSON number written as it is (1e309, -0, 1E+21): JSON.stringify cannot say these. */
class Raw {
  constructor(readonly text: string) {}
}

const toJson = (v: unknown): string => {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
};
/** How a value reads in a query string or a path segment. */
const toText = (v: unknown): string => (v instanceof Raw ? v.text : typeof v === 'object' && v !== null ? toJson(v) : String(v));

const creditCode = (() => {
  const base = '91511234MA6DFUX01';
  return base + creditCodeCheckChar(base);
})();

/** Values that look right; a pattern takes the first that matches it. */
const SHAPED = [
  '13800138000',
  '15912345678',
  'fuzz@example.com',
  '企业@example.cn',
  'Passw0rd',
  'NewPassw0rd9',
  'fuzz_user_01',
  'abcd',
  creditCode,
  CAPTCHA,
  'password',
  'refresh_token',
  '云溪县智能制造有限公司',
  '研发',
  'date',
];

const HUGE = 'x'.repeat(200_000);
const NUL_STRINGS = ['\u0000', 'a\u0000b', 'fuzz\u0000user', '研发\u0000', '\u0000'.repeat(70)];
const SQL_STRINGS = ["' OR 1=1 --", "'; drop table accounts; --", 'Robert"); DELETE FROM policies;--', '%', '_', '\\', '\\x00', '$$ select 1 $$', '&|!():*<->', "1' and pg_sleep(0) is null --"];
const HTML_STRINGS = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', '&lt;b&gt;', '${7*7}{{7*7}}', '../../etc/passwd'];
const UNICODE_STRINGS = ['😀🚀', '\u202eRTL\u202c', '\uffff\ufffe', '\ud800', '\udfff\ud800', 'ｆｕｌｌｗｉｄｔｈ１２３', 'e\u0301\u0301\u0301', '\u200b', '中'.repeat(101), '\u0001\u001f\u007f', '  ', ''];
/** JSON numbers the way a body can say them; JSON.stringify cannot write most of these. */
const NON_FINITE_JSON = [new Raw('1e309'), new Raw('-1e309'), new Raw('1E+21'), new Raw('-0'), new Raw('9007199254740993'), new Raw('2147483648'), new Raw('123456789012345678901234567890'), new Raw('1e-400'), new Raw('1.5')];
/** The same as a query string or a path segment says them (ajv coerces "Infinity" to Infinity). */
const NON_FINITE_TEXT = ['Infinity', '-Infinity', 'NaN', '1e309', '-1e309', '1E+21', '-0', '9007199254740993', '2147483648', '0x10', '1_000', ' 1', '+5', '.5', '٣'];

function nested(depth: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

type Where = 'body' | 'query' | 'path';
/** The mutation classes; each sweep sends every field one value of every class. */
const MUTATIONS: Record<string, (rng: Rng, schema: Schema | undefined, where: Where) => unknown> = {
  nul: (rng) => rng.pick(NUL_STRINGS),
  huge: (rng, schema) => (rng.chance(0.5) ? HUGE.slice(0, rng.pick([101, 4097, 70_000, 200_000])) : 'y'.repeat((schema?.maxLength ?? 64) + 1)),
  wrongType: (rng) => rng.pick([true, false, null, 0, 1, 3.25, 'abc', '']),
  nonFinite: (rng, _s, where) => (where === 'body' ? rng.pick(NON_FINITE_JSON) : rng.pick(NON_FINITE_TEXT)),
  negative: (rng, _s, where) => (where === 'body' ? rng.pick([-1, -2147483648, -2147483649, new Raw('-1e309')]) : rng.pick(['-1', '-2147483649', '-9999999999'])),
  nested: (rng) => rng.pick([nested(rng.int(2, 40), 'x'), { $gt: '' }, { toString: 'x', valueOf: 1 }, { constructor: { prototype: { polluted: 1 } } }]),
  array: (rng) => rng.pick([[1, 2, 3], ['a', 'b'], [null], [[['deep']]], Array.from({ length: 200 }, (_, i) => i)]),
  unicode: (rng) => rng.pick(UNICODE_STRINGS),
  sql: (rng) => rng.pick(SQL_STRINGS),
  html: (rng) => rng.pick(HTML_STRINGS),
};
const CLASSES = Object.keys(MUTATIONS);

const mutation = (rng: Rng, schema: Schema | undefined, where: Where, kind = rng.pick(CLASSES)) => MUTATIONS[kind]!(rng, schema, where);

interface Context {
  accountId?: number;
  /** Unused captcha numbers (each is good for one registration or login). */
  codeIndexes: string[];
}
let ctx: Context = { codeIndexes: [] };
/** Fields whose valid values the schema does not say. */
const KNOWN: Record<string, readonly string[]> = { Dict_Type: [...Object.keys(DICT_TYPES), ...Object.values(DICT_TYPES)] };

function valid(rng: Rng, schema: Schema, name: string, minimal = false): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rng.pick(schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return valid(rng, rng.pick(union), name);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case 'boolean':
      return rng.chance(0.5);
    case 'integer':
    case 'number': {
      if (name === 'id' && ctx.accountId && rng.chance(0.5)) return ctx.accountId;
      const lo = schema.minimum ?? 0;
      const hi = Math.min(schema.maximum ?? lo + 200, lo + 200);
      return rng.chance(0.2) ? (schema.maximum ?? lo + 10_000_000) : rng.int(lo, hi);
    }
    case 'string': {
      if (KNOWN[name] && rng.chance(0.8)) return rng.pick(KNOWN[name]!);
      if (name === 'codeIndex' && ctx.codeIndexes.length && rng.chance(0.7)) return ctx.codeIndexes.pop();
      if (name === 'vierifyCode' && rng.chance(0.8)) return CAPTCHA;
      const fits = (s: string) => s.length <= (schema.maxLength ?? Infinity) && s.length >= (schema.minLength ?? 0);
      if (schema.pattern) {
        const re = new RegExp(schema.pattern);
        const shaped = SHAPED.filter((s) => re.test(s) && fits(s));
        if (shaped.length) return rng.pick(shaped);
      }
      const shaped = SHAPED.filter(fits);
      if (shaped.length && rng.chance(0.6)) return rng.pick(shaped);
      const length = rng.int(Math.max(1, schema.minLength ?? 1), Math.min(schema.maxLength ?? 12, 12));
      return Array.from({ length }, () => rng.pick([...'abcxyz019_企业政策']))
        .join('')
        .slice(0, length);
    }
    case 'array':
      return Array.from({ length: rng.int(0, 3) }, () => valid(rng, schema.items ?? {}, name));
    case 'null':
      return null;
    default: {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(props)) if (required.has(key) || (!minimal && rng.chance(0.7))) out[key] = valid(rng, sub, key);
      return out;
    }
  }
}

// ---- requests --------------------------------------------------------------------------------------

interface Operation {
  method: string;
  path: string;
  query: Record<string, Schema>;
  queryRequired: string[];
  pathParams: Record<string, Schema>;
  body: Schema | null;
}

interface Shot {
  who: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function operations(doc: { paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean; schema: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> } }>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        queryRequired: params.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        pathParams: Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, p.schema])),
        body: op.requestBody?.content['application/json']?.schema ?? null,
      });
    }
  }
  return ops;
}

const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as the bytes a client would send
  }
};

const deepArrayText = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const RAW_BODIES = ['{"a":', 'null', '"text"', '12', '[]', '\u0000', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"x":1}}}', deepArrayText(50_000), `{"a":${deepArrayText(2000)}}`];
const ODD_SEGMENTS = ['%c0%ae', '%', '%zz', '..', '%00', '%2F', '%E4%B8', '%ED%A0%80'];

/** A request before it is written out: values, not text. */
interface Draft {
  query: Record<string, unknown>;
  path: Record<string, unknown>;
  body: unknown;
  rawBody?: string;
  contentType: string;
  headers: Record<string, string>;
}

/** Minimal: only the required fields, so a mutation reaches past the optional ones' checks. */
function validDraft(rng: Rng, op: Operation, minimal = false): Draft {
  return {
    query: valid(rng, { properties: op.query, required: op.queryRequired }, '', minimal) as Record<string, unknown>,
    path: valid(rng, { properties: op.pathParams, required: Object.keys(op.pathParams) }, '', minimal) as Record<string, unknown>,
    body: op.body ? valid(rng, op.body, '', minimal) : undefined,
    contentType: 'application/json',
    headers: {},
  };
}

/** Every declared field of an operation, where it lives and its schema. */
function fieldsOf(op: Operation): { where: Where; key: string; schema: Schema }[] {
  return [
    ...Object.entries(op.pathParams).map(([key, schema]) => ({ where: 'path' as const, key, schema })),
    ...Object.entries(op.query).map(([key, schema]) => ({ where: 'query' as const, key, schema })),
    ...Object.entries(op.body?.properties ?? {}).map(([key, schema]) => ({ where: 'body' as const, key, schema })),
  ];
}

function setField(d: Draft, where: Where, key: string, value: unknown) {
  if (where === 'path') d.path[key] = value;
  else if (where === 'query') d.query[key] = value;
  else if (d.body && typeof d.body === 'object' && !Array.isArray(d.body)) (d.body as Record<string, unknown>)[key] = value;
  else d.body = { [key]: value };
}

/** One to three mutations anywhere: a field, an unknown or missing field, the whole body, its encoding. */
function mutateRandomly(rng: Rng, op: Operation, d: Draft) {
  const fields = fieldsOf(op);
  for (let i = rng.int(1, 3); i > 0; i--) {
    const roll = rng.int(0, 19);
    if (fields.length && roll < 10) {
      const f = rng.pick(fields);
      setField(d, f.where, f.key, f.where === 'path' && rng.chance(0.2) ? rng.pick(ODD_SEGMENTS) : mutation(rng, f.schema, f.where));
    } else if (fields.length && roll < 12) {
      const f = rng.pick(fields);
      if (f.where === 'query') delete d.query[f.key];
      else if (f.where === 'body' && d.body && typeof d.body === 'object') delete (d.body as Record<string, unknown>)[f.key];
    } else if (roll < 14) {
      setField(d, rng.pick(['query', 'body'] as const), rng.pick(['extra', 'a\u0000b', '__proto__', 'constructor', 'x[y]', '']), mutation(rng, undefined, 'query'));
    } else if (op.method !== 'GET' && roll < 16) {
      d.body = rng.pick([null, [], [d.body], 'text', 42, new Raw('1e309'), nested(rng.int(10, 500), 'x'), { a: HUGE }]);
    } else if (op.method !== 'GET' && roll < 18) {
      d.rawBody = rng.pick(RAW_BODIES);
    } else if (op.method !== 'GET') {
      d.contentType = rng.pick(['application/x-www-form-urlencoded', 'text/plain', 'application/json; charset=utf-16', 'multipart/form-data; boundary=x']);
    } else {
      d.headers.authorization = rng.pick(['Bearer ', 'Bearer abc.def.ghi', 'Basic Zm9vOmJhcg==', 'bearer é']);
    }
  }
}

function render(op: Operation, d: Draft, who: string): Shot {
  let url = op.path.replace(/\{(\w+)\}/g, (_m, key: string) => {
    const v = d.path[key];
    return typeof v === 'string' && ODD_SEGMENTS.includes(v) ? v : encode(toText(v));
  });
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(d.query)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) pairs.push(`${encode(k)}=${encode(toText(item))}`);
  }
  if (pairs.length) url += `?${pairs.join('&')}`;

  const headers = { ...d.headers };
  let payload: string | undefined;
  if (op.method !== 'GET') {
    if (d.rawBody !== undefined) payload = d.rawBody;
    else if (d.body !== undefined) {
      payload =
        d.contentType === 'application/x-www-form-urlencoded' && d.body && typeof d.body === 'object'
          ? Object.entries(d.body)
              .map(([k, v]) => `${encode(k)}=${encode(toText(v))}`)
              .join('&')
          : toJson(d.body);
    }
    if (payload !== undefined) headers['content-type'] = d.contentType;
  }
  return { who, method: op.method, url, headers, payload };
}

/**
 * An operation's requests for one identity: a sweep (every field × every mutation class, the rest
 * valid-looking: only the required fields, then all of them), then `random` requests of which a quarter are valid-looking and the others carry
 * one to three mutations anywhere.
 */
function shotsFor(rng: Rng, op: Operation, who: string, random: number): { sweep: Shot[]; random: Shot[] } {
  const sweep: Shot[] = [];
  for (const f of fieldsOf(op)) {
    for (const kind of CLASSES) {
      for (const minimal of [true, false]) {
        const d = validDraft(rng, op, minimal);
        setField(d, f.where, f.key, mutation(rng, f.schema, f.where, kind));
        sweep.push(render(op, d, who));
      }
    }
  }
  const randomShots: Shot[] = [];
  for (let i = 0; i < random; i++) {
    const d = validDraft(rng, op);
    if (!rng.chance(0.25)) mutateRandomly(rng, op, d);
    randomShots.push(render(op, d, who));
  }
  return { sweep, random: randomShots };
}

/** Round i of every list, then round i + 1: a cut-off run has covered every list alike. */
const roundRobin = <T>(lists: T[][]): T[] => {
  const out: T[] = [];
  for (let i = 0; i < Math.max(0, ...lists.map((l) => l.length)); i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
};

// ---- the run ---------------------------------------------------------------------------------------

let app: App;
const sessions: Record<string, { account: TestAccount; token: string }> = {};
/** Logout is fuzzed with accounts of its own: the fuzz accounts' sessions must live the whole run. */
const logoutAccounts: Record<string, TestAccount> = {};

beforeAll(async () => {
  app = await createTestApp();
  // Passwords the generator never produces: a changed password would end the fuzz sessions.
  const password = `Fz${process.pid}Qx9`;
  for (const [who, roleId] of [
    ['enterprise', ROLES.enterprise.id],
    ['staff', ROLES.staff.id],
  ] as const) {
    const account = await createAccount(app, { roleId, password });
    sessions[who] = { account, token: (await loginAs(app, account)).access_token };
    logoutAccounts[who] = await createAccount(app, { roleId, password });
  }
});
afterAll(() => app?.close());

const CJK = /[\u4e00-\u9fa5]/;

describe('fuzz over the OpenAPI document', () => {
  it('no generated request answers 5xx, and every answer is the envelope', async ({ annotate }) => {
    const started = Date.now();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(15);
    // Successes documented as another media type than JSON (the audio captcha's WAV) are not the envelope.
    const notJson = new Set<string>();
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>)) {
      for (const [method, op] of Object.entries(methods)) {
        const content = op.responses?.['200']?.content;
        if (content && !content['application/json']) notJson.add(`${method.toUpperCase()} ${path}`);
      }
    }

    // Real captcha numbers, so registration and login get past the captcha now and then; most go
    // to registration, whose captcha is required.
    const captchas: string[] = [];
    for (let i = 0; i < 160; i++) captchas.push((await app.inject({ method: 'GET', url: AUTH_PATHS.captcha })).json().data.codeIndex);
    const pools: Record<string, string[]> = { [AUTH_PATHS.register]: captchas.slice(0, 120), [AUTH_PATHS.token]: captchas.slice(120, 140) };
    const otherPool = captchas.slice(140);

    const rng = prng(SEED);
    const sweep: Shot[] = [];
    const randomLists: Shot[][] = [];
    const logoutShots: Shot[] = [];
    for (const op of ops) {
      for (const who of ['anonymous', 'enterprise', 'staff']) {
        ctx = { accountId: sessions[who]?.account.id, codeIndexes: pools[op.path] ?? otherPool };
        const made = shotsFor(rng, op, who, RANDOM_PER_OPERATION);
        if (op.path === AUTH_PATHS.logout) logoutShots.push(...made.sweep, ...made.random);
        else {
          sweep.push(...made.sweep);
          randomLists.push(made.random);
        }
      }
    }
    const randomShots = roundRobin(randomLists);
    const mustSend = sweep.length + MIN_RANDOM * randomLists.length;
    const shots = [...sweep, ...randomShots];

    const failures: string[] = [];
    /** Per operation, how many answers of each status class: shows how deep the run got. */
    const tally = new Map<string, Record<string, number>>();
    let sent = 0;
    const fire = async (s: Shot, token?: string) => {
      const headers = { ...s.headers, ...(token && !s.headers.authorization ? bearer(token) : {}) };
      const res = await app.inject({ method: s.method as 'GET', url: s.url, headers, ...(s.payload !== undefined ? { payload: s.payload } : {}) });
      sent++;
      const op = `${s.method} ${s.url.split('?')[0]!.replace(/(guideinfo|topicinfo)\/[^/]*$/, '$1/{id}')}`;
      const counts = tally.get(op) ?? {};
      const klass = `${Math.floor(res.statusCode / 100)}xx`;
      counts[klass] = (counts[klass] ?? 0) + 1;
      tally.set(op, counts);
      if (res.statusCode === 200 && notJson.has(op)) return res;
      const line = () => `[${s.who}] ${s.method} ${s.url.slice(0, 300)} ${s.payload?.slice(0, 300) ?? ''} → ${res.statusCode} ${res.body.slice(0, 300)}`;
      if (res.statusCode >= 500) failures.push(`5xx: ${line()}`);
      let answer: { code?: unknown; msg?: unknown; data?: unknown } | null = null;
      try {
        answer = res.json();
      } catch {
        /* not JSON */
      }
      if (!answer || answer.code !== res.statusCode || typeof answer.msg !== 'string') failures.push(`not the envelope: ${line()}`);
      else if (res.statusCode >= 400 && (answer.data !== null || !CJK.test(answer.msg))) failures.push(`error without a Chinese message: ${line()}`);
      return res;
    };

    let next = 0;
    let budgetEnds = Infinity;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < shots.length && (next < mustSend || Date.now() < budgetEnds)) {
          if (next === sweep.length) budgetEnds = Date.now() + RANDOM_BUDGET_MS;
          const s = shots[next++]!;
          await fire(s, sessions[s.who]?.token);
        }
      }),
    );
    const randomSent = next - sweep.length;

    // Logout last and one at a time, logged in as accounts of its own; after a logout that worked,
    // a fresh login of that account.
    const logoutTokens: Record<string, string | undefined> = {};
    for (const s of logoutShots) {
      const account = logoutAccounts[s.who];
      if (account && !logoutTokens[s.who]) logoutTokens[s.who] = (await loginAs(app, account)).access_token;
      const res = await fire(s, logoutTokens[s.who]);
      if (res.statusCode === 200) logoutTokens[s.who] = undefined;
    }

    // The fuzz sessions lived through the whole run (else half of it was anonymous in disguise).
    for (const who of Object.keys(sessions)) {
      const res = await app.inject({ method: 'GET', url: AUTH_PATHS.userInfo, headers: bearer(sessions[who]!.token) });
      expect(res.statusCode, `${who} session`).toBe(200);
    }

    const seconds = (Date.now() - started) / 1000;
    await annotate(`${sent} requests (sweep ${sweep.length}, random ${randomSent} of ${randomShots.length}) over ${ops.length} operations in ${seconds.toFixed(1)} s, ${failures.length} failures`);
    await annotate([...tally].map(([op, counts]) => `${op} ${JSON.stringify(counts)}`).join('\n'));
    expect(failures, failures.join('\n')).toEqual([]);
    // Coverage, not time: the whole sweep and MIN_RANDOM random requests of every operation and identity.
    expect(randomSent).toBeGreaterThanOrEqual(MIN_RANDOM * randomLists.length);
    expect(sweep.length).toBeGreaterThan(2000);
  });
});

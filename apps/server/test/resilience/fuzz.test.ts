// A seeded fuzz over the OpenAPI document (issue 25): every path and method, requests generated
// from the declared schemas and mutated past them, as 匿名 (anonymous), 企业 (enterprise), 工作人员
// (staff) and 管理员 (admin). No answer may be a 5xx, every error is the envelope with a Chinese
// message, a refused request changes no data, and afterwards the app still answers /healthz and a
// normal login.
//
// What is sent. For every operation, once, as the narrowest identity its access admits (anonymous
// for a public route, the enterprise for any account's, staff for staff's): a sweep, every declared
// field (path, query, body) × every mutation class (NUL, sizes from empty to 1 MB, wrong types,
// numbers out of range, deep nesting, arrays, Unicode edge cases, invisible characters — U+200B,
// U+FEFF, U+202E — inside otherwise valid values, lone surrogates written as raw JSON escapes or
// raw UTF-8 bytes, duplicated JSON keys and query keys, SQL, HTML), the other fields valid-looking;
// and for a body, every raw text (cut short, 50,000 levels deep, two objects…) and a valid body
// with an unknown field 10,000 levels deep or 5,000 unknown keys. Then RANDOM_PER_OPERATION random
// requests (a quarter valid-looking, the rest with one to three mutations anywhere: a field, a
// missing or unknown field, the whole body, its raw text, its content type); every other identity
// the operation admits gets random ones too, and an identity it refuses by access CLOSED_RANDOM of
// them (refused before the body is read). The two upload routes get multipart bodies instead: wrong
// and invisible field names, 0 to 40 parts, empty, oversized, executable and disguised files, path
// traversal, 10,000-character, NUL, RTL and invalid UTF-8 file names, wrong MIME types, extra text
// fields, and broken structure (no boundary, another boundary, cut short, LF line ends). Logout is
// fuzzed last, with accounts of its own, so the fuzz sessions live the whole run.
//
// Seeded and reproducible: every request is generated from SEED before the first is sent, so a run
// sends the same requests in the same order (FUZZ_SEED=<n> tries another seed); the count is fixed
// (no time budget). Phase A sends them, four at a time; with phase B's replays a run sends more
// than MIN_REQUESTS.
//
// "No change of data from a refused request": phase B replays, in order, every request phase A
// refused (4xx), in batches of BATCH, with a checksum of the data before and after each batch
// (md5 of every row of every table of the public schema, ordered, and a listing of the uploads
// folder). A batch whose answers are all 4xx must leave every checksum as it was. A batch where a
// request is now accepted (state moved since phase A) is not judged, and is counted. Background jobs
// (pg-boss: the mail outbox drained every minute, the push windows) may change data on their own:
// phase B starts once no job is due, and a batch that changed data while a job ran is sent again
// (up to twice) instead of failing; a change with no job running fails, naming the tables and the
// requests that changed them (each sent alone between checksums). Why a replay: accepted requests
// may change data, and which ones are accepted is known only from their answers; replayed apart,
// every interval between two checksums holds refusals only, and a route that writes before it
// refuses does it again (it depends on the input, not the moment; checked by planting such a write
// in a 404: the run named the table and each request). A self-check first shows the checksum sees
// an accepted write (a row and a file). Not checksummed, because a refusal writes them on purpose:
// - audit_log: refusals are audited (permission denied, failed logins, lockouts, reused tokens);
// - login_failures: failed logins by name and address decide when the captcha becomes required;
// - rate_limit_hits: every request of a rate budget counts, refused or not (429 is a refusal);
// - captchas: a wrong answer uses its captcha up (no guessing twice);
// - accounts.failed_logins, last_attempt_at, locked_until: the lockout's count of wrong passwords;
// - the pgboss schema: the job queue's own bookkeeping (a refused request's job never commits).
//
// `npx vitest run --project server-slow test/resilience/fuzz.test.ts --reporter=verbose` shows the
// counts, the times and, per operation and identity, how many answers were 2xx and 4xx.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '@hqt/contract/account';
import { AUTH_PATHS, ROLES } from '@hqt/contract/auth';
import { FILE_LIMITS, FILE_PATHS } from '@hqt/contract/files';
import { DICT_TYPES } from '@hqt/contract/dictionaries';
import { UPLOAD_LIMITS } from '@hqt/contract/upload';
import { creditCodeCheckChar } from '@hqt/contract/validation';
import type { App } from '../../src/app';
import { ACCESS_ROLES } from '../../src/plugins/auth';
import { bearer, CAPTCHA, createAccount, createTestApp, loginAs, type TestAccount } from '../helpers/app';

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed_f022);
/** Random requests per operation and identity that may call it, after the sweep. */
const RANDOM_PER_OPERATION = 8;
/** Random requests per operation and identity that the route refuses by access. */
const CLOSED_RANDOM = 3;
/** Random multipart requests per upload route and identity that may call it, after its sweep. */
const MULTIPART_RANDOM = 20;
const CONCURRENCY = 4;
/** Refused requests replayed between two checksums. */
const BATCH = 50;
/** The issue's floor for a run: phase A's fixed count and phase B's replays together. */
const MIN_REQUESTS = 10_000;

type Who = 'anonymous' | 'enterprise' | 'staff' | 'admin';
const IDENTITIES: readonly Who[] = ['anonymous', 'enterprise', 'staff', 'admin'];
const ROLE_OF: Record<Who, number | null> = { anonymous: null, enterprise: ROLES.enterprise.id, staff: ROLES.staff.id, admin: ROLES.admin.id };
const LABEL: Record<Who, string> = { anonymous: '匿名', enterprise: '企业', staff: '工作人员', admin: '管理员' };

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

/** JSON text written as it is (1e309, -0, "\ud800", 10,000 levels): JSON.stringify cannot say these. */
class Raw {
  constructor(readonly text: string) {}
}
/** A path segment or query value written as it is, percent-escapes and all (bytes that are not UTF-8). */
class RawUrl {
  constructor(readonly text: string) {}
}

const toJson = (v: unknown): string => {
  if (v instanceof Raw) return v.text;
  if (v instanceof RawUrl) return JSON.stringify(v.text);
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
};
/** How a value reads in a query string or a path segment. */
const toText = (v: unknown): string => (v instanceof Raw || v instanceof RawUrl ? v.text : typeof v === 'object' && v !== null ? toJson(v) : String(v));

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
  '2026-12-01',
  '2026-12-01T09:00:00+08:00',
];

/** Shared, never copied into a request until it is written out: drafts hold references. */
const HUGE = 'x'.repeat(200_000);
/** Over the 1 MB body limit (413) and just under it (parsed, then refused by the schema or kept). */
const MEGA = 'm'.repeat(1_048_577);
const NEAR_MEGA = 'n'.repeat(1_000_000);
const NUL_STRINGS = ['\u0000', 'a\u0000b', 'fuzz\u0000user', '研发\u0000', '\u0000'.repeat(70)];
const SQL_STRINGS = ["' OR 1=1 --", "'; drop table accounts; --", 'Robert"); DELETE FROM policies;--', '%', '_', '\\', '\\x00', '$$ select 1 $$', '&|!():*<->', "1' and pg_sleep(0) is null --"];
const HTML_STRINGS = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', '&lt;b&gt;', '${7*7}{{7*7}}', '../../etc/passwd'];
const UNICODE_STRINGS = ['😀🚀', '\u202eRTL\u202c', '\uffff\ufffe', 'ｆｕｌｌｗｉｄｔｈ１２３', 'e\u0301\u0301\u0301', '\u200b', '\ufeff', '\u200f\u2066\u2069', '中'.repeat(101), '\u0001\u001f\u007f', '\u2028\u2029', '  ', ''];
/** Invisible or direction-changing characters, put inside an otherwise valid value. */
const INVISIBLE = ['\u200b', '\ufeff', '\u202e', '\u200f', '\u2066', '\u00ad', '\u200d', '\u034f'];
/** Lone surrogates as a JSON body can spell them (raw escapes, which JSON.parse keeps as they are). */
const SURROGATE_JSON = ['"\\ud800"', '"\\udfff"', '"a\\ud800b"', '"\\udfff\\ud800"', '"😀\\ud83d"', '"\\ud83d\\ude00\\ud83d"', '"\\uDBFF"'];
/** The same as a URL can carry them: percent-escaped bytes that are not UTF-8. */
const SURROGATE_URL = ['%ED%A0%80', '%ED%BF%BF', 'a%ED%A0%80b', '%F0%9F%98', '%C0%AE', '%FF%FE', '%E4%B8'];
/** JSON numbers the way a body can say them; JSON.stringify cannot write most of these. */
const NON_FINITE_JSON = [
  new Raw('1e309'),
  new Raw('-1e309'),
  new Raw('1E+21'),
  new Raw('-0'),
  new Raw('-0.0'),
  new Raw('9007199254740993'),
  new Raw('2147483648'),
  new Raw('123456789012345678901234567890'),
  new Raw(`1${'0'.repeat(400)}`),
  new Raw('1e-400'),
  new Raw('4.9e-325'),
  new Raw('1.5'),
  'NaN',
  'Infinity',
  new Raw('NaN'),
];
/** The same as a query string or a path segment says them (ajv coerces "Infinity" to Infinity). */
const NON_FINITE_TEXT = ['Infinity', '-Infinity', 'NaN', '1e309', '-1e309', '1E+21', '-0', '9007199254740993', '2147483648', '0x10', '1_000', ' 1', '+5', '.5', '٣', '1e-400'];

function nested(depth: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}
/** Nesting too deep to build as values (a recursive writer would overflow): the text itself. */
const deepObject = (depth: number) => new Raw(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
const deepArray = (depth: number) => new Raw('['.repeat(depth) + ']'.repeat(depth));

type Where = 'body' | 'query' | 'path';

/** Puts an invisible character inside a valid value (a phone number with a zero-width space). */
function disguised(rng: Rng, value: unknown): unknown {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : 'abc';
  const at = rng.int(0, text.length);
  return text.slice(0, at) + rng.pick(INVISIBLE) + text.slice(at);
}

/** The mutation classes; the sweep sends every field one value of every class. */
const MUTATIONS: Record<string, (rng: Rng, schema: Schema | undefined, where: Where, current: unknown) => unknown> = {
  nul: (rng) => rng.pick(NUL_STRINGS),
  size: (rng, schema) => {
    const roll = rng.int(0, 9);
    if (roll === 0) return MEGA;
    if (roll === 1) return NEAR_MEGA;
    if (roll < 4) return rng.pick(['', ' ', '\t\n']);
    return rng.chance(0.5) ? HUGE.slice(0, rng.pick([101, 4097, 70_000, 200_000])) : 'y'.repeat((schema?.maxLength ?? 64) + 1);
  },
  wrongType: (rng) => rng.pick([true, false, null, 0, 1, 3.25, 'abc', '', {}, []]),
  nonFinite: (rng, _s, where) => (where === 'body' ? rng.pick(NON_FINITE_JSON) : rng.pick(NON_FINITE_TEXT)),
  negative: (rng, _s, where) => (where === 'body' ? rng.pick([-1, -2147483648, -2147483649, new Raw('-1e309'), new Raw('-9007199254740993')]) : rng.pick(['-1', '-2147483649', '-9999999999'])),
  nested: (rng, _s, where) =>
    rng.pick([
      nested(rng.int(2, 40), 'x'),
      where === 'body' ? deepObject(1000) : nested(60, 1),
      where === 'body' ? deepArray(10_000) : '[[[[[[[[[[1]]]]]]]]]]',
      { $gt: '' },
      { toString: 'x', valueOf: 1 },
      { constructor: { prototype: { polluted: 1 } } },
      where === 'body' ? new Raw('{"__proto__":{"polluted":1}}') : '__proto__',
    ]),
  array: (rng) => rng.pick([[1, 2, 3], ['a', 'b'], [null], [[['deep']]], Array.from({ length: 200 }, (_, i) => i)]),
  unicode: (rng) => rng.pick(UNICODE_STRINGS),
  invisible: (rng, _s, _w, current) => disguised(rng, current),
  surrogate: (rng, _s, where) => (where === 'body' ? new Raw(rng.pick(SURROGATE_JSON)) : new RawUrl(rng.pick(SURROGATE_URL))),
  // Handled where the field is set: the key twice, one valid and one mutated (see setField).
  duplicate: (rng, schema, where, current) => mutation(rng, schema, where, current, rng.pick(['wrongType', 'nul', 'surrogate', 'invisible', 'nonFinite'])),
  sql: (rng) => rng.pick(SQL_STRINGS),
  html: (rng) => rng.pick(HTML_STRINGS),
};
const CLASSES = Object.keys(MUTATIONS);

function mutation(rng: Rng, schema: Schema | undefined, where: Where, current: unknown, kind = rng.pick(CLASSES)): unknown {
  return MUTATIONS[kind]!(rng, schema, where, current);
}

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
      if (name === 'id' && ctx.accountId && rng.chance(0.3)) return ctx.accountId;
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

// ---- operations and drafts -------------------------------------------------------------------------

interface Operation {
  method: string;
  path: string;
  query: Record<string, Schema>;
  queryRequired: string[];
  pathParams: Record<string, Schema>;
  body: Schema | null;
  /** Takes multipart/form-data (an upload). */
  multipart: boolean;
  /** Its 200 is a file, not the envelope (a download, an .ics). */
  answersFile: boolean;
  /** The roles it admits; null: anyone. */
  roles: readonly number[] | null;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

function operations(doc: { paths: Record<string, Record<string, OpenApiOperation>> }, app: App): Operation[] {
  const access = new Map(app.routeAccess.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.access]));
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const declared = access.get(`${method.toUpperCase()} ${path}`);
      if (!declared) throw new Error(`${method} ${path}: no access declaration found`);
      ops.push({
        method: method.toUpperCase(),
        path,
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        queryRequired: params.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        pathParams: Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, p.schema])),
        body: op.requestBody?.content['application/json']?.schema ?? null,
        multipart: /multipart/.test(JSON.stringify(op)),
        answersFile: !op.responses?.['200']?.content?.['application/json'],
        roles: ACCESS_ROLES[declared],
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

const RAW_BODIES = [
  '{"a":',
  'null',
  '"text"',
  '12',
  '[]',
  '\u0000',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  deepArray(50_000).text,
  `{"a":${deepArray(2000).text}}`,
  deepObject(10_000).text,
  '{"\\ud800":1}',
  '{"a":"\\ud800","a":"\\udc00"}',
  '\ufeff{}',
  '{"a":1}{"a":2}',
  'NaN',
  '1e309',
];
const MANY_KEYS = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));
const ODD_SEGMENTS = ['%c0%ae', '%', '%zz', '..', '%00', '%2F', '%E4%B8', '%ED%A0%80', '%E2%80%AE', '%E2%80%8B', '%EF%BB%BF'];

/** A JSON request before it is written out: values, not text (written again for every send). */
interface Draft {
  kind: 'json';
  query: Record<string, unknown>;
  path: Record<string, unknown>;
  body: unknown;
  rawBody?: string;
  /** Keys written a second time, before or after the body's own (JSON.parse keeps the last). */
  duplicates: { key: string; value: unknown; first: boolean }[];
  contentType: string;
  headers: Record<string, string>;
}

/** Minimal: only the required fields, so a mutation reaches past the optional ones' checks. */
function validDraft(rng: Rng, op: Operation, minimal = false): Draft {
  return {
    kind: 'json',
    query: valid(rng, { properties: op.query, required: op.queryRequired }, '', minimal) as Record<string, unknown>,
    path: valid(rng, { properties: op.pathParams, required: Object.keys(op.pathParams) }, '', minimal) as Record<string, unknown>,
    body: op.body ? valid(rng, op.body, '', minimal) : undefined,
    duplicates: [],
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

const bodyObject = (d: Draft) => (d.body && typeof d.body === 'object' && !Array.isArray(d.body) && !(d.body instanceof Raw) ? (d.body as Record<string, unknown>) : null);

function currentValue(d: Draft, where: Where, key: string): unknown {
  return where === 'path' ? d.path[key] : where === 'query' ? d.query[key] : bodyObject(d)?.[key];
}

function setField(d: Draft, where: Where, key: string, value: unknown) {
  if (where === 'path') d.path[key] = value;
  else if (where === 'query') d.query[key] = value;
  else if (bodyObject(d)) bodyObject(d)![key] = value;
  else d.body = { [key]: value };
}

/** One field set to a value of one mutation class; `duplicate` sends the key twice, valid and mutated. */
function mutateField(rng: Rng, d: Draft, f: { where: Where; key: string; schema: Schema | undefined }, kind = rng.pick(CLASSES)) {
  const current = currentValue(d, f.where, f.key);
  const value = mutation(rng, f.schema, f.where, current, kind);
  if (kind !== 'duplicate') return setField(d, f.where, f.key, value);
  if (f.where === 'query') d.query[f.key] = rng.chance(0.5) ? [current ?? '', value] : [value, current ?? ''];
  else if (f.where === 'body') {
    // The key written twice: the body's own (valid) one and the mutated one, in either order.
    if (current === undefined) setField(d, 'body', f.key, f.schema ? valid(rng, f.schema, f.key) : 'x');
    d.duplicates.push({ key: f.key, value, first: rng.chance(0.5) });
  }
  else d.path[f.key] = new RawUrl(`${encode(toText(current))}%2F${encode(toText(current))}`);
}

/** One to three mutations anywhere: a field, an unknown or missing field, the whole body, its encoding. */
function mutateRandomly(rng: Rng, op: Operation, d: Draft) {
  const fields = fieldsOf(op);
  for (let i = rng.int(1, 3); i > 0; i--) {
    const roll = rng.int(0, 19);
    if (fields.length && roll < 10) {
      const f = rng.pick(fields);
      if (f.where === 'path' && rng.chance(0.2)) d.path[f.key] = new RawUrl(rng.pick(ODD_SEGMENTS));
      else mutateField(rng, d, f);
    } else if (fields.length && roll < 12) {
      const f = rng.pick(fields);
      if (f.where === 'query') delete d.query[f.key];
      else if (f.where === 'body') delete bodyObject(d)?.[f.key];
    } else if (roll < 14) {
      const key = rng.pick(['extra', 'a\u0000b', '__proto__', 'constructor', 'x[y]', '', '\ud800', '\u202ekey', 'id\u200b']);
      mutateField(rng, d, { where: rng.pick(['query', 'body'] as const), key, schema: undefined });
    } else if (op.method !== 'GET' && roll < 16) {
      d.body = rng.pick([null, [], [d.body], 'text', 42, new Raw('1e309'), nested(rng.int(10, 500), 'x'), deepObject(1000), { a: HUGE }, { a: NEAR_MEGA }]);
    } else if (op.method !== 'GET' && roll < 18) {
      d.rawBody = rng.pick(RAW_BODIES);
    } else if (op.method !== 'GET') {
      d.contentType = rng.pick(['application/x-www-form-urlencoded', 'text/plain', 'application/json; charset=utf-16', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', '']);
    } else {
      d.headers.authorization = rng.pick(['Bearer ', 'Bearer abc.def.ghi', 'Basic Zm9vOmJhcg==', 'bearer é', `Bearer ${'a'.repeat(9000)}`]);
    }
  }
}

// ---- multipart -------------------------------------------------------------------------------------

interface Part {
  /** The field's name; null: no name attribute at all. A Buffer is written as raw bytes. */
  field: string | Buffer | null;
  /** The file name; undefined: a text field, not a file. A Buffer is written as raw bytes. */
  filename?: string | Buffer;
  type?: string;
  content: Buffer;
}
type Shape = 'ok' | 'cut' | 'noBoundary' | 'otherBoundary' | 'lf' | 'noClose' | 'preamble' | 'plainType';
interface MultipartDraft {
  kind: 'multipart';
  parts: Part[];
  shape: Shape;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const bytes = (rng: Rng, n: number) => Buffer.from(Array.from({ length: n }, () => rng.int(0, 255)));
/** Shared: one copy each, however many requests carry them. */
const OVER_IMAGE = Buffer.concat([Buffer.from(PNG), Buffer.alloc(UPLOAD_LIMITS.maxBytes + 1 - PNG.length, 0x2a)]);
const OVER_FILE = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(FILE_LIMITS.maxBytes + 1 - 9, 0x20)]);

/** File contents: accepted types, disguised programs and markup, broken signatures, limits. */
const CONTENTS: Record<string, (rng: Rng) => Buffer> = {
  png: (rng) => Buffer.concat([Buffer.from(PNG), bytes(rng, 24)]),
  jpeg: (rng) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), bytes(rng, 24)]),
  gif: (rng) => Buffer.concat([Buffer.from('GIF89a'), bytes(rng, 24)]),
  webp: (rng) => Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), bytes(rng, 16)]),
  pdf: (rng) => Buffer.from(`%PDF-1.7\n1 0 obj <</Type /Catalog>> endobj\n% ${rng.int(0, 1e9)}\n%%EOF\n`),
  text: (rng) => Buffer.from(`企业名称,产值\n云溪智造,${rng.int(0, 1e6)}\n`),
  empty: () => Buffer.alloc(0),
  halfPng: () => Buffer.from(PNG.slice(0, 4)),
  exe: (rng) => Buffer.concat([Buffer.from('MZ'), bytes(rng, 62)]),
  elf: (rng) => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), bytes(rng, 60)]),
  script: () => Buffer.from('#!/bin/sh\nrm -rf /\n'),
  html: () => Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
  svg: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  pngThenHtml: () => Buffer.concat([Buffer.from(PNG), Buffer.from('<html><script>alert(1)</script>')]),
  zip: (rng) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), bytes(rng, 60)]),
  ole2: (rng) => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), bytes(rng, 504)]),
  textWithNul: () => Buffer.from('企业\u0000名称'),
  utf16: () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('企业名称', 'utf16le')]),
  badUtf8: () => Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62, 0xc0, 0xae]),
  random: (rng) => bytes(rng, rng.int(1, 512)),
  overImage: () => OVER_IMAGE,
  overFile: () => OVER_FILE,
};
const FIELD_NAMES: (string | Buffer | null)[] = ['files', 'file[]', 'FILE', '', 'file\u200b', '\u202efile', 'fi\u0000le', '../file', 'a'.repeat(5000), null, Buffer.from([0x66, 0xed, 0xa0, 0x80])];
const FILE_NAMES: (string | Buffer)[] = [
  '截图.png',
  '',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  'C:\\Windows\\a.png',
  '....//....//a.png',
  '%2e%2e%2fa.png',
  `${'长'.repeat(10_000)}.png`,
  `${'a'.repeat(300)}.png`,
  'report\u202egnp.exe',
  'a\u200b.png',
  '\ufeff.png',
  'a\u0000.png',
  'con.png',
  '.png',
  'a.png.exe',
  'a".png',
  'a\r\nContent-Type: text/html\r\n\r\n<script>',
  Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x2e, 0x70, 0x6e, 0x67]),
  Buffer.from([0xff, 0xfe, 0x2e, 0x70, 0x6e, 0x67]),
];
const MIME_TYPES = ['image/png', 'application/pdf', 'application/x-msdownload', 'text/html', 'image/svg+xml', '', 'garbage', 'image/png; charset=utf-8', `image/${'x'.repeat(2000)}`, 'application/octet-stream'];
const SHAPES: Shape[] = ['cut', 'noBoundary', 'otherBoundary', 'lf', 'noClose', 'preamble', 'plainType'];

const normalPart = (rng: Rng): Part => ({ field: 'file', filename: '截图.png', type: 'image/png', content: CONTENTS.png!(rng) });
const randomPart = (rng: Rng): Part =>
  rng.chance(0.1)
    ? { field: rng.pick(['note', 'file', 'a\u0000b', 'x'.repeat(300)]), content: Buffer.from(rng.pick(['text', 'x'.repeat(2000), '\u202e', '']) as string) }
    : {
        field: rng.chance(0.8) ? 'file' : rng.pick(FIELD_NAMES),
        filename: rng.chance(0.5) ? rng.pick(['截图.png', 'a.pdf', '数据.csv', 'photo.jpeg']) : rng.pick(FILE_NAMES),
        type: rng.pick(MIME_TYPES),
        content: CONTENTS[rng.pick(Object.keys(CONTENTS).filter((k) => !k.startsWith('over') || rng.chance(0.1)))]!(rng),
      };

/** Every dimension's values one at a time (the rest normal), then random mixtures. */
function multipartDrafts(rng: Rng, reach: Reach): MultipartDraft[] {
  const one = (part: Partial<Part>, shape: Shape = 'ok'): MultipartDraft => ({ kind: 'multipart', parts: [{ ...normalPart(rng), ...part }], shape });
  const many = (n: number, shape: Shape = 'ok'): MultipartDraft => ({ kind: 'multipart', parts: Array.from({ length: n }, () => normalPart(rng)), shape });
  const drafts: MultipartDraft[] = [];
  if (reach === 'sweep') {
    drafts.push(...FIELD_NAMES.map((field) => one({ field })));
    drafts.push(...FILE_NAMES.map((filename) => one({ filename })));
    drafts.push(...MIME_TYPES.map((type) => one({ type })));
    drafts.push(...Object.values(CONTENTS).map((content) => one({ content: content(rng) })));
    drafts.push(...SHAPES.map((shape) => one({}, shape)));
    drafts.push(...[0, 2, 5, 6, 7, 12, 40].map((n) => many(n)));
    drafts.push(
      // Text fields: many (past the limit of 10), one longer than fieldSize, a NUL, a field named file.
      { kind: 'multipart', parts: [...Array.from({ length: 14 }, (_, i) => ({ field: `f${i}`, content: Buffer.from('x') })), normalPart(rng)], shape: 'ok' },
      { kind: 'multipart', parts: [{ field: 'note', content: Buffer.from('长'.repeat(2000)) }, normalPart(rng)], shape: 'ok' },
      { kind: 'multipart', parts: [{ field: 'note', content: Buffer.from('a\u0000b') }, normalPart(rng)], shape: 'ok' },
      { kind: 'multipart', parts: [{ field: 'file', content: Buffer.from('not a file') }], shape: 'ok' },
    );
  }
  for (let i = reach === 'closed' ? CLOSED_RANDOM : MULTIPART_RANDOM; i > 0; i--) {
    drafts.push({ kind: 'multipart', parts: Array.from({ length: rng.chance(0.1) ? rng.int(6, 14) : rng.int(0, 4) }, () => randomPart(rng)), shape: rng.chance(0.8) ? 'ok' : rng.pick(SHAPES) });
  }
  return drafts;
}

const quoted = (v: string | Buffer) => (typeof v === 'string' ? Buffer.from(`"${v}"`) : Buffer.concat([Buffer.from('"'), v, Buffer.from('"')]));

function renderMultipart(d: MultipartDraft, index: number): { payload: Buffer; contentType: string } {
  const boundary = `----hqtfuzz${index}`;
  const nl = d.shape === 'lf' ? '\n' : '\r\n';
  const chunks: Buffer[] = d.shape === 'preamble' ? [Buffer.from(`preamble text ${'p'.repeat(100)}${nl}`)] : [];
  for (const p of d.parts) {
    const disposition = [Buffer.from('Content-Disposition: form-data')];
    if (p.field !== null) disposition.push(Buffer.from('; name='), quoted(p.field));
    if (p.filename !== undefined) disposition.push(Buffer.from('; filename='), quoted(p.filename));
    chunks.push(Buffer.from(`--${boundary}${nl}`), ...disposition, Buffer.from(nl));
    if (p.type !== undefined && p.filename !== undefined) chunks.push(Buffer.from(`Content-Type: ${p.type}${nl}`));
    chunks.push(Buffer.from(nl), p.content, Buffer.from(nl));
  }
  if (d.shape !== 'noClose') chunks.push(Buffer.from(`--${boundary}--${nl}`));
  let payload = Buffer.concat(chunks);
  if (d.shape === 'cut') payload = payload.subarray(0, Math.floor(payload.length / 2));
  const contentType =
    d.shape === 'noBoundary' ? 'multipart/form-data' : d.shape === 'otherBoundary' ? 'multipart/form-data; boundary=elsewhere' : d.shape === 'plainType' ? 'application/octet-stream' : `multipart/form-data; boundary=${boundary}`;
  return { payload, contentType };
}

// ---- shots: requests with who sends them, written out at each send ---------------------------------

interface Shot {
  /** Its place in the run: the same for a seed. */
  index: number;
  who: Who;
  op: Operation;
  draft: Draft | MultipartDraft;
}

interface Written {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function write(s: Shot): Written {
  const { op, draft: d } = s;
  if (d.kind === 'multipart') {
    const { payload, contentType } = renderMultipart(d, s.index);
    return { method: op.method, url: op.path, headers: { 'content-type': contentType }, payload };
  }
  let url = op.path.replace(/\{(\w+)\}/g, (_m, key: string) => {
    const v = d.path[key];
    return v instanceof RawUrl ? v.text : encode(toText(v));
  });
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(d.query)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) pairs.push(`${encode(k)}=${item instanceof RawUrl ? item.text : encode(toText(item))}`);
  }
  if (pairs.length) url += `?${pairs.join('&')}`;

  const headers = { ...d.headers };
  let payload: string | undefined;
  if (op.method !== 'GET') {
    if (d.rawBody !== undefined) payload = d.rawBody;
    else if (d.body !== undefined) {
      const obj = bodyObject(d);
      if (d.contentType === 'application/x-www-form-urlencoded' && obj) {
        payload = Object.entries(obj)
          .map(([k, v]) => `${encode(k)}=${encode(toText(v))}`)
          .join('&');
      } else if (obj && d.duplicates.length) {
        const entry = (k: string, v: unknown) => `${JSON.stringify(k)}:${toJson(v)}`;
        const own = Object.entries(obj).map(([k, v]) => entry(k, v));
        const dup = (first: boolean) => d.duplicates.filter((x) => x.first === first).map((x) => entry(x.key, x.value));
        payload = `{${[...dup(true), ...own, ...dup(false)].join(',')}}`;
      } else payload = toJson(d.body);
    }
    if (payload !== undefined && d.contentType) headers['content-type'] = d.contentType;
  }
  return { method: op.method, url, headers, payload };
}

const opKey = (op: Operation) => `${op.method} ${op.path}`;

/**
 * How far an identity's requests go into an operation: the sweep and random ones (the narrowest
 * identity its access admits: anonymous for a public route, the enterprise for any account's, staff
 * for staff's), random ones only (the other identities it admits), or a few (it refuses them).
 */
type Reach = 'sweep' | 'random' | 'closed';

function reachOf(op: Operation, who: Who): Reach {
  const role = ROLE_OF[who];
  if (op.roles !== null && (role === null || !op.roles.includes(role))) return 'closed';
  const sweeper = op.roles === null ? 'anonymous' : IDENTITIES.find((w) => op.roles!.includes(ROLE_OF[w] ?? -1));
  return who === sweeper ? 'sweep' : 'random';
}

/**
 * An operation's requests for one identity. The sweep: every field × every mutation class, the
 * other fields valid-looking (only the required ones or all of them). Random: of which a quarter
 * are valid-looking and the rest carry one to three mutations anywhere.
 */
function draftsFor(rng: Rng, op: Operation, reach: Reach): (Draft | MultipartDraft)[] {
  if (op.multipart) return multipartDrafts(rng, reach);
  const drafts: Draft[] = [];
  if (reach === 'sweep') {
    for (const f of fieldsOf(op)) {
      for (const kind of CLASSES) {
        const d = validDraft(rng, op, rng.chance(0.5));
        mutateField(rng, d, f, kind);
        drafts.push(d);
      }
    }
    if (op.method !== 'GET') {
      // The whole body: every raw text, and a valid body with an unknown field 10,000 levels deep
      // (the validator keeps it: the route's own code meets it), or with 5,000 unknown keys.
      for (const raw of RAW_BODIES) drafts.push({ ...validDraft(rng, op, true), rawBody: raw });
      for (const extra of [deepObject(10_000), deepArray(10_000), MANY_KEYS]) {
        const d = validDraft(rng, op, rng.chance(0.5));
        d.duplicates.push({ key: 'zz', value: extra, first: false });
        drafts.push(d);
      }
    }
  }
  for (let i = reach === 'closed' ? CLOSED_RANDOM : RANDOM_PER_OPERATION; i > 0; i--) {
    const d = validDraft(rng, op);
    if (!rng.chance(0.25)) mutateRandomly(rng, op, d);
    drafts.push(d);
  }
  return drafts;
}

// ---- the data's checksum ---------------------------------------------------------------------------

/** Tables a refused request may write on purpose (see the header). */
const NOT_CHECKSUMMED = ['audit_log', 'login_failures', 'rate_limit_hits', 'captchas'];
/** Columns of the lockout's count: a wrong password is a refusal that counts. */
const ACCOUNT_LOCKOUT_COLUMNS = ['failed_logins', 'last_attempt_at', 'locked_until'];

interface Snapshot {
  /** The database's clock when it was taken. */
  at: string;
  sums: Map<string, string>;
}

let uploadsDir: string;

function listing(dir: string): string {
  if (!fs.existsSync(dir)) return '';
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return `${path.relative(dir, file)} ${fs.statSync(file).size}`;
    })
    .sort()
    .join('\n');
}

let checksumQuery: string;

async function prepareChecksum(app: App) {
  const { rows } = await app.db.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const tables = rows.map((r) => r.name).filter((t) => !NOT_CHECKSUMMED.includes(t));
  expect(tables).toContain('accounts');
  const row = (t: string) => (t === 'accounts' ? `(to_jsonb(t) - ${ACCOUNT_LOCKOUT_COLUMNS.map((c) => `'${c}'`).join(' - ')})::text` : 't::text');
  checksumQuery = tables.map((t) => `select '${t}' as name, md5(coalesce(string_agg(${row(t)}, E'\\n' order by ${row(t)}), '')) as sum from public."${t}" t`).join('\nunion all\n');
}

async function snapshot(app: App): Promise<Snapshot> {
  const [{ rows: clock }, { rows }] = await Promise.all([app.db.execute<{ at: string }>(sql`select clock_timestamp()::text as at`), app.db.execute<{ name: string; sum: string }>(sql.raw(checksumQuery))]);
  const sums = new Map(rows.map((r) => [r.name, r.sum]));
  sums.set('UPLOADS_DIR', listing(uploadsDir));
  return { at: clock[0]!.at, sums };
}

const changed = (a: Snapshot, b: Snapshot) => [...a.sums.keys()].filter((k) => a.sums.get(k) !== b.sums.get(k));

/** Background jobs due or running (pg-boss); future ones (a reminder next week) do not count. */
async function jobsBusy(app: App): Promise<number> {
  const { rows } = await app.db.execute<{ n: number }>(sql`
    select count(*)::int as n from pgboss.job
    where state = 'active' or (state in ('created', 'retry') and start_after <= now())`);
  return rows[0]!.n;
}
async function jobsIdle(app: App) {
  // A loop, not expect.poll: a condition to reach, not an assertion.
  for (const started = Date.now(); (await jobsBusy(app)) > 0; ) {
    if (Date.now() - started > 120_000) throw new Error('background jobs still running after 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
async function jobsRanSince(app: App, at: string): Promise<boolean> {
  const { rows } = await app.db.execute<{ n: number }>(sql`
    select count(*)::int as n from pgboss.job where started_on >= ${at}::timestamptz or completed_on >= ${at}::timestamptz or state = 'active'`);
  return rows[0]!.n > 0;
}

// ---- the run ---------------------------------------------------------------------------------------

let app: App;
const sessions: Partial<Record<Who, { account: TestAccount; token: string }>> = {};
/** Logout is fuzzed with accounts of its own: the fuzz accounts' sessions must live the whole run. */
const logoutAccounts: Partial<Record<Who, TestAccount>> = {};
/** Passwords the generator never produces: a changed password would end the fuzz sessions. */
const password = `Fz${process.pid}Qx9`;

beforeAll(async () => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-fuzz-'));
  // Rate budgets far above the run: a 429 would hide the routes behind it, and would depend on the clock.
  app = await createTestApp({ UPLOADS_DIR: uploadsDir, LOGIN_RATE_LIMIT: '1000000', ENTCODE_RATE_LIMIT: '1000000' });
  // Accounts at small ids, which the generated ids reach (an administrator disables, resets, unlocks them).
  for (const roleId of [ROLES.enterprise.id, ROLES.enterprise.id, ROLES.staff.id, ROLES.enterprise.id]) await createAccount(app, { roleId, name: '被操作的账号' });
  // The fuzz's own accounts far above the generated ids: an administrator's fuzz must not disable them.
  await app.db.execute(sql`select setval(pg_get_serial_sequence('accounts', 'id'), 1000000)`);
  for (const who of ['enterprise', 'staff', 'admin'] as const) {
    const account = await createAccount(app, { roleId: ROLE_OF[who]!, password });
    sessions[who] = { account, token: (await loginAs(app, account)).access_token };
    logoutAccounts[who] = await createAccount(app, { roleId: ROLE_OF[who]!, password });
  }
  await app.db.execute(sql`select setval(pg_get_serial_sequence('accounts', 'id'), (select max(id) from accounts where id < 1000000))`);
  await prepareChecksum(app);
});
afterAll(async () => {
  await app?.close();
  if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const CJK = /[\u4e00-\u9fa5]/;

interface Outcome {
  status: number;
  /** What is wrong with the answer besides its status, if anything. */
  problem?: string;
}

/** Per operation and identity, how many answers of each status class (how deep the run got) and the milliseconds they took. */
const tally = new Map<string, Record<string, number>>();
const failures: string[] = [];

function describeShot(s: Shot, w: Written, res?: { statusCode: number; body: string }) {
  const payload = w.payload === undefined ? '' : (typeof w.payload === 'string' ? w.payload : w.payload.toString('latin1')).slice(0, 300);
  return `#${s.index} [${LABEL[s.who]}] ${w.method} ${w.url.slice(0, 300)} ${payload}${res ? ` → ${res.statusCode} ${res.body.slice(0, 300)}` : ''}`;
}

async function fire(s: Shot, token = sessions[s.who]?.token): Promise<Outcome> {
  const w = write(s);
  const headers = { ...w.headers, ...(token && !w.headers.authorization ? bearer(token) : {}) };
  const sentAt = Date.now();
  const res = await app.inject({ method: w.method as 'GET', url: w.url, headers, ...(w.payload !== undefined ? { payload: w.payload } : {}) });
  const key = `${opKey(s.op)} [${LABEL[s.who]}]`;
  const counts = tally.get(key) ?? {};
  const klass = `${Math.floor(res.statusCode / 100)}xx`;
  counts[klass] = (counts[klass] ?? 0) + 1;
  counts.ms = (counts.ms ?? 0) + Date.now() - sentAt;
  tally.set(key, counts);
  const line = () => describeShot(s, w, res);
  // A download or an .ics answers the file itself.
  const file = res.statusCode < 300 && s.op.answersFile && !/json/.test(String(res.headers['content-type']));
  let problem: string | undefined;
  if (res.statusCode >= 500) problem = `5xx: ${line()}`;
  else if (!file) {
    let answer: { code?: unknown; msg?: unknown; data?: unknown } | null = null;
    try {
      answer = res.json();
    } catch {
      /* not JSON */
    }
    if (!answer || answer.code !== res.statusCode || typeof answer.msg !== 'string') problem = `not the envelope: ${line()}`;
    else if (res.statusCode >= 400 && (answer.data !== null || !CJK.test(answer.msg))) problem = `error without a Chinese message: ${line()}`;
  }
  if (problem) failures.push(problem);
  return { status: res.statusCode, problem };
}

/** Sends the shots `CONCURRENCY` at a time; answers their outcomes in the shots' order. */
async function fireAll(shots: Shot[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(shots.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < shots.length) {
        const i = next++;
        outcomes[i] = await fire(shots[i]!);
      }
    }),
  );
  return outcomes;
}

const refused = (status: number) => status >= 400 && status < 500;

describe('fuzz over the OpenAPI document', () => {
  let ops: Operation[];
  let shots: Shot[];
  let logoutShots: Shot[];
  let outcomes: Outcome[];

  it('phase A: no generated request answers 5xx, and every answer is the envelope', async ({ annotate }) => {
    const started = Date.now();
    ops = operations((await app.inject({ method: 'GET', url: '/api/docs/json' })).json(), app);
    expect(ops.length).toBeGreaterThan(15);
    expect(ops.filter((op) => op.multipart).map(opKey)).toHaveLength(3);

    // Real captcha numbers, so registration and login get past the captcha now and then; most go
    // to registration, whose captcha is required.
    const captchas: string[] = [];
    for (let i = 0; i < 200; i++) captchas.push((await app.inject({ method: 'GET', url: AUTH_PATHS.captcha })).json().data.codeIndex);
    const pools: Record<string, string[]> = { [AUTH_PATHS.register]: captchas.slice(0, 150), [AUTH_PATHS.token]: captchas.slice(150, 175) };
    const otherPool = captchas.slice(175);

    const rng = prng(SEED);
    shots = [];
    logoutShots = [];
    for (const op of ops) {
      for (const who of IDENTITIES) {
        ctx = { accountId: sessions[who]?.account.id, codeIndexes: pools[op.path] ?? otherPool };
        const list = op.path === AUTH_PATHS.logout ? logoutShots : shots;
        for (const draft of draftsFor(rng, op, reachOf(op, who))) list.push({ index: shots.length + logoutShots.length, who, op, draft });
      }
    }
    outcomes = await fireAll(shots);

    // Logout last and one at a time, logged in as accounts of its own; after a logout that worked,
    // a fresh login of that account.
    const logoutTokens: Partial<Record<Who, string>> = {};
    for (const s of logoutShots) {
      const account = logoutAccounts[s.who];
      if (account && !logoutTokens[s.who]) logoutTokens[s.who] = (await loginAs(app, account)).access_token;
      const { status } = await fire(s, logoutTokens[s.who]);
      if (status === 200) logoutTokens[s.who] = undefined;
    }

    // The fuzz sessions lived through the whole run (else part of it was anonymous in disguise).
    for (const who of Object.keys(sessions) as Who[]) {
      const res = await app.inject({ method: 'GET', url: AUTH_PATHS.userInfo, headers: bearer(sessions[who]!.token) });
      expect(res.statusCode, `${LABEL[who]} session`).toBe(200);
    }

    const sent = shots.length + logoutShots.length;
    const multipart = shots.filter((s) => s.draft.kind === 'multipart').length;
    const accepted = outcomes.filter((o) => o.status < 300).length;
    await annotate(
      `seed ${SEED}: ${sent} requests (${multipart} multipart) over ${ops.length} operations × ${IDENTITIES.length} identities in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `${accepted} accepted, ${outcomes.filter((o) => refused(o.status)).length} refused, ${failures.length} failures`,
    );
    await annotate([...tally].map(([key, counts]) => `${key} ${JSON.stringify(counts)}`).join('\n'));
    expect(failures, failures.slice(0, 50).join('\n')).toEqual([]);
    expect(sent).toBeGreaterThan(MIN_REQUESTS / 2);
    // The run reached past the validators: a share of the requests was accepted, of every identity.
    for (const who of IDENTITIES) expect(outcomes.filter((o, i) => o.status < 300 && shots[i]!.who === who).length, LABEL[who]).toBeGreaterThan(20);
  });

  it('phase B: the requests phase A refused, replayed between checksums, change no data', async ({ annotate }) => {
    expect(outcomes, 'phase A ran').toBeDefined();
    const started = Date.now();
    const failuresBefore = failures.length;
    const replay = shots.filter((_s, i) => refused(outcomes[i]!.status));
    await jobsIdle(app);
    let before = await snapshot(app);

    // The checksum sees what an accepted request writes: a row, and a file on disk.
    const staff = sessions.staff!;
    const phone = await app.inject({ method: 'POST', url: ACCOUNT_PATHS.updatePhone, headers: bearer(staff.token), payload: { id: staff.account.id, phone: '13799990000' } });
    expect(phone.statusCode, phone.body).toBe(200);
    const { payload, contentType } = renderMultipart({ kind: 'multipart', parts: [{ field: 'file', filename: '核对.png', type: 'image/png', content: Buffer.concat([Buffer.from(PNG), Buffer.from('the checksum self-check')]) }], shape: 'ok' }, -1);
    const upload = await app.inject({ method: 'POST', url: FILE_PATHS.upload, headers: { ...bearer(staff.token), 'content-type': contentType }, payload });
    expect(upload.statusCode, upload.body).toBe(200);
    const probed = await snapshot(app);
    expect(changed(before, probed)).toEqual(expect.arrayContaining(['accounts', 'files', 'UPLOADS_DIR']));
    before = probed;
    let judged = 0;
    let unjudged = 0;
    let resent = 0;
    const changes: string[] = [];
    for (let from = 0; from < replay.length; from += BATCH) {
      const batch = replay.slice(from, from + BATCH);
      for (let attempt = 1; ; attempt++) {
        const answers = await fireAll(batch);
        const after = await snapshot(app);
        const tables = changed(before, after);
        if (answers.some((a) => !refused(a.status))) {
          // State moved since phase A and a request is now accepted: the batch proves nothing.
          unjudged += batch.length;
        } else if (tables.length === 0) {
          judged += batch.length;
        } else if (attempt < 3 && (await jobsRanSince(app, before.at))) {
          // A background job changed data meanwhile: once the jobs are done, the batch again.
          resent += batch.length;
          await jobsIdle(app);
          before = await snapshot(app);
          continue;
        } else {
          // Which of them? Each alone between checksums.
          let last = after;
          const culprits: string[] = [];
          for (const s of batch) {
            await fire(s);
            const now = await snapshot(app);
            if (changed(last, now).length) culprits.push(`${describeShot(s, write(s))} changed ${changed(last, now).join(', ')}`);
            last = now;
          }
          changes.push(`refused requests #${batch[0]!.index}–#${batch.at(-1)!.index} changed ${tables.join(', ')}:\n${culprits.join('\n') || '(none alone)'}`);
          before = last;
          break;
        }
        before = after;
        break;
      }
    }
    await annotate(
      `${replay.length} refused requests replayed in ${Math.ceil(replay.length / BATCH)} batches of ${BATCH} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${judged} judged (all refused again, checksums equal), ${unjudged} in batches where one was now accepted, ${resent} sent again after a background job`,
    );
    expect(changes, changes.join('\n\n')).toEqual([]);
    expect(failures.slice(failuresBefore), failures.slice(failuresBefore, failuresBefore + 50).join('\n')).toEqual([]);
    // Nearly every refused request was judged: an accepted one among them leaves its batch unjudged.
    expect(judged).toBeGreaterThan(replay.length * 0.9);
    expect(shots.length + logoutShots.length + replay.length + resent).toBeGreaterThanOrEqual(MIN_REQUESTS);
  });

  // What the fuzz found, each fixed where it was caused; the sweep sends these too.
  it('findings stay fixed', async () => {
    // A body with an unknown field 10,000 levels deep: the market's cache key stringified it (stack overflow, 500).
    const deep = await app.inject({ method: 'POST', url: '/api/v1/govbecalculator/getpolicyguidepage', headers: { 'content-type': 'application/json' }, payload: deepObject(10_000).text });
    expect(deep.statusCode, deep.body).toBe(200);
  });

  it('afterwards the app answers /healthz and a normal login', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ code: 200, data: { status: 'ok' } });
    for (const who of ['enterprise', 'staff', 'admin'] as const) {
      const { access_token } = await loginAs(app, sessions[who]!.account);
      const res = await app.inject({ method: 'GET', url: AUTH_PATHS.userInfo, headers: bearer(access_token) });
      expect(res.statusCode, LABEL[who]).toBe(200);
      expect(res.json().data).toMatchObject({ id: sessions[who]!.account.id });
    }
  });
});

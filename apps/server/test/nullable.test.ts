// Every request field that may be null keeps null as null. Fastify's validator coerces types, and
// inside `anyOf [string, null]` it turned null into "" (and `anyOf [number, null]` into 0): an
// empty field saved as a value. The walk covers every body, querystring and path parameter every
// API route declares, compiled by Fastify's own validator with the app's options.
import AjvCompiler from '@fastify/ajv-compiler';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AJV_CUSTOM_OPTIONS, type App } from '../src/app';
import { createTestApp } from './helpers/app';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: Schema | boolean;
}

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const admitsNull = (s: Schema) => [s.type].flat().includes('null') || [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some((x) => x.type === 'null');

const SAMPLE: Record<string, unknown> = { number: 0, integer: 0, boolean: false };
/** Simple values of the types a nullable node admits besides null (strings are not sampled: patterns). */
const valuesOf = (s: Schema) =>
  [s.type, ...[...(s.anyOf ?? []), ...(s.oneOf ?? [])].map((x) => x.type)]
    .flat()
    .filter((t): t is string => typeof t === 'string' && t in SAMPLE)
    .map((t) => SAMPLE[t]);

/** Every schema node under a request part that admits null, with where it is. */
function nullables(schema: Schema, where: string, out: { where: string; schema: Schema }[] = []) {
  if (admitsNull(schema)) out.push({ where, schema });
  for (const [k, s] of Object.entries(schema.properties ?? {})) nullables(s, `${where}.${k}`, out);
  if (schema.items) nullables(schema.items, `${where}[]`, out);
  if (typeof schema.additionalProperties === 'object') nullables(schema.additionalProperties, `${where}{}`, out);
  for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) nullables(s, where, out);
  return out;
}

it('every nullable request field keeps null as null (and a value as that value)', async () => {
  const found: { where: string; schema: Schema }[] = [];
  for (const route of app.routeAccess) {
    for (const part of ['body', 'querystring', 'params'] as const) {
      const schema = route.schema?.[part] as Schema | undefined;
      if (schema) nullables(schema, `${route.method} ${route.url} ${part}`, found);
    }
  }
  // The calculator's figures, the console's dates and addresses, the dictionaries' extra fields…
  expect(found.length).toBeGreaterThan(10);

  const compile = AjvCompiler()({}, { customOptions: AJV_CUSTOM_OPTIONS });
  const coerced: string[] = [];
  for (const { where, schema } of found) {
    const validate = compile({ schema: { type: 'object', properties: { v: schema } } }) as (data: unknown) => boolean; // no async keywords here
    const data: { v: unknown } = { v: null };
    validate(data);
    if (data.v !== null) coerced.push(`${where}: null became ${JSON.stringify(data.v)}`);
    // And a value of the type it admits besides null stays that value (0 is not "empty").
    for (const value of valuesOf(schema)) {
      const kept = { v: value };
      if (validate(kept) && kept.v !== value) coerced.push(`${where}: ${JSON.stringify(value)} became ${JSON.stringify(kept.v)}`);
    }
  }
  expect(coerced).toEqual([]);
});

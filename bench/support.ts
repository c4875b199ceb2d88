// What the benchmarks share: a database of their own on an embedded PostgreSQL, and the built web
// app's manifest read as "what a page pulls in".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import { prepareDatabase } from '../apps/server/src/setup/database';

/** A migrated database `bench` on a fresh embedded PostgreSQL; `stop` removes it all. */
export async function startBenchDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-bench-'));
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), logger: pino({ level: 'warn' }) });
  const stop = async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const admin = new pg.Client({ connectionString: server.connectionString() });
    await admin.connect();
    await admin.query('create database bench');
    await admin.end();
    const url = server.connectionString('bench');
    await prepareDatabase(url);
    return { url, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, Chunk>;

export const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

export function readManifest(dist = WEB_DIST): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${dist} is not built (with its manifest): run npm run build first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** Every file a chunk pulls in before it runs: itself, its static imports (recursively), their CSS. */
export function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

export const entryKey = (manifest: Manifest) => {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('no entry in the manifest: build with build.manifest = true');
  return key;
};

/** A page's chunk by its file name ('home-page' is the portal's, not admin-home-page). */
export const chunkOf = (manifest: Manifest, name: string) => Object.keys(manifest).find((k) => k.endsWith(`/${name}.tsx`) || k.endsWith(`/${name}.ts`));

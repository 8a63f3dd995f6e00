// `npm run db:move-embedded`: moves the data folder's PGlite database into the embedded
// PostgreSQL (db/move-embedded.ts), with the server stopped — it takes the DATA_DIR lock itself.
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.js';
import { MoveFailedError, moveToEmbeddedPostgres } from './db/move-embedded.js';

async function main() {
  const config = loadConfig();
  if (config.DATABASE_URL)
    throw new Error('DATABASE_URL is set: this server does not use an embedded database');
  const release = lockDataDir(config.dataDir);
  try {
    console.log(`Moving the PGlite database of ${config.dataDir} into an embedded PostgreSQL…`);
    const report = await moveToEmbeddedPostgres(config.dataDir, { log: (line) => console.log(line) });
    const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Done: ${rows} rows in ${report.tables.length} tables and ${report.sequences} sequences copied, every count checked.\n` +
        `The server now starts on the embedded PostgreSQL. The PGlite folder is kept at ${report.keptAt}; delete it once you are satisfied.`,
    );
  } finally {
    release();
  }
}

main().catch((err) => {
  // a failed move's message says what state it left the data folder in
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof MoveFailedError)
    console.error(err.message);
  else console.error(`Nothing was changed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

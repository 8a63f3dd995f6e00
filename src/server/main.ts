// Entry point: read config, open and migrate the database, seed, build the app, listen, and
// close gracefully on SIGINT/SIGTERM.
import { buildApp } from './app.js';
import { type Config, ConfigError, isLocalAddress, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.js';
import { EmbeddedDatabaseError, openEmbeddedDatabase } from './db/embedded.js';
import { migrateDatabase } from './db/migrate.js';
import { seedDatabase } from './db/seed/index.js';
import { buildDeps } from './deps.js';
import { ensureAdmin } from './modules/auth/service.js';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // one server per data folder: the embedded database must not be opened twice
  let releaseDataDir = () => {};
  if (!config.DATABASE_URL) {
    try {
      releaseDataDir = lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
  }
  const embedded = config.DATABASE_URL
    ? null
    : await openEmbeddedDatabase({
        dataDir: config.dataDir,
        preference: config.EMBEDDED_DATABASE,
        log: (line) => {
          // PostgreSQL's warnings and failures; its routine LOG lines (start, stop) are left out
          if (
            /\b(WARNING|FATAL|PANIC):/.test(line) &&
            !/the database system is (starting up|shutting down)/.test(line)
          )
            console.error(`[postgres] ${line}`);
        },
        onFatal: (err) => {
          console.error(`The embedded database stopped: ${err.message}`);
          process.exit(1);
        },
      });
  const database = embedded ?? (await openDatabase({ databaseUrl: config.DATABASE_URL }));
  await migrateDatabase(database);
  await seedDatabase(database);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  }
  const app = await buildApp(await buildDeps(config, database), { serveWeb: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    releaseDataDir();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (embedded) {
    const name = embedded.engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
    app.log.info(`Database: embedded ${name} in ${embedded.dir} (${embedded.why})`);
  } else app.log.info('Database: PostgreSQL (DATABASE_URL)');
  if (database.created?.from === 'image') app.log.info('Database: new data folder from the build image');
  else if (database.created)
    app.log.info(
      `Database: new data folder by initdb and migrations${database.created.why ? ` (${database.created.why})` : ''}`,
    );
  logPayments(app.log, config);
}

function logPayments(log: { info: (m: string) => void; warn: (m: string) => void }, config: Config) {
  if (config.paymentsProvider === 'stripe') log.info('Payments: Stripe');
  else if (config.paymentsProvider === 'none')
    log.warn(
      'Payments: none. This deployment has no Stripe keys, so credits cannot be bought; set the STRIPE_* keys, or PAYMENTS=sandbox for test cards that credit without charging',
    );
  else if (isLocalAddress(config.PUBLIC_URL))
    log.info('Payments: sandbox (test cards, no money; the local default)');
  else
    log.warn(
      `Payments: SANDBOX on ${config.PUBLIC_URL} (PAYMENTS=sandbox): anyone signed in can add credits with a test card`,
    );
}

main().catch((err) => {
  // a cause the message names with what to do: no stack trace
  console.error(err instanceof EmbeddedDatabaseError ? err.message : err);
  process.exit(1);
});

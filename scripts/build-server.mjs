// Compiles the server (src/server and src/shared) to JavaScript in dist/app with tsc, and copies
// what it reads at run time beside the code: the SQL migrations and the worker threads' boot file.
// It also makes the image a new embedded data folder starts from (initdb and every migration
// already run, no seed: that depends on the deployment's settings), so a first start skips both.
// `npm run build` runs it after the web build; `npm start` runs it when the build is missing or
// older than its sources. Type errors are reported by `npm run typecheck`, not here: the build
// only emits.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist/app');

const tsc = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json', '--noCheck'], {
  cwd: root,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(out, 'server/db/migrations'), {
  recursive: true,
});
fs.copyFileSync(path.join(root, 'src/server/workers/boot.mjs'), path.join(out, 'server/workers/boot.mjs'));

// Made with the compiled code, so the image has exactly the settings and migrations it will open with.
const { openDatabase, writePgliteDirImage, PGLITE_DIR_IMAGE } = await import(
  path.join(out, 'server/db/client.js')
);
const { migrateDatabase } = await import(path.join(out, 'server/db/migrate.js'));
const database = await openDatabase({});
await migrateDatabase(database);
const tarball = await database.dumpImage();
await database.close();
writePgliteDirImage(PGLITE_DIR_IMAGE, gzipSync(new Uint8Array(await tarball.arrayBuffer())));

// The embedded PostgreSQL (decision 017): its shared-library links (its package's install script
// makes them when npm runs install scripts), made here too so a server that may not write
// node_modules (a non-root user in the Docker image) finds them in place; and the image a new data
// folder starts from: initdb and every migration, done once here instead of at each first start.
const pgModule = await import(path.join(out, 'server/db/embedded-postgres.js'));
const bins = await pgModule.findBinaries();
const runAs = pgModule.runAsUser();
const unavailable = bins.unavailable ?? runAs.unavailable;
if (unavailable)
  console.log(`embedded PostgreSQL unavailable here (no image; PGlite instead): ${unavailable}`);
else {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'postgres-image-'));
  fs.chmodSync(scratch, 0o755); // as root, PostgreSQL runs as the postgres user
  try {
    const dir = path.join(scratch, 'postgres');
    const server = await pgModule.startEmbeddedPostgres({ dir, bins, runAs, image: '' });
    try {
      const pgDatabase = await openDatabase({ databaseUrl: server.url });
      await migrateDatabase(pgDatabase);
      await pgDatabase.close();
    } finally {
      await server.stop();
    }
    pgModule.writePostgresDirImage(pgModule.POSTGRES_DIR_IMAGE, dir, bins);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

fs.writeFileSync(path.join(out, 'BUILT'), `${new Date().toISOString()}\n`);

// Compiles the server (src/server and src/shared) to JavaScript in dist/app with tsc, and copies
// what it reads at run time beside the code: the SQL migrations and the worker threads' boot file.
// It also makes the image a new embedded data folder starts from (initdb and every migration
// already run, no seed: that depends on the deployment's settings), so a first start skips both.
// `npm run build` runs it after the web build; `npm start` runs it when the build is missing or
// older than its sources. Type errors are reported by `npm run typecheck`, not here: the build
// only emits.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
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

// The embedded PostgreSQL's shared-library links (its package's install script makes them, when npm
// runs install scripts): made here too, so a server that may not write node_modules (a non-root
// user in the Docker image) finds them in place.
const { findBinaries } = await import(path.join(out, 'server/db/embedded-postgres.js'));
const bins = await findBinaries();
if ('unavailable' in bins) console.log(`embedded PostgreSQL unavailable here (PGlite instead): ${bins.unavailable}`);

fs.writeFileSync(path.join(out, 'BUILT'), `${new Date().toISOString()}\n`);

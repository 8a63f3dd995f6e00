import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Four projects: unit tests (no database) of the server and scripts (`unit`), the browser's
// (`web`), and the same integration tests (*.int.test.ts) on embedded PGlite and on a real
// PostgreSQL server. A test that needs a real server (several connections, a server that cuts
// them) is a *.pg.int.test.ts, run by the postgres project only, so it is counted there (and as
// skipped by `npm test` when no server answers), never hidden.
//
// The integration files of a worker share one module registry (`isolate: false`): each file builds
// its own app on its own database, so what a fresh registry gave them was a second import of the
// same modules (and PGlite's WebAssembly compiled again): 1.5 s a file, 80 of the postgres
// project's 176 s on this 2-core machine (pglite 235 → 136 s, postgres 176 → 120 s, 27 Nov); the
// server's and scripts' unit files likewise (120 → 97 s). A file that mocks a module resets the
// registry before its imports and after its tests (call-end-races.int.test.ts;
// shared-registry.test.ts checks it). The browser's files (`web`) stay isolated: they mock
// modules and share a DOM.
const integration = 'src/**/*.int.test.{ts,tsx}';
const postgresOnly = 'src/**/*.pg.int.test.{ts,tsx}';
const web = 'src/web/**/*.test.{ts,tsx}';
export default defineConfig({
  resolve: {
    alias: {
      '@': new URL('./src/web', import.meta.url).pathname,
      '@shared': new URL('./src/shared', import.meta.url).pathname,
    },
  },
  test: {
    reporters: ['default'],
    // Vitest's default on N cores is N − 1 workers: one on the 2-core CI machine, where most files
    // spend much of their time waiting (a database, a spawned server, a socket). Two keep both cores
    // busy (the three projects on this 2-core machine: 532 s with one worker, 308 s with two).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // `npm run coverage`: lines of src/ run by the unit and PGlite projects (the figure the
    // structure work must not lower; see docs/performance.md).
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.{ts,tsx}', 'src/server/test-support/**', 'src/**/*.d.ts'],
      reporter: ['text-summary', 'json-summary'],
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // everything but the browser's and the integration files, so no test falls between projects
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: [integration, web],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'web', include: [web], exclude: [integration] },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: [integration],
          isolate: false,
          exclude: [postgresOnly],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['src/server/test-support/global-setup-pglite.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [integration],
          isolate: false,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['src/server/test-support/global-setup-postgres.ts'],
        },
      },
    ],
  },
});

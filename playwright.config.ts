import { defineConfig } from '@playwright/test';
import { chromiumPath } from './scripts/chromium-path.mjs';

// Journeys in the system Chromium (its headless shell when installed: scripts/chromium-path.mjs)
// against the real server on a fresh embedded database.
// The fake microphone plays e2e/fixtures/answer.wav (made by espeak-ng in .ci/run / e2e setup).
//
// One worker by default, with a server (and embedded database) of its own on E2E_PORT; a spec file
// runs whole in one worker, in order. E2E_WORKERS=N runs N workers, each with its own server on
// E2E_PORT + its parallel index, so no journey shares a server's state with one running beside it.
// Two halved the run on the first 2-core machine (486 → 294 s), where most of a journey was
// waiting; on the slower 2-core VM CI now runs on, the journeys are CPU-bound and two took longer
// than one (all 87: 768 s with two, 672 s with one, 27 Nov; three ran at load 15 and timed out two
// journeys). Playwright loads this file again in each worker with TEST_PARALLEL_INDEX set: `baseURL`
// is that worker's server there.
const asked = Number(process.env.E2E_WORKERS);
if (process.env.E2E_WORKERS !== undefined && !(Number.isInteger(asked) && asked > 0))
  throw new Error(`E2E_WORKERS: a whole number above 0, not ${process.env.E2E_WORKERS}`);
const workers = process.env.E2E_WORKERS === undefined ? 1 : asked;
const firstPort = Number(process.env.E2E_PORT ?? 3100);
const serverURL = (index: number) => `http://127.0.0.1:${firstPort + index}`;
export const baseURL = serverURL(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list'], ['json']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${process.cwd()}/.tmp/e2e/answer.wav`,
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'node e2e/start-server.mjs',
    env: { E2E_PORT: String(firstPort + index) },
    url: `${serverURL(index)}/api/noop`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});

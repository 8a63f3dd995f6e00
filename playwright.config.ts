import { defineConfig } from '@playwright/test';
import { chromiumPath } from './scripts/chromium-path.mjs';

// Journeys in the system Chromium (its headless shell when installed: scripts/chromium-path.mjs)
// against the real server on a fresh embedded database.
// The fake microphone plays e2e/fixtures/answer.wav (made by espeak-ng in .ci/run / e2e setup).
//
// Two workers, each with a server (and embedded database) of its own on E2E_PORT + its parallel
// index, so no journey shares a server's state with one running beside it; a spec file runs whole
// in one worker, in order, as before. Most of a journey is waiting (a page, a spoken welcome, an
// evaluation), so two at once nearly halve the run on 2 cores. Playwright loads this file again in
// each worker with TEST_PARALLEL_INDEX set: `baseURL` is that worker's server there.
// E2E_WORKERS sets another count for a bigger machine: three on this 2-core one (27 Nov) ran at load
// 15 and timed out two journeys (an axe sweep, the spoken answer).
const asked = Number(process.env.E2E_WORKERS);
if (process.env.E2E_WORKERS !== undefined && !(Number.isInteger(asked) && asked > 0))
  throw new Error(`E2E_WORKERS: a whole number above 0, not ${process.env.E2E_WORKERS}`);
const workers = process.env.E2E_WORKERS === undefined ? 2 : asked;
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

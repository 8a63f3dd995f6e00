// bench/lighthouse: Lighthouse performance of the visitor's pages, with the system Chromium
// (CHROME_PATH, default /usr/bin/chromium), against the built app served by the real server on a
// fresh embedded database. Needs `npx vite build` first. Prints the score (target 95 for `/`) and
// the core metrics for the mobile (Lighthouse default, simulated slow 4G and 4x CPU) and desktop
// presets. Baseline, measured in the same run: Lighthouse's own benchmarkIndex of this machine
// (higher is faster; a busy machine shows up as a low index rather than as a regression of the app).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3190);
const origin = `http://127.0.0.1:${port}`;
const PAGES = ['/', '/scenarios'];
const TARGET = 95;

if (!fs.existsSync(path.join(root, 'dist/web/index.html'))) {
  console.error('no dist/web: run `npx vite build` first');
  process.exit(1);
}

async function startServer(): Promise<ChildProcess> {
  const dataDir = path.join(root, '.tmp/bench-lighthouse');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('server did not start within 120 s');
}

type Row = {
  benchmarkIndex: number;
  score: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  si: string;
};

async function measure(url: string, chromePort: number, desktop: boolean): Promise<Row> {
  const result = await lighthouse(
    url,
    { port: chromePort, onlyCategories: ['performance'], logLevel: 'error', output: 'json' },
    desktop ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  const shown = (id: string) => lhr.audits[id]?.displayValue ?? '–';
  return {
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: shown('first-contentful-paint'),
    lcp: shown('largest-contentful-paint'),
    tbt: shown('total-blocking-time'),
    cls: shown('cumulative-layout-shift'),
    si: shown('speed-index'),
  };
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
let landingMobile = 0;
try {
  console.log(
    [
      'preset'.padEnd(9),
      'page'.padEnd(12),
      'score',
      '  FCP',
      '     LCP',
      '     TBT',
      '     CLS',
      '    SI',
      ' baseline*',
    ].join(' '),
  );
  for (const desktop of [false, true]) {
    for (const page of PAGES) {
      const row = await measure(`${origin}${page}`, chrome.port, desktop);
      if (page === '/' && !desktop) landingMobile = row.score;
      console.log(
        [
          (desktop ? 'desktop' : 'mobile').padEnd(9),
          page.padEnd(12),
          String(row.score).padStart(5),
          row.fcp.padStart(6),
          row.lcp.padStart(8),
          row.tbt.padStart(8),
          row.cls.padStart(8),
          row.si.padStart(6),
          String(row.benchmarkIndex).padStart(10),
        ].join(' '),
      );
    }
  }
  console.log('* Lighthouse benchmarkIndex of this machine during the run (higher is faster)');
  console.log(
    `\ntarget: performance ${TARGET}+ for / (mobile) → ${landingMobile} (${landingMobile >= TARGET ? 'met' : 'NOT met'})`,
  );
} finally {
  chrome.kill();
  server.kill();
}

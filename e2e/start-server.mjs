// Starts the app for the journeys on a fresh embedded database with a known admin account.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = `.tmp/e2e/data-${port}`;
fs.rmSync(dataDir, { recursive: true, force: true });
// The compiled server (as `npm start` runs it) when its build is newer than its sources — `npm test`
// builds it first — else the sources through tsx (a journey run by hand after an edit).
const newest = (dir) =>
  Math.max(
    ...fs
      .readdirSync(dir, { withFileTypes: true })
      .map((e) => (e.isDirectory() ? newest(`${dir}/${e.name}`) : fs.statSync(`${dir}/${e.name}`).mtimeMs)),
  );
const built =
  fs.existsSync('dist/app/BUILT') &&
  fs.statSync('dist/app/BUILT').mtimeMs > Math.max(newest('src/server'), newest('src/shared'));
const [command, args] = built
  ? [process.execPath, ['dist/app/server/main.js']]
  : ['npx', ['tsx', 'src/server/main.ts']];
console.log(`e2e server: ${built ? 'compiled (dist/app)' : 'sources (tsx)'}`);
const child = spawn(command, args, {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'admin-password-1',
    LOG_LEVEL: 'warn',
    // the persona speaks fast: a journey waits for each line to be played before it answers, and
    // at an unhurried 165 words a minute that waiting was about 40 % of the journeys' time
    VOICE_WORDS_PER_MINUTE: '450',
    // admin-only call seeding for the dashboard journey; never set in production
    E2E_SEED: '1',
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));

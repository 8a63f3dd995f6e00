// `npm run lint:dup`: copy-paste detection on src/ with jscpd (.jscpd.json says what is scanned and
// how long a clone must be). jscpd's own threshold is a percentage of duplicated lines, which a new
// clone in a growing code base barely moves; this check counts clones instead and fails when there
// are more than `--max-clones N` (the ones known when the check was set; lower N as they go, so a
// new clone fails CI). Every clone found is printed, both places, either way.
// What is scanned (.jscpd.json): the code written here. Not the tests (*.test.ts[x]): a test spells
// out its request and its expectations in place on purpose, and their repeated set-ups (14 more
// clones) would drown the signal; the helpers tests share (server/test-support) are scanned. Not the
// data (JSON), the migrations drizzle-kit generates, nor the vendored shadcn components
// (web/components/ui, outside Biome too). 5 lines / 40 tokens finds the repeated utterance query;
// jscpd's default 50 tokens does not. A one-line clone (escapeLike) is below any useful size.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const arg = process.argv.indexOf('--max-clones');
const maxClones = arg === -1 ? 0 : Number(process.argv[arg + 1]);
if (!Number.isInteger(maxClones) || maxClones < 0) {
  console.error('usage: check-duplicates.mjs [--max-clones N]');
  process.exit(2);
}

const config = JSON.parse(fs.readFileSync(path.join(root, '.jscpd.json'), 'utf8'));
const report = path.join(root, config.output, 'jscpd-report.json');
fs.rmSync(report, { force: true });
// the json reporter only: the list below is shorter than jscpd's console output
const r = spawnSync('jscpd', ['--config', '.jscpd.json', '--reporters', 'json', '--silent'], {
  cwd: root,
  stdio: 'inherit',
});
if (r.error || r.status !== 0 || !fs.existsSync(report)) {
  console.error(`jscpd did not run${r.error ? `: ${r.error.message}` : ''}`);
  process.exit(1);
}

const { duplicates } = JSON.parse(fs.readFileSync(report, 'utf8'));
// jscpd names a file from the folder it scanned when it scans one
const base = config.path.length === 1 ? config.path[0] : '';
const where = (f) => `${path.join(base, f.name)}:${f.start}-${f.end}`;
for (const d of duplicates)
  console.log(`${where(d.firstFile)}  =  ${where(d.secondFile)}  (${d.lines} lines)`);
const verdict = `${duplicates.length} clone${duplicates.length === 1 ? '' : 's'} of ${config.minLines}+ lines in ${config.path.join(', ')} (at most ${maxClones} allowed)`;
if (duplicates.length > maxClones) {
  console.error(`✗ ${verdict}: put the repeated code in one place (report: ${path.relative(root, report)})`);
  process.exit(1);
}
console.log(`✓ ${verdict}`);

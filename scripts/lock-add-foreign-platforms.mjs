// Adds lockfile entries for the platform-specific optional packages (other operating systems and
// CPUs) that this machine's registry mirror does not serve. Without them `npm ci` refuses the
// lockfile ("Missing: @biomejs/cli-darwin-arm64@ from lock file"), although it would skip those
// packages here anyway. Each entry gets the version its parent asks for and the os/cpu/libc read
// from its name, so npm skips it on every other platform exactly as with a full lockfile.
// Run after `npm install` whenever package-lock.json changes: `node scripts/lock-add-foreign-platforms.mjs`.
import fs from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const pkgs = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'netbsd',
  'sunos',
  'win32',
  'aix',
  'openharmony',
];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32'];
function platformOf(name) {
  const parts = name.split('/').pop().split(/[-_]/);
  const os = parts.find((p) => OS.includes(p)) ?? (parts.includes('win32') ? 'win32' : undefined);
  const cpu = parts.find((p) => CPU.includes(p));
  const libc = parts.includes('musl')
    ? 'musl'
    : parts.includes('gnu') && os === 'linux'
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [location, meta] of Object.entries(pkgs)) {
  for (const [dep, range] of Object.entries(meta.optionalDependencies ?? {})) {
    // npm resolves a dependency next to its parent first, then up the tree.
    const nested = `${location ? `${location}/` : ''}node_modules/${dep}`;
    if (pkgs[nested] || pkgs[`node_modules/${dep}`]) continue;
    const version = String(range).replace(/^[\^~=]/, '');
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue; // not a platform package: a real gap, leave it for npm to report
    pkgs[`node_modules/${dep}`] = {
      version,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc: [libc] } : {}),
    };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile: added ${added} foreign-platform optional entries`);

// What a browser downloads for a route, gzipped: the entry (index.html's script and styles with
// their static imports), the app it loads (start-app and its static imports) and the route's lazy
// page chunk and its static imports. The prerendered `/` (landing.html) loads only the entry until
// the visitor's first intent: that is printed apart. Reads the
// manifest of the last `vite build` (dist/web/.vite/manifest.json, or BUNDLE_DIR); run `npx vite build` first.
// Baseline, measured in the same run: all JS and CSS the build emits.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; src?: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, Chunk>;

const root = path.resolve(import.meta.dirname, '..');
const distDir = process.env.BUNDLE_DIR ?? path.join(root, 'dist/web');
const manifestPath = path.join(distDir, '.vite/manifest.json');
const TARGET_JS_KB = 150;

/** The routes a visitor and a signed-in user first open, by their page module. */
const ROUTES = [
  { label: '/ (visitor: landing)', page: 'features/landing/landing-page.tsx' },
  { label: '/scenarios (visitor)', page: 'features/scenarios/scenarios-page.tsx' },
  { label: '/ (signed in: dashboard)', page: 'features/calls/dashboard-page.tsx' },
];

if (!fs.existsSync(manifestPath)) {
  console.error(`no ${path.relative(root, manifestPath)}: run \`npx vite build\` first`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;

const gzCache = new Map<string, number>();
function gzBytes(file: string): number {
  let n = gzCache.get(file);
  if (n === undefined) {
    n = gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
    gzCache.set(file, n);
  }
  return n;
}

/** The chunk's files and those of everything it imports statically. */
function closure(key: string, seen = new Set<string>(), files = new Set<string>()): Set<string> {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imp of chunk.imports ?? []) closure(imp, seen, files);
  return files;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('manifest has no entry chunk');
const entryOnly = closure(entryKey);
// index.html preloads the app beside the entry, which imports it at once (src/web/main.tsx)
const appKey = Object.keys(manifest).find(
  (k) => manifest[k].src === 'start-app.tsx' || k === 'start-app.tsx',
);
if (!appKey) throw new Error('manifest has no start-app chunk');
const entryFiles = closure(appKey, new Set(), new Set(entryOnly));

const sum = (files: Iterable<string>, ext: string) =>
  [...files].filter((f) => f.endsWith(ext)).reduce((total, f) => total + gzBytes(f), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)}%`;

const allFiles = Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]);
const allJs = sum(new Set(allFiles), '.js');
const allCss = sum(new Set(allFiles), '.css');

console.log(`baseline: the whole build is ${kb(allJs)} JS and ${kb(allCss)} CSS gzipped`);
console.log(
  `entry alone (all a visitor's prerendered / loads before the first intent): ${kb(sum(entryOnly, '.js'))} JS, ${kb(sum(entryOnly, '.css'))} CSS`,
);
console.log(`entry and app: ${kb(sum(entryFiles, '.js'))} JS, ${kb(sum(entryFiles, '.css'))} CSS\n`);
console.log(
  [
    'route'.padEnd(28),
    'JS gz'.padStart(10),
    'of all'.padStart(8),
    'CSS gz'.padStart(10),
    'files'.padStart(6),
  ].join(''),
);
let landingJs = 0;
for (const route of ROUTES) {
  const pageKey = Object.keys(manifest).find((k) => manifest[k].src === route.page || k === route.page);
  if (!pageKey) {
    console.log(`${route.label.padEnd(28)} (no chunk for ${route.page})`);
    continue;
  }
  const files = closure(pageKey, new Set(), new Set(entryFiles));
  const js = sum(files, '.js');
  const css = sum(files, '.css');
  if (route.page.includes('landing')) landingJs = js;
  console.log(
    [
      route.label.padEnd(28),
      kb(js).padStart(10),
      pct(js, allJs).padStart(8),
      kb(css).padStart(10),
      String(files.size).padStart(6),
    ].join(''),
  );
}
const ok = landingJs > 0 && landingJs < TARGET_JS_KB * 1024;
console.log(
  `\ntarget: under ${TARGET_JS_KB} KB gzipped JS for / → ${kb(landingJs)} (${ok ? 'met' : 'NOT met'})`,
);

// `npm run lint:imports`: imports run downhill. Checks src against the rules in
// .dependency-cruiser.cjs (the layers, no cycles) and exits non-zero on any violation.
//
// Why it compiles first: dependency-cruiser 17 parses TypeScript only through the compiler's
// JavaScript API (typescript < 7) or swc, and this project builds with TypeScript 7, whose package
// has no such API. So the check reads what tsc emits — with type checking off that takes seconds —
// into a scratch folder under .tmp, cruises that, and names files by their sources again in the
// report. The emitted code also settles which imports count: tsc drops `import type` and imports
// used only as types, which is the exemption the rules give type-only imports.
//
// Violations listed in .dependency-cruiser-known-violations.json (dependency-cruiser's baseline
// format) are reported but do not fail, until they are gone: a listed violation that no longer
// occurs fails the check too, so the list only ever shrinks and is deleted once empty.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, format, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

export type ImportViolation = { rule: string; from: string; to: string };

export type ImportCheck = {
  /** what fails the check */
  violations: ImportViolation[];
  /** violations listed as known: reported, not failing */
  known: ImportViolation[];
  /** listed as known but no longer found */
  stale: ImportViolation[];
  /** dependency-cruiser's `err` report, with the sources' file names */
  report: string;
};

/**
 * Cruises the `src` folder of the TypeScript project `project` (a tsconfig whose folder holds
 * `src`) against the rules in `rules`, forgiving the violations listed in `known` (if it exists).
 */
export async function checkImports({
  project = path.join(root, 'tsconfig.json'),
  rules = path.join(root, '.dependency-cruiser.cjs'),
  known = path.join(root, '.dependency-cruiser-known-violations.json'),
}: {
  project?: string;
  rules?: string;
  /** null: forgive nothing */
  known?: string | null;
} = {}): Promise<ImportCheck> {
  const projectDir = path.dirname(path.resolve(project));
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  // inside the repository, so the emitted files resolve packages from its node_modules
  const outDir = fs.mkdtempSync(path.join(root, '.tmp', 'imports-'));
  try {
    const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
    const emit = spawnSync(
      process.execPath,
      [tsc, '-p', project, '--noCheck', '--noEmit', 'false', '--outDir', outDir, '--rootDir', projectDir],
      { cwd: projectDir, encoding: 'utf8' },
    );
    if (emit.status !== 0) throw new Error(`tsc could not emit ${project}:\n${emit.stdout}${emit.stderr}`);

    const options = await extractDepcruiseOptions(rules);
    const knownList: IViolation[] =
      known && fs.existsSync(known) ? JSON.parse(fs.readFileSync(known, 'utf8')) : [];
    const cruised = await cruise(
      ['src'],
      { ...options, baseDir: outDir, knownViolations: toEmittedNames(knownList) },
      // the path aliases of tsconfig.json and vite.config.ts
      { alias: { '@': path.join(outDir, 'src/web'), '@shared': path.join(outDir, 'src/shared') } },
    );
    const result = toSourceNames(cruised.output as ICruiseResult, projectDir);
    const report = await format(result, { outputType: 'err' });
    const found = (v: IViolation) => ({ rule: v.rule.name, from: v.from, to: v.to });
    const forgiven = result.summary.violations.filter((v) => v.rule.severity === 'ignore').map(found);
    const same = (a: ImportViolation) => (b: ImportViolation) =>
      a.rule === b.rule && a.from === b.from && a.to === b.to;
    const stale = knownList.map(found).filter((k) => !forgiven.some(same(k)));
    // drops the CLI's hint: this script has no such flag, and lists them below
    let text = String(report.output).replace(' Run with --no-ignore-known to see them.', '');
    const knownName = path.basename(known ?? '');
    if (forgiven.length > 0) {
      text += `${forgiven.length} known violation(s), listed in ${knownName}, not failing:\n`;
      text += forgiven.map((v) => `  ${v.rule}: ${v.from} → ${v.to}\n`).join('');
    }
    if (stale.length > 0) {
      text += `${stale.length} violation(s) listed in ${knownName} no longer occur; remove them:\n`;
      text += stale.map((v) => `  ${v.rule}: ${v.from} → ${v.to}\n`).join('');
    }
    return {
      violations: result.summary.violations.filter((v) => v.rule.severity !== 'ignore').map(found),
      known: forgiven,
      stale,
      report: text,
    };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/** The known violations' source names (`src/server/app.ts`) as the cruise sees them (`.js`). */
function toEmittedNames(known: IViolation[]): IViolation[] {
  return JSON.parse(JSON.stringify(known), (_key, value) =>
    typeof value === 'string' ? value.replace(/^(src\/.*)\.tsx?$/, '$1.js') : value,
  ) as IViolation[];
}

/** `src/server/app.js` back to `src/server/app.ts` (or .tsx) wherever the result names a file. */
function toSourceNames(result: ICruiseResult, projectDir: string): ICruiseResult {
  const source = (name: string) => {
    if (!name.endsWith('.js')) return name;
    const stem = name.slice(0, -'.js'.length);
    for (const ext of ['.ts', '.tsx'])
      if (fs.existsSync(path.join(projectDir, stem + ext))) return stem + ext;
    return name;
  };
  return JSON.parse(JSON.stringify(result), (_key, value) =>
    typeof value === 'string' ? source(value) : value,
  ) as ICruiseResult;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { violations, stale, report } = await checkImports();
  process.stdout.write(report);
  process.exit(violations.length > 0 || stale.length > 0 ? 1 : 0);
}

// The integration projects and the `unit` project run a worker's files in one module registry
// (`isolate: false` in vitest.config.ts). A file that mocks a module would otherwise get the
// unmocked copies an earlier file imported, or leave its mocks to the files after it: each such
// file resets the registry before its imports (in vi.hoisted) and, after its tests, unmocks and
// resets again. (Node's own require.cache is shared too and no reset clears it: see
// builtin-evaluator-thread.test.ts.)
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
/** the files of the projects without isolation: every test file but the browser's (`web`) */
const sharedFiles = () =>
  ['src', 'scripts'].flatMap((dir) =>
    (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[])
      .map((f) => path.join(dir, f))
      .filter(
        (f) => /\.test\.tsx?$/.test(f) && !f.startsWith('src/web/') && !f.endsWith('shared-registry.test.ts'),
      ),
  );

/** What a file that mocks modules lacks to run in a shared registry (none: nothing). */
function sharedRegistryProblems(source: string): string[] {
  const mocked = [...source.matchAll(/vi\.(?:do)?[mM]ock\(\s*(['"])(.+?)\1/g)].map((m) => m[2]);
  if (mocked.length === 0) return [];
  const problems: string[] = [];
  // a block up to its closing line, `});` at the start of a line (Biome's layout)
  const block = (opening: string) => source.match(new RegExp(`${opening}\\([\\s\\S]*?\\n\\}\\);`))?.[0] ?? '';
  if (!block('vi\\.hoisted').includes('vi.resetModules()'))
    problems.push('no vi.resetModules() inside vi.hoisted, before its imports');
  const afterAll = block('afterAll');
  if (!afterAll.includes('vi.resetModules()')) problems.push('no vi.resetModules() in afterAll');
  for (const m of new Set(mocked))
    if (!afterAll.includes(`vi.doUnmock('${m}')`)) problems.push(`no vi.doUnmock('${m}') in afterAll`);
  return problems;
}

describe('test files in a shared module registry', () => {
  it('reset the registry around any module they mock', () => {
    const files = sharedFiles();
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((f) =>
      sharedRegistryProblems(fs.readFileSync(path.join(root, f), 'utf8')).map((p) => `${f}: ${p}`),
    );
    expect(problems).toEqual([]);
  });

  it('names what a mocking file lacks', () => {
    const bare = `vi.mock('./a.js', () => ({}));\nconst x = vi.hoisted(() => ({ n: 0 }));\nafterAll(() => {\n  close();\n});\n`;
    expect(sharedRegistryProblems(bare)).toEqual([
      'no vi.resetModules() inside vi.hoisted, before its imports',
      'no vi.resetModules() in afterAll',
      "no vi.doUnmock('./a.js') in afterAll",
    ]);
    const whole = `const x = vi.hoisted(() => {\n  vi.resetModules();\n  return { n: 0 };\n});\nvi.mock('./a.js', () => ({}));\nafterAll(async () => {\n  vi.doUnmock('./a.js');\n  vi.resetModules();\n});\n`;
    expect(sharedRegistryProblems(whole)).toEqual([]);
    expect(sharedRegistryProblems('it("plain", () => {});')).toEqual([]);
  });
});

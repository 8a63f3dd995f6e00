// Every journey runs under the app's real Content-Security-Policy and fails on any violation of
// it (issue 12 §5). Specs import { test, expect } from here instead of '@playwright/test'.
//
// How every page is covered: a page in the browser reports each `securitypolicyviolation` event
// through a binding exposed on its browser context; an init script on that context installs the
// listener before any of the page's own scripts run, in every frame and after every navigation.
// Contexts come from three places, and all of them are watched:
// - the built-in `context`/`page` fixtures, and `browser.newContext()` / `browser.newPage()` in a
//   spec or a beforeAll hook: the worker's `browser` has its `newContext` wrapped once per worker
//   (Playwright's own context fixture and `Browser.newPage` both call `browser.newContext`), so
//   no spec has to remember anything;
// - a reused context (Playwright's reuse mode skips `newContext`): the `context` fixture is
//   overridden to watch whatever context it hands out.
// Watching is idempotent per context (a WeakSet), so a context reached both ways is watched once.
// After each test the violations reported since the previous check fail that test, listed with
// the directive, the blocked resource and the page. Violations in a beforeAll hook are reported
// by the first test that follows it.
import type { Browser, BrowserContext } from '@playwright/test';
import { test as base, expect } from '@playwright/test';

export type CspViolation = {
  directive: string;
  blockedURI: string;
  sourceFile: string;
  line: number;
  sample: string;
  documentURI: string;
};

const BINDING = '__reportCspViolation';

/** Runs in the page (serialised by Playwright): forwards each violation to the binding. */
function listenForViolations(binding: string) {
  document.addEventListener(
    'securitypolicyviolation',
    (e) => {
      const report = (window as unknown as Record<string, (v: unknown) => void>)[binding];
      report?.({
        directive: e.effectiveDirective || e.violatedDirective,
        blockedURI: e.blockedURI,
        sourceFile: e.sourceFile,
        line: e.lineNumber,
        sample: e.sample,
        documentURI: e.documentURI,
      });
    },
    true,
  );
}

const watched = new WeakSet<BrowserContext>();

async function watchContext(context: BrowserContext, sink: CspViolation[]) {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding(BINDING, (_source, v: CspViolation) => {
    sink.push(v);
  });
  await context.addInitScript(listenForViolations, BINDING);
}

function describe(v: CspViolation) {
  const where = v.sourceFile ? ` (${v.sourceFile}:${v.line})` : '';
  const sample = v.sample ? ` sample "${v.sample}"` : '';
  return `CSP violation: ${v.directive} blocked ${v.blockedURI || 'inline'}${where}${sample} on ${v.documentURI}`;
}

type WorkerFixtures = { cspViolations: CspViolation[] };
type TestFixtures = { failOnCspViolation: undefined };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  cspViolations: [
    async ({ browser }, use) => {
      const sink: CspViolation[] = [];
      const original = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (options) => {
        const context = await original(options);
        await watchContext(context, sink);
        return context;
      };
      browser.newContext = patched;
      await use(sink);
      browser.newContext = original;
    },
    { scope: 'worker', auto: true },
  ],

  context: async ({ context, cspViolations }, use) => {
    await watchContext(context, cspViolations);
    await use(context);
  },

  failOnCspViolation: [
    async ({ cspViolations }, use) => {
      await use(undefined);
      const found = cspViolations.splice(0);
      if (found.length > 0) {
        throw new Error(
          `${found.length} Content-Security-Policy violation(s):\n${found.map(describe).join('\n')}`,
        );
      }
    },
    { auto: true },
  ],
});

export { expect };

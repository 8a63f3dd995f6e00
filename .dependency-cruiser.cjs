// Imports run downhill (docs/decisions/015-layers-and-import-rules.md). Lower layers never import
// higher ones; from the lowest:
//
//   src/shared                      ← imports nothing from server or web
//   src/web                         ← shared (+ itself)
//   server foundations              ← config.ts, errors.ts, db/, workers/, audio/, http/
//   server/providers                ← llm, stt, tts, storage, payments, convai, speech engines
//   server/modules                  ← the domains; may import each other, never in a cycle
//   server/voice                    ← the live-call runtime; may use modules
//   composition                     ← app.ts, deps.ts, main.ts, test-support/
//
// Each server layer may import its own layer and those below it. Tests (*.test.ts[x]) may import
// anything in their own root (a db test may build the app through test-support); type-only imports
// are exempt for the server layers, as they vanish from the running code. Run with
// `npm run lint:imports` (scripts/check-imports.ts); scripts/check-imports.test.ts shows a
// deliberate uphill import failing.
//
// Paths are matched without their extension ([jt]sx?): the check reads the JavaScript tsc emits
// (dependency-cruiser 17 cannot parse TypeScript 7 sources itself), so a file is seen as .js.

const TEST = '\\.test\\.[jt]sx?$';
const FOUNDATION = '^src/server/(?:(?:config|errors)\\.[jt]s$|(?:db|workers|audio|http)/)';
const PROVIDERS = '^src/server/providers/';
const MODULES = '^src/server/modules/';
const VOICE = '^src/server/voice/';
const COMPOSITION = '^src/server/(?:(?:app|deps|main|move-embedded-database)\\.[jt]s$|test-support/)';

/** An uphill rule: code in `from` (tests aside) imports something in one of the layers `above`. */
function downhill(name, comment, from, above) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: from, pathNot: TEST },
    to: { path: above, dependencyTypesNot: ['type-only'] },
  };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-imports-only-shared',
      comment: 'src/shared is read by both the server and the browser, so it depends on neither.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(?:server|web)/' },
    },
    {
      name: 'web-never-imports-server',
      comment: 'The browser bundle reaches the server only over HTTP, through the contracts in src/shared.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-never-imports-web',
      comment: 'The server serves the built web app as files; it never runs its code.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    downhill(
      'foundation-imports-downhill',
      'config, errors, db, workers, audio and the http kit know nothing of providers, domains or calls.',
      FOUNDATION,
      [PROVIDERS, MODULES, VOICE, COMPOSITION],
    ),
    downhill(
      'providers-import-downhill',
      'A provider (LLM, speech, storage, payments) is a dependency the domains use, not a user of them.',
      PROVIDERS,
      [MODULES, VOICE, COMPOSITION],
    ),
    downhill(
      'modules-import-downhill',
      'The domains never reach into the live-call runtime or the composition root.',
      MODULES,
      [VOICE, COMPOSITION],
    ),
    downhill(
      'voice-imports-downhill',
      'The live-call runtime is handed its dependencies by the composition root.',
      VOICE,
      [COMPOSITION],
    ),
    {
      name: 'server-file-in-a-layer',
      comment:
        'Every server file belongs to a layer: a new top-level folder or file is placed in the ' +
        'layering (here and in docs/decisions/015) before it is used.',
      severity: 'error',
      from: {
        path: '^src/server/',
        pathNot: [TEST, FOUNDATION, PROVIDERS, MODULES, VOICE, COMPOSITION],
      },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes the load order matter and ties the modules in it into one.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'resolvable',
      comment: 'An import the check cannot follow is an edge it cannot judge (and a broken import).',
      severity: 'error',
      from: { path: '^src/' },
      // stylesheets are Vite's to bundle; tsc does not emit them
      to: { couldNotResolve: true, pathNot: '\\.css$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    moduleSystems: ['es6', 'cjs'],
    // resolve packages through their "exports" maps, as Node and Vite do
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'browser', 'default'],
    },
  },
};

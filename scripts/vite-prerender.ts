// Vite plugin: after the client build, renders the visitor's `/` to HTML and writes
// dist/web/landing.html — index.html with that markup inside #root. The server sends it for `/` to
// a browser without a session (src/server/http/static-web.ts) and main.tsx hydrates it, so the
// landing page paints as soon as the HTML and CSS arrive instead of after the scripts have run.
// How: a Vite SSR build of src/web/prerender-entry.tsx into a scratch folder, imported here.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { type AliasOptions, build, type Plugin } from 'vite';
import { APP_CHUNKS_ID } from '../src/web/lib/prefetch-when-idle.js';
import { compressFile } from './vite-precompress.js';

export const LANDING_HTML = 'landing.html';
const ROOT_EMPTY = '<div id="root"></div>';
// Who is signed in is known (nobody), so the page does not ask /api/user; an unused preload would
// also make the browser warn in the console.
const USER_PRELOAD = /\s*<!--[^>]*?signed in[\s\S]*?-->\s*<link rel="preload" href="\/api\/user"[^>]*>/;

export const CLASS_MERGES_ID = 'class-merges';
// index.html preloads the app's chunks (start-app and the landing page): landing.html runs them only
// on the visitor's first intent (src/web/lib/hydrate-on-intent.ts), so it does not preload them. Kept,
// their download shares a slow link with the first paint (Lighthouse mobile: FCP 2.3–3.1 s with
// them, 1.3–1.6 s without). Their addresses go into a data block instead: the entry fetches them
// into the cache once the page has loaded and the browser is idle (src/web/lib/prefetch-when-idle.ts).
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;

/** A JSON data block: never executed, so the CSP allows it; `<` escaped so nothing in it can end it. */
const dataBlock = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/**
 * index.html → landing.html: the visitor's markup in #root, no /api/user preload, no module
 * preloads (the entry loads the app on intent) but their addresses, and the class merges of the
 * render, as JSON data blocks.
 */
export function landingHtml(indexHtml: string, markup: string, classMerges: [string, string][]): string {
  if (!indexHtml.includes(ROOT_EMPTY)) throw new Error(`prerender: index.html has no ${ROOT_EMPTY}`);
  if (!USER_PRELOAD.test(indexHtml)) throw new Error('prerender: index.html has no /api/user preload');
  // The Content-Security-Policy refuses inline scripts: the markup must be complete without any.
  const script = markup.search(/<script/i);
  if (script >= 0)
    throw new Error(`prerender: the markup holds a script: ${markup.slice(script, script + 300)}`);
  // React puts resource hints of the markup (the hero's image preload) first: they belong in <head>.
  const hints = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? '';
  const data = dataBlock(CLASS_MERGES_ID, classMerges);
  const chunks = [...indexHtml.matchAll(MODULE_PRELOAD)].map((m) => /href="([^"]+)"/.exec(m[0])?.[1]);
  if (chunks.length === 0 || chunks.some((href) => !href))
    throw new Error('prerender: index.html has no module preloads with an href to hand to the entry');
  return indexHtml
    .replace(USER_PRELOAD, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', () => `${hints}${dataBlock(APP_CHUNKS_ID, chunks)}</head>`)
    .replace(
      ROOT_EMPTY,
      () => `<div id="root" data-prerendered="visitor">${markup.slice(hints.length)}</div>${data}`,
    );
}

export function prerenderVisitorHome(opts: {
  entry: string;
  alias: AliasOptions;
  scratchDir: string;
}): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'prerender-visitor-home',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      fs.mkdirSync(opts.scratchDir, { recursive: true });
      const ssrOut = fs.mkdtempSync(path.join(opts.scratchDir, 'prerender-'));
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias: opts.alias },
          build: { ssr: opts.entry, outDir: ssrOut, emptyOutDir: true, sourcemap: false },
        });
        const entryJs = path.join(ssrOut, `${path.basename(opts.entry).replace(/\.tsx?$/, '')}.js`);
        const { renderVisitorHome } = (await import(pathToFileURL(entryJs).href)) as {
          renderVisitorHome: () => Promise<{ markup: string; classMerges: [string, string][] }>;
        };
        const indexHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const file = path.join(outDir, LANDING_HTML);
        const { markup, classMerges } = await renderVisitorHome();
        fs.writeFileSync(file, landingHtml(indexHtml, markup, classMerges));
        compressFile(file);
      } finally {
        fs.rmSync(ssrOut, { recursive: true, force: true });
      }
    },
  };
}

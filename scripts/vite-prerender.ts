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
import { compressFile } from './vite-precompress.js';

export const LANDING_HTML = 'landing.html';
const ROOT_EMPTY = '<div id="root"></div>';
// Who is signed in is known (nobody), so the page does not ask /api/user; an unused preload would
// also make the browser warn in the console.
const USER_PRELOAD = /\s*<!--[^>]*?signed in[\s\S]*?-->\s*<link rel="preload" href="\/api\/user"[^>]*>/;

export const CLASS_MERGES_ID = 'class-merges';
// index.html preloads the app's chunks (start-app and the landing page): landing.html loads them only
// on the visitor's first intent (src/web/lib/hydrate-on-intent.ts), so it names none of them. Kept,
// their download shares a slow link with the first paint (Lighthouse mobile: FCP 2.3–3.1 s with
// them, 1.3–1.6 s without).
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * index.html → landing.html: the visitor's markup in #root, no /api/user preload, no module
 * preloads (the entry loads the app on intent), and the class merges of the render as a JSON data
 * block (never executed, so the CSP allows it).
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
  // `<` escaped so that no class name can end the data block
  const merges = JSON.stringify(classMerges).replace(/</g, '\\u003c');
  const data = `<script type="application/json" id="${CLASS_MERGES_ID}">${merges}</script>`;
  return indexHtml
    .replace(USER_PRELOAD, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', () => `${hints}</head>`)
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

// Vite plugin: adds <link rel="modulepreload"> for chosen lazy route chunks (and the chunks they
// import that the entry does not) to index.html. The visitor's landing page is otherwise found only
// after the entry has run and /api/user has answered; preloaded, it downloads beside the entry.
import type { IndexHtmlTransformContext, Plugin } from 'vite';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>;

function staticClosure(bundle: OutputBundle, fileName: string, into: Set<string>) {
  if (into.has(fileName)) return;
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk') return;
  into.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, into);
}

/** `modules`: source paths ending like 'features/landing/landing-page.tsx'. */
export function preloadRoutes(modules: string[]): Plugin {
  let base = '/';
  return {
    name: 'preload-routes',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return html;
        const loaded = new Set<string>();
        staticClosure(bundle, entry.fileName, loaded);
        const wanted = new Set<string>();
        for (const mod of modules) {
          const page = chunks.find((c) => c.facadeModuleId?.endsWith(mod));
          if (page) staticClosure(bundle, page.fileName, wanted);
        }
        return {
          html,
          tags: [...wanted]
            .filter((f) => !loaded.has(f))
            .map((f) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${f}` },
              injectTo: 'head' as const,
            })),
        };
      },
    },
  };
}

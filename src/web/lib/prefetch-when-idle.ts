// The prerendered landing page runs the app only on the visitor's first intent
// (hydrate-on-intent.ts). Without more, that first tap would wait for the app to download (some
// 130 KB gzipped: most of a second on a slow phone link) before React could answer it. So once the
// page has loaded and the browser is idle, its chunks are fetched into the HTTP cache — fetched, not
// run: no main-thread work, and nothing competes with the first paint. Part of the entry chunk:
// keep it small and free of imports.

/** The id of the JSON data block listing the app's chunks (written by scripts/vite-prerender.ts). */
export const APP_CHUNKS_ID = 'app-chunks';

/** The addresses in the page's data block, or none if it is missing or not a list of strings. */
export function appChunksOf(doc: Document): string[] {
  try {
    const list: unknown = JSON.parse(doc.getElementById(APP_CHUNKS_ID)?.textContent ?? '[]');
    return Array.isArray(list) && list.every((u) => typeof u === 'string') ? list : [];
  } catch {
    return [];
  }
}

export type PrefetchOptions = {
  /** true once the app is being loaded anyway (the visitor showed intent first): nothing to do */
  alreadyLoading: () => boolean;
  /** the longest to wait for an idle moment after the load event */
  idleTimeoutMs: number;
};

/** After the load event, at the next idle moment: a `<link rel="prefetch">` for each address. */
export function prefetchWhenIdle(
  urls: readonly string[],
  { alreadyLoading, idleTimeoutMs }: PrefetchOptions,
) {
  if (urls.length === 0) return;
  const prefetch = () => {
    if (alreadyLoading()) return;
    for (const href of urls) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.setAttribute('as', 'script');
      // the same request mode as the module import that will use it, so the cached copy is reused
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(prefetch, { timeout: idleTimeoutMs });
    else setTimeout(prefetch, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

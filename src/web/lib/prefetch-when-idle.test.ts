// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_CHUNKS_ID, appChunksOf, prefetchWhenIdle } from './prefetch-when-idle';

const CHUNKS = ['/assets/start-app-abc.js', '/assets/react-dom-def.js'];

function pageWithChunks(json: string) {
  document.head.innerHTML = `<script type="application/json" id="${APP_CHUNKS_ID}">${json}</script>`;
}
const prefetchLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) => ({
    href: new URL(l.href).pathname,
    as: l.getAttribute('as'),
    crossOrigin: l.getAttribute('crossorigin'),
  }));

describe('appChunksOf', () => {
  it("reads the build's list of the app's chunks from the page", () => {
    pageWithChunks(JSON.stringify(CHUNKS));
    expect(appChunksOf(document)).toEqual(CHUNKS);
  });

  it('gives nothing for a missing, broken or wrongly shaped list', () => {
    document.head.innerHTML = '';
    expect(appChunksOf(document)).toEqual([]);
    pageWithChunks('["/assets/a.js"');
    expect(appChunksOf(document)).toEqual([]);
    pageWithChunks('[1, "/assets/a.js"]');
    expect(appChunksOf(document)).toEqual([]);
  });
});

describe('prefetchWhenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
  });

  /** requestIdleCallback that runs its callback only when told */
  function idleQueue() {
    const waiting: { cb: () => void; timeout?: number }[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void, opts?: { timeout?: number }) => {
      waiting.push({ cb, timeout: opts?.timeout });
      return waiting.length;
    });
    const runIdle = () => {
      for (const w of waiting.splice(0)) w.cb();
    };
    return { waiting, runIdle };
  }

  it('adds a prefetch link per chunk at the first idle moment after the load, in module request mode', () => {
    const idle = idleQueue();
    prefetchWhenIdle(CHUNKS, { alreadyLoading: () => false, idleTimeoutMs: 2000 });
    // jsdom's document has finished loading: it waits only for an idle moment, at most 2 s
    expect(idle.waiting).toHaveLength(1);
    expect(idle.waiting[0].timeout).toBe(2000);
    expect(prefetchLinks()).toEqual([]);
    idle.runIdle();
    expect(prefetchLinks()).toEqual(CHUNKS.map((href) => ({ href, as: 'script', crossOrigin: '' })));
  });

  it('waits for the load event while the page is still loading', () => {
    const idle = idleQueue();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    prefetchWhenIdle(CHUNKS, { alreadyLoading: () => false, idleTimeoutMs: 2000 });
    expect(idle.waiting).toHaveLength(0);
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    idle.runIdle();
    expect(prefetchLinks()).toHaveLength(2);
    readyState.mockRestore();
  });

  it('does nothing when the app is already being loaded by the time the browser is idle', () => {
    const idle = idleQueue();
    let loading = false;
    prefetchWhenIdle(CHUNKS, { alreadyLoading: () => loading, idleTimeoutMs: 2000 });
    loading = true;
    idle.runIdle();
    expect(prefetchLinks()).toEqual([]);
  });
});

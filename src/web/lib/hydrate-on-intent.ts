// The prerendered landing page is complete HTML: it reads, scrolls and follows its links without
// any script. So the app (React and the page's code, most of a phone's main-thread work during the
// load) is fetched and hydrated on the visitor's first sign of intent, or a while after the load if
// none comes, instead of during the load. This module is part of the entry chunk: keep it small and
// free of imports.

/**
 * Any of these on the page starts the app, except a pointer move that does not move: Chromium sends
 * one (trusted, movement 0) when a page lays out under a still cursor, in 10 loads of 12 in the
 * headless shell, so it said nothing of the visitor.
 */
export const INTENT_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
] as const;

const isStill = (e: PointerEvent) => e.movementX === 0 && e.movementY === 0;

/** Keys whose keydown inside the page is kept for the app (the carousel moves on them). */
const KEPT_KEYS = new Set(['ArrowLeft', 'ArrowRight']);

type Kept = { kind: 'click'; button: HTMLButtonElement } | { kind: 'key'; target: Element; key: string };

export type HydrateOnIntentOptions = {
  /** Start anyway this long after the page's load event (page views, data the page asks the API for). */
  fallbackMs: number;
};

/**
 * Calls `hydrate` once: on the first intent event, or `fallbackMs` after the load event.
 * `hydrate` resolves once React has taken over `root` (hydrateRoot called). Until then a click on
 * a button inside `root`, and an arrow key pressed inside it, are held back and replayed on the
 * same element afterwards, so the first click on a control that needs script is not lost (React
 * finishes hydrating at once for a click on markup it has not hydrated yet, then handles it).
 * Links are left alone: they work without script. If `hydrate` fails, what was held is given back
 * and the next intent calls it again. Returns `start`, which starts it at once.
 */
export function hydrateOnIntent(
  root: HTMLElement,
  hydrate: () => Promise<void>,
  { fallbackMs }: HydrateOnIntentOptions,
): () => void {
  const win = window;
  const doc = document;
  const kept: Kept[] = [];
  let started = false;
  let timer: number | undefined;
  const listen = { capture: true, passive: true } as const;

  const onClick = (e: MouseEvent) => {
    const button = (e.target as Element | null)?.closest?.('button');
    if (!button || button.disabled || !root.contains(button)) return;
    e.preventDefault();
    e.stopPropagation();
    kept.push({ kind: 'click', button });
    start();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const target = e.target as Element | null;
    if (!target || !KEPT_KEYS.has(e.key) || !root.contains(target)) return;
    e.preventDefault();
    e.stopPropagation();
    kept.push({ kind: 'key', target, key: e.key });
  };
  const armFallback = () => {
    timer = win.setTimeout(start, fallbackMs);
  };

  const onIntent = (e: Event) => {
    if (e.type === 'pointermove' && isStill(e as PointerEvent)) return;
    start();
  };

  function stopListening() {
    for (const type of INTENT_EVENTS) win.removeEventListener(type, onIntent, listen);
    win.removeEventListener('load', armFallback);
    if (timer !== undefined) win.clearTimeout(timer);
  }

  function replay() {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('keydown', onKeyDown, true);
    for (const k of kept.splice(0)) {
      if (k.kind === 'click') {
        if (k.button.isConnected) k.button.click();
      } else if (k.target.isConnected) {
        k.target.dispatchEvent(
          new KeyboardEvent('keydown', { key: k.key, code: k.key, bubbles: true, cancelable: true }),
        );
      }
    }
  }

  function start() {
    if (started) return;
    started = true;
    stopListening();
    hydrate().then(replay, (err: unknown) => {
      // given back (the browser does with them what it would have), and the next intent tries again:
      // on a flaky phone link the first download can fail, and a browser retries a failed import
      replay();
      console.error('The page could not start its scripts', err);
      started = false;
      listenForIntent();
    });
  }

  function listenForIntent() {
    // capture, on the document: seen before anything on the page can stop them
    doc.addEventListener('click', onClick, true);
    doc.addEventListener('keydown', onKeyDown, true);
    for (const type of INTENT_EVENTS) win.addEventListener(type, onIntent, listen);
  }

  listenForIntent();
  if (doc.readyState === 'complete') armFallback();
  else win.addEventListener('load', armFallback, { once: true });
  return start;
}

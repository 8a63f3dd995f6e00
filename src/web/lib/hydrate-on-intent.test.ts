// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateOnIntent } from './hydrate-on-intent';

const FALLBACK_MS = 5000;

/** The prerendered page: two buttons, a link and a focusable carousel inside #root, a button outside. */
function page() {
  document.body.innerHTML = `
    <div id="root">
      <button type="button" id="next">Next</button>
      <button type="button" id="off" disabled>Off</button>
      <a href="#elsewhere" id="link">Link</a>
      <div id="carousel" tabindex="0"><span id="slide">slide</span></div>
    </div>
    <button type="button" id="outside">Outside</button>`;
  const root = document.getElementById('root')!;
  const el = (id: string) => document.getElementById(id)!;
  return { root, el };
}

/**
 * A stand-in for the app: `hydrate` resolves when `takeOver` is called, and from then on records
 * what reaches the root the way React's root listeners would.
 */
function fakeApp(root: HTMLElement) {
  const seen: string[] = [];
  let takeOver = () => {};
  const hydrate = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        takeOver = () => {
          root.addEventListener('click', (e) => seen.push(`click ${(e.target as Element).id}`));
          root.addEventListener('keydown', (e) => seen.push(`key ${e.key} ${(e.target as Element).id}`));
          resolve();
        };
      }),
  );
  return { hydrate, seen, takeOver: async () => takeOver() };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const press = (target: Element, key: string) => {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  target.dispatchEvent(e);
  return e;
};

describe('hydrateOnIntent', () => {
  let start: () => void;
  afterEach(async () => {
    // every test leaves the module's listeners removed (they go once the app has taken over)
    start();
    await settle();
  });

  it('waits for the first intent, then starts the app once', async () => {
    const { root, el } = page();
    const app = fakeApp(root);
    start = hydrateOnIntent(root, app.hydrate, { fallbackMs: FALLBACK_MS });
    expect(app.hydrate).not.toHaveBeenCalled();
    el('slide').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(app.hydrate).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('scroll'));
    el('next').dispatchEvent(new Event('touchstart', { bubbles: true }));
    await app.takeOver();
    expect(app.hydrate).toHaveBeenCalledTimes(1);
  });

  it.each(['pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'])(
    '%s is an intent',
    (type) => {
      const { root, el } = page();
      const app = fakeApp(root);
      start = hydrateOnIntent(root, app.hydrate, { fallbackMs: FALLBACK_MS });
      // scroll does not bubble from an element: still seen, as the listener captures on the window
      el('carousel').dispatchEvent(new Event(type, { bubbles: type !== 'scroll' }));
      expect(app.hydrate).toHaveBeenCalledTimes(1);
    },
  );

  it('a pointer move that does not move (Chromium sends one as the page lays out under a still cursor) is not an intent', () => {
    const { root, el } = page();
    const app = fakeApp(root);
    start = hydrateOnIntent(root, app.hydrate, { fallbackMs: FALLBACK_MS });
    const pointerMove = (movementX: number, movementY: number) => {
      const e = new Event('pointermove', { bubbles: true });
      Object.defineProperties(e, { movementX: { value: movementX }, movementY: { value: movementY } });
      return e;
    };
    el('slide').dispatchEvent(pointerMove(0, 0));
    expect(app.hydrate).not.toHaveBeenCalled();
    el('slide').dispatchEvent(pointerMove(0, 3));
    expect(app.hydrate).toHaveBeenCalledTimes(1);
  });

  it('replays, in order, the clicks on buttons made before the app took over', async () => {
    const { root, el } = page();
    const app = fakeApp(root);
    start = hydrateOnIntent(root, app.hydrate, { fallbackMs: FALLBACK_MS });
    el('next').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    el('next').click();
    el('next').click();
    expect(app.seen).toEqual([]);
    await app.takeOver();
    await settle();
    expect(app.seen).toEqual(['click next', 'click next']);
    // later clicks go straight to the app, untouched
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    el('next').dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(app.seen).toEqual(['click next', 'click next', 'click next']);
  });

  it('a click alone (keyboard, assistive technology) starts the app and is replayed', async () => {
    const { root, el } = page();
    const app = fakeApp(root);
    start = hydrateOnIntent(root, app.hydrate, { fallbackMs: FALLBACK_MS });
    el('next').click();
    expect(app.hydrate).toHaveBeenCalledTimes(1);
    await app.takeOver();
    await settle();
    expect(app.seen).toEqual(['click next']);
  });

  it('leaves links, disabled buttons and clicks outside the page alone', async () => {
    const { root, el } = page();
    const app = fakeApp(root);
    start = hydrateOnIntent(root, app.hydrate, { fallbackMs: FALLBACK_MS });
    const onLink = new MouseEvent('click', { bubbles: true, cancelable: true });
    el('link').dispatchEvent(onLink);
    expect(onLink.defaultPrevented).toBe(false);
    el('off').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    el('outside').click();
    start();
    await app.takeOver();
    await settle();
    expect(app.seen).toEqual([]);
  });

  it('replays the arrow keys pressed inside the page, and no other key', async () => {
    const { root, el } = page();
    const app = fakeApp(root);
    start = hydrateOnIntent(root, app.hydrate, { fallbackMs: FALLBACK_MS });
    expect(press(el('carousel'), 'ArrowRight').defaultPrevented).toBe(true);
    expect(press(el('carousel'), 'Tab').defaultPrevented).toBe(false);
    press(el('carousel'), 'ArrowLeft');
    press(el('outside'), 'ArrowLeft');
    await app.takeOver();
    await settle();
    expect(app.seen).toEqual(['key ArrowRight carousel', 'key ArrowLeft carousel']);
  });

  it('gives back what it held when the app failed to load, and tries again on the next intent', async () => {
    const { root, el } = page();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const clicks: string[] = [];
    root.addEventListener('click', (e) => clicks.push((e.target as Element).id));
    const app = fakeApp(root);
    let attempts = 0;
    const hydrate = () => (++attempts === 1 ? Promise.reject(new Error('offline')) : app.hydrate());
    start = hydrateOnIntent(root, hydrate, { fallbackMs: FALLBACK_MS });
    el('next').click();
    await settle();
    // held (no click reached the page), then given back
    expect(clicks).toEqual(['next']);
    expect(errors).toHaveBeenCalledOnce();
    errors.mockRestore();

    // the next tap is held again and starts a second attempt, which works
    el('next').click();
    expect(attempts).toBe(2);
    expect(clicks).toEqual(['next']);
    await app.takeOver();
    await settle();
    expect(app.seen).toEqual(['click next']);
    expect(clicks).toEqual(['next', 'next']);
  });

  describe('without any intent', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it(`starts the app ${FALLBACK_MS} ms after the load`, () => {
      const { root } = page();
      const app = fakeApp(root);
      // jsdom has loaded the document already
      expect(document.readyState).toBe('complete');
      start = hydrateOnIntent(root, app.hydrate, { fallbackMs: FALLBACK_MS });
      vi.advanceTimersByTime(FALLBACK_MS - 1);
      expect(app.hydrate).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(app.hydrate).toHaveBeenCalledTimes(1);
    });

    it('an intent before then cancels the fallback', () => {
      const { root, el } = page();
      const app = fakeApp(root);
      start = hydrateOnIntent(root, app.hydrate, { fallbackMs: FALLBACK_MS });
      el('slide').dispatchEvent(new Event('wheel', { bubbles: true }));
      vi.advanceTimersByTime(FALLBACK_MS * 2);
      expect(app.hydrate).toHaveBeenCalledTimes(1);
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});

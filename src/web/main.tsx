// The entry: the stylesheet and a few lines. The app itself (React, the router, the pages) is the
// start-app chunk, which index.html preloads beside this one. The prerendered landing page
// (landing.html, sent for `/` to a browser without a session) names no script but this one: it is
// complete HTML, so the app is fetched and hydrated on the visitor's first intent (a touch, a
// pointer move, a key, a scroll), or a while after the load, and a click on one of its buttons
// before then is replayed once React has taken over (lib/hydrate-on-intent.ts). Its chunks are
// fetched into the cache, without running, when the browser is idle after the load
// (lib/prefetch-when-idle.ts).
import { hydrateOnIntent } from './lib/hydrate-on-intent';
import { appChunksOf, prefetchWhenIdle } from './lib/prefetch-when-idle';
import './styles/globals.css';

/** Hydration starts this long after the load event if the visitor has shown no intent by then. */
const FALLBACK_MS = 5000;
/** The app's chunks are fetched (not run) at the first idle moment after the load, or this long after it. */
const PREFETCH_IDLE_TIMEOUT_MS = 2000;

const root = document.getElementById('root')!;
const loadApp = () => import('./start-app');

let viewPosted = false;
/**
 * The landing page's view, posted by the entry when the app is asked for (first intent or the
 * fallback) or when the visitor leaves before that (a link followed first): the app may run much
 * later or never, and a request in flight during the load delays the first paint in Lighthouse's
 * simulation. The app posts every later view ('Home' is routes.tsx's homePages.name).
 */
function postLandingView() {
  if (viewPosted) return;
  viewPosted = true;
  fetch('/api/track/page-view', {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageName: 'Home', pageUrl: location.pathname + location.search }),
  }).catch((err: unknown) => console.error('Failed to track page view', err));
}

if (root.dataset.prerendered === 'visitor') {
  addEventListener('pagehide', postLandingView, { once: true });
  let appAsked = false;
  const hydrate = async () => {
    appAsked = true;
    postLandingView();
    // the landing page's chunk beside the app's, not after it (start-app waits for it)
    const [app] = await Promise.all([loadApp(), import('./features/landing/landing-page')]);
    await app.hydrateVisitorHome(root);
  };
  hydrateOnIntent(root, hydrate, { fallbackMs: FALLBACK_MS });
  // so that the first tap waits only for React to take over, not for the download too
  prefetchWhenIdle(appChunksOf(document), {
    alreadyLoading: () => appAsked,
    idleTimeoutMs: PREFETCH_IDLE_TIMEOUT_MS,
  });
} else {
  void loadApp().then((m) => m.renderApp(root));
}

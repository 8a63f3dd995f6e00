// The app proper, loaded by the entry (main.tsx): at once for every page but the prerendered
// landing page, which it hydrates on the visitor's first intent (lib/hydrate-on-intent.ts).
// First: switches zod to jitless before any schema module is evaluated (see the module).
import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { USER_QUERY_KEY } from './components/auth/auth-provider';
import { pageViewPostedAtLoad } from './components/routing/page-view-tracker';
import { queryClient } from './lib/query-client';
import { addKnownMerges } from './lib/utils';
import { preloadLandingPage } from './routes';

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * Renders the app. The server marks the root `data-visitor` when the browser has no valid session
 * (src/server/http/static-web.ts): the app starts signed out without asking /api/user, whose 401
 * the browser would log as an error on every visitor page.
 */
export function renderApp(root: HTMLElement) {
  if (root.dataset.visitor !== undefined) queryClient.setQueryData(USER_QUERY_KEY, null);
  createRoot(root).render(app);
}

/**
 * The server sends the build's prerendered landing page (scripts/vite-prerender.ts) for `/` only to
 * a browser without a valid session: hydrate it as a visitor, so the first render matches the
 * markup, in a transition, which React splits into short slices (a click on markup not hydrated yet
 * makes React finish at once and then handle it). The landing page's chunk is loaded first: a click
 * on a part of the page still waiting for its code would be lost. Resolves once hydrateRoot is called.
 */
export async function hydrateVisitorHome(root: HTMLElement) {
  queryClient.setQueryData(USER_QUERY_KEY, null);
  pageViewPostedAtLoad(location.pathname + location.search);
  // the class merges of the prerendered markup, recorded by the build (see lib/utils.ts)
  const merges = document.getElementById('class-merges')?.textContent;
  if (merges) addKnownMerges(JSON.parse(merges));
  await preloadLandingPage().catch(() => undefined); // then the lazy page reports the failure
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

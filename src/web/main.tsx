// First: switches zod to jitless before any schema module is evaluated (see the module).
import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { USER_QUERY_KEY } from './components/auth/auth-provider';
import { queryClient } from './lib/query-client';
import { addKnownMerges } from './lib/utils';
import { preloadLandingPage } from './routes';
import './styles/globals.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The server sends the build's prerendered landing page (scripts/vite-prerender.ts) for `/` only to a
// browser without a valid session: hydrate it as a visitor, so the first render matches the markup,
// in a transition, which React splits into short slices. The landing page's chunk (preloaded by
// index.html) is loaded first: a click on a part of the page still waiting for its code is lost.
if (root.dataset.prerendered === 'visitor') {
  queryClient.setQueryData(USER_QUERY_KEY, null);
  // the class merges of the prerendered markup, recorded by the build (see lib/utils.ts)
  const merges = document.getElementById('class-merges')?.textContent;
  if (merges) addKnownMerges(JSON.parse(merges));
  void preloadLandingPage()
    .catch(() => undefined) // then the lazy page reports the failure
    .then(() => {
      startTransition(() => {
        hydrateRoot(root, app);
      });
    });
} else {
  createRoot(root).render(app);
}

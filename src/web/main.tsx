// First: switches zod to jitless before any schema module is evaluated (see the module).
import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { USER_QUERY_KEY } from './components/auth/auth-provider';
import { queryClient } from './lib/query-client';
import './styles/globals.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The server sends the build's prerendered landing page (scripts/vite-prerender.ts) for `/` only to a
// browser without a valid session: hydrate it as a visitor, so the first render matches the markup,
// in a transition so the work is split into short tasks. Every other page is rendered here.
if (root.dataset.prerendered === 'visitor') {
  queryClient.setQueryData(USER_QUERY_KEY, null);
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}

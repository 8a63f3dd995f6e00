// Build-time only (scripts/vite-prerender.ts runs it in Node after the client build): the App at `/`
// for a visitor, rendered to HTML. The server sends it to browsers without a session, and main.tsx
// hydrates it with the same "signed out" state, so the landing page paints before any script runs.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app';
import { USER_QUERY_KEY } from './components/auth/auth-provider';
import { queryClient } from './lib/query-client';
import { recordedMerges, recordMerges } from './lib/utils';

function AtHome({ children }: { children: React.ReactNode }) {
  return <StaticRouter location="/">{children}</StaticRouter>;
}

/**
 * The markup of #root for a visitor at `/` (waits for the lazy landing page and header menus), and
 * the class merges it made, which the browser reuses while hydrating it (see lib/utils.ts).
 */
export async function renderVisitorHome(): Promise<{ markup: string; classMerges: [string, string][] }> {
  queryClient.setQueryData(USER_QUERY_KEY, null);
  recordMerges();
  const { prelude } = await prerender(
    <StrictMode>
      <App router={AtHome} />
    </StrictMode>,
    // Never split a large boundary out to be revealed by an inline script (the CSP forbids those).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return { markup: await new Response(prelude).text(), classMerges: recordedMerges() };
}

import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { api } from '@/lib/api-client';
import { PRODUCT_NAME } from '@/lib/brand';
import { homePages, routes } from '@/routes';

/** The page name recorded for an address: the route table's name ('Register' for the sign-up tab). */
export function pageNameFor(pathname: string, search: string): string {
  if (pathname === '/') return homePages.name;
  const route = routes.find((r) => matchPath({ path: r.path, end: true }, pathname));
  if (!route) return 'Not Found';
  if (route.path === '/auth' && new URLSearchParams(search).get('tab') === 'signup') return 'Register';
  return route.name;
}

/** The tab's title: `/` is the marketing page only for a visitor; a signed-in user's is the dashboard. */
export function pageTitleFor(pathname: string, search: string, signedIn: boolean): string {
  if (pathname === '/' && !signedIn) return `${PRODUCT_NAME} — practice calls with AI-powered feedback`;
  const name = pathname === '/' ? 'Dashboard' : pageNameFor(pathname, search);
  return `${name} · ${PRODUCT_NAME}`;
}

let postedAtLoad: string | undefined;

/**
 * The prerendered landing page's entry posts its view itself (main.tsx), as its app may run only
 * much later or never: the first render at that address does not post it again.
 */
export function pageViewPostedAtLoad(pageUrl: string) {
  postedAtLoad = pageUrl;
}

/** POST /api/track/page-view on every route change (a failure is only logged); names the tab too. */
export function usePageViewTracking({ signedIn = false }: { signedIn?: boolean } = {}) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.title = pageTitleFor(pathname, search, signedIn);
  }, [pathname, search, signedIn]);
  useEffect(() => {
    const posted = postedAtLoad === pathname + search;
    postedAtLoad = undefined;
    if (posted) return;
    api
      .post('/api/track/page-view', {
        body: { pageName: pageNameFor(pathname, search), pageUrl: pathname + search },
      })
      .catch((err: unknown) => console.error('Failed to track page view', err));
  }, [pathname, search]);
}

import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { apiPost } from '@/lib/api';
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

let postedAtLoad: string | undefined;

/**
 * The prerendered landing page's entry posts its view itself (main.tsx), as its app may run only
 * much later or never: the first render at that address does not post it again.
 */
export function pageViewPostedAtLoad(pageUrl: string) {
  postedAtLoad = pageUrl;
}

/** POST /api/track/page-view on every route change (a failure is only logged); names the tab too. */
export function usePageViewTracking() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const name = pageNameFor(pathname, search);
    document.title =
      pathname === '/'
        ? `${PRODUCT_NAME} — practice calls with AI-powered feedback`
        : `${name} · ${PRODUCT_NAME}`;
    const posted = postedAtLoad === pathname + search;
    postedAtLoad = undefined;
    if (posted) return;
    apiPost('/api/track/page-view', {
      pageName: pageNameFor(pathname, search),
      pageUrl: pathname + search,
    }).catch((err: unknown) => console.error('Failed to track page view', err));
  }, [pathname, search]);
}

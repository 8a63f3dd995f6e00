/** A full page load of `path` (drops all in-memory state). Separate so tests can observe it. */
export function hardNavigate(path: string) {
  window.location.assign(path);
}

/** The query parameter of /auth naming the page a visitor was on their way to. */
export const NEXT_PARAM = 'next';

/**
 * Where to go after signing in or up: `next` when it is a page of this site (a path, not another
 * origin, not /auth itself), else `/`.
 */
export function afterSignIn(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  // parsed against a dummy origin: anything that leaves it (or hides a scheme) is refused
  let url: URL;
  try {
    url = new URL(next, 'http://site.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'http://site.invalid' || url.pathname === '/auth') return '/';
  return url.pathname + url.search + url.hash;
}

/** /auth for a visitor stopped on the way to `path` (kept so sign-in can carry on to it). */
export function authPathFor(path: string): string {
  const next = afterSignIn(path);
  return next === '/' ? '/auth' : `/auth?${NEXT_PARAM}=${encodeURIComponent(next)}`;
}

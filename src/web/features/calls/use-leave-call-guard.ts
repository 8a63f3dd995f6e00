// While a call is live, leaving it inside the app asks first (issue 20): a click on an in-app link
// or the browser's back (or forward) opens the "Leave the call?" confirmation. The app runs on
// <BrowserRouter>, which has no data-router blockers (useBlocker), so the guard catches both before
// React Router does: link clicks in the capture phase on the document (before React's listeners on
// the root), and history steps through lib/popstate-guard (whose listener precedes the router's).
// Sign Out asks the same question through lib/sign-out-guard, and waits for the call's end before
// the session goes. A reload or closed tab is the browser's beforeunload prompt.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { setPopStateGuard } from '@/lib/popstate-guard';
import { setSignOutGuard } from '@/lib/sign-out-guard';

export type InAppTarget = { anchor: HTMLAnchorElement; to: string };
/** `delta`: the history step the user took (-1 for back), undone while they choose. */
type Pending =
  | ({ kind: 'link' } & InAppTarget)
  | { kind: 'history'; delta: number }
  | { kind: 'signout'; answer: (proceed: boolean) => void };

/** Sign Out waits this long at most for the call's end before the session goes anyway. */
const SIGN_OUT_WAIT_MS = 8000;

/** React Router's index of a history entry (it keeps one in each entry's state). */
const indexOf = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

/**
 * The link a click would follow inside the app, to another page: null for a click with a modifier
 * (a new tab or window), a link to another site, a mailto:, a download, or the page itself.
 */
export function inAppTarget(event: MouseEvent, here: Pick<Location, 'href' | 'origin'>): InAppTarget | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.getAttribute('href') ?? '', here.href);
  const current = new URL(here.href);
  if (url.origin !== here.origin) return null;
  if (url.pathname === current.pathname && url.search === current.search) return null;
  return { anchor, to: `${url.pathname}${url.search}${url.hash}` };
}

/**
 * `active`: a call is live. `onLeave` runs when the user confirms, just before the navigation they
 * asked for goes ahead (Sign Out waits for the promise it returns: the call's end needs the session).
 * Returns the confirmation's state for <LeaveCallDialog>.
 */
export function useLeaveCallGuard(active: boolean, onLeave: () => void | Promise<void>) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending | null>(null);
  const leaving = useRef(false);
  const latestOnLeave = useRef(onLeave);
  latestOnLeave.current = onLeave;

  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      if (leaving.current) return;
      const target = inAppTarget(event, window.location);
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ kind: 'link', ...target });
    };
    // The browser has already stepped when popstate fires: the step is undone (the router never
    // hears of either) and done again if the user leaves.
    const here = indexOf(window.history.state);
    let undoing = false;
    setPopStateGuard((event) => {
      if (leaving.current) return false;
      if (undoing) {
        undoing = false;
        return true;
      }
      const to = indexOf(event.state);
      const delta = here !== undefined && to !== undefined ? to - here : -1;
      if (delta === 0) return false;
      undoing = true;
      window.history.go(-delta);
      setPending({ kind: 'history', delta });
      return true;
    });
    setSignOutGuard(() =>
      leaving.current
        ? Promise.resolve(true)
        : new Promise<boolean>((answer) => setPending({ kind: 'signout', answer })),
    );
    document.addEventListener('click', onClick, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      setPopStateGuard(null);
      setSignOutGuard(null);
    };
  }, [active]);

  const stay = useCallback(() => {
    setPending((asked) => {
      if (asked?.kind === 'signout') asked.answer(false);
      return null;
    });
  }, []);

  const leave = useCallback(() => {
    const asked = pending;
    setPending(null);
    if (!asked) return;
    leaving.current = true;
    const ended = latestOnLeave.current();
    if (asked.kind === 'signout') {
      const waited = new Promise<void>((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS));
      void Promise.race([Promise.resolve(ended).catch(() => {}), waited]).then(() => asked.answer(true));
    } else if (asked.kind === 'history') window.history.go(asked.delta);
    // the link itself when it is still there, so whatever else it does (closing a menu) happens too
    else if (asked.anchor.isConnected) asked.anchor.click();
    else navigate(asked.to);
  }, [pending, navigate]);

  return { asking: active && pending !== null, stay, leave };
}

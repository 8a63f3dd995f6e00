// One place that hears the browser's back and forward before React Router does. <BrowserRouter>
// has no data-router blockers, and listeners on the window run in the order they were added, so
// this one is added when the app module loads (app.tsx imports it), before the router mounts and
// adds its own. A page that must not be left silently (a live call) sets the guard; returning true
// keeps the router from hearing of that history step.

export type PopStateGuard = (event: PopStateEvent) => boolean;

let guard: PopStateGuard | null = null;

/** Sets (or clears, with null) the guard; only one page guards at a time. */
export function setPopStateGuard(next: PopStateGuard | null) {
  guard = next;
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (event) => {
    if (guard?.(event)) event.stopImmediatePropagation();
  });
}

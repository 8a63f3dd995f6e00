// One place a page that must not be left silently (a live call) hears of Sign Out before it
// happens: the guard may ask the user, finish what must be finished while the session still exists
// (ending and evaluating the call), and answer whether signing out goes ahead.

export type SignOutGuard = () => Promise<boolean>;

let guard: SignOutGuard | null = null;

/** Sets (or clears, with null) the guard; only one page guards at a time. */
export function setSignOutGuard(next: SignOutGuard | null) {
  guard = next;
}

/** Whether signing out may go ahead now (true when nothing guards it). */
export function maySignOut(): Promise<boolean> {
  return guard ? guard() : Promise.resolve(true);
}

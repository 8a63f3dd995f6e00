/** A full page load of `path` (drops all in-memory state). Separate so tests can observe it. */
export function hardNavigate(path: string) {
  window.location.assign(path);
}

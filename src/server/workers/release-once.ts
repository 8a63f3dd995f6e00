// The release of a hold (on a worker thread, on the recogniser's warm decoders): whoever holds
// something gets a function that lets go, and letting go twice must not count twice.

/** `release`, called the first time only; later calls do nothing. */
export function releaseOnce(release: () => void): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release();
  };
}

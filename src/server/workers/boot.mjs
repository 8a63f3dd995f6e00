// Entry of every worker thread the server starts (see dedicated-worker.ts). The worker's own module
// is TypeScript, and Node 20 gives a worker neither the parent's `--import tsx` hooks nor working
// ones from `execArgv` (tried under tsx, `node --import tsx` and Vitest: the entry still fails with
// ERR_UNKNOWN_FILE_EXTENSION). So for a .ts entry tsx's loader is registered in this thread
// first; a JavaScript entry (a build) is imported as it is.
import { workerData } from 'node:worker_threads';

/** @type {string} */
const entry = workerData.entry;
if (/\.[cm]?ts$/.test(new URL(entry).pathname)) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(entry);

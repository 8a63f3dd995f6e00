// Worker thread that creates a new embedded database folder (PGlite's initdb), started by
// client.ts on a first start only. initdb leaves behind a few hundred MB of WASM memories and
// buffers (its own instance, the file-system image it unpacks) that nothing frees until V8 runs
// a full collection, and an idle server may not run one for hours: measured in the server's
// process, 808 MB resident idle after a first start against 275 MB after a restart
// (docs/memory.md). Run here, all of it goes with the thread when it ends.
import { PGlite } from '@electric-sql/pglite';
import { serveRequests } from '../workers/serve.js';

const api = {
  async initdb({ dir, conf }: { dir: string; conf: string[] }): Promise<void> {
    const db = new PGlite(dir, { postgresqlconf: conf });
    await db.waitReady;
    await db.close();
  },
};

export type PgliteInitdbApi = typeof api;
serveRequests(api);

// Worker thread that creates a new embedded database folder, started by client.ts on a first
// start only: from the build's migrated image when there is one (`load`), else by PGlite's initdb.
// Either leaves behind a few hundred MB of WASM memories and buffers (its own instance, the
// file-system image or tarball it unpacks) that nothing frees until V8 runs a full collection,
// and an idle server may not run one for hours: measured in the server's process, 808 MB resident
// idle after a first start against 275 MB after a restart (docs/memory.md). Run here, all of it
// goes with the thread when it ends.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { serveRequests } from '../workers/serve.js';

const api = {
  async initdb({ dir, conf }: { dir: string; conf: string[] }): Promise<void> {
    const db = new PGlite(dir, { postgresqlconf: conf });
    await db.waitReady;
    await db.close();
  },
  /** Unpacks the gzipped tarball `image` (PGlite's dumpDataDir) into the empty folder `dir`. */
  async load({ dir, conf, image }: { dir: string; conf: string[]; image: string }): Promise<void> {
    const tarball = new Blob([fs.readFileSync(image)], { type: 'application/x-gzip' });
    // the image's migrations created pg_trgm and btree_gin; they are loaded so opening it checks out
    const db = new PGlite(dir, {
      postgresqlconf: conf,
      extensions: { pg_trgm, btree_gin },
      loadDataDir: tarball,
    });
    await db.waitReady;
    await db.exec('select 1');
    await db.close();
  },
};

export type PgliteInitdbApi = typeof api;
serveRequests(api);

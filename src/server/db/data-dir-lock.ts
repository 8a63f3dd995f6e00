// One server per DATA_DIR. The embedded database is a folder of files that one process may open:
// a second server on the same folder would see its own copy and corrupt the first's (issue 19 §5).
// Before the embedded database opens, the server takes `DATA_DIR/server.lock`, created atomically
// (a hard link of a finished temporary file, which fails if the lock exists) and holding the
// owner's pid, host and start time. A lock whose process is gone (kill -9, power loss) is taken
// over; a lock held by a live process stops this one at once with a message naming the folder and
// that process. Written by hand: the lockfile libraries on npm detect stale locks by age (a
// restart after a crash would wait) and do not say who holds the lock.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'server.lock';

type Owner = { pid: number; host: string; startedAt: string };

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: Owner,
  ) {
    super(
      `Another server (pid ${owner.pid} on ${owner.host}, started ${owner.startedAt}) is using the data folder ${dataDir}. ` +
        'Stop it first, or give this server its own DATA_DIR (or a DATABASE_URL).',
    );
  }
}

/** Whether the process that wrote the lock still runs (on this host). */
function alive(owner: Owner): boolean {
  if (owner.host !== os.hostname()) return true; // cannot tell: be safe
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // a recycled pid belongs to another program: only a node process counts as the owner
  try {
    return fs.readFileSync(`/proc/${owner.pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

function readOwner(file: string): Owner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as Owner;
    return typeof owner.pid === 'number' ? owner : null;
  } catch {
    return null;
  }
}

/** Takes the folder's lock or throws DataDirLockedError; the result lets it go. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: Owner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  const tmp = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(tmp, JSON.stringify(me));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        fs.linkSync(tmp, file);
        const release = () => {
          if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
        };
        process.once('exit', release);
        return () => {
          process.removeListener('exit', release);
          release();
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = readOwner(file);
      if (owner && alive(owner)) throw new DataDirLockedError(dataDir, owner);
      // stale (its process is gone) or unreadable: take it over
      fs.rmSync(file, { force: true });
    }
    const owner = readOwner(file);
    throw new DataDirLockedError(dataDir, owner ?? { pid: 0, host: 'unknown', startedAt: 'unknown' });
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

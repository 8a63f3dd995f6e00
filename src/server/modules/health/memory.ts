// What the server holds in memory, for an admin's health answer (issue 25: where the memory goes
// on a small machine). The process's own figures come from process.memoryUsage(): its resident
// memory (worker threads and WASM included) and the main thread's JS heap. Its child processes —
// the embedded PostgreSQL, the built-in recogniser's decoders — are read from /proc as PSS (pages
// they share counted once, not once per process), so the parts add up; where /proc cannot be read
// (not Linux, or another user's processes) they are null.
import fs from 'node:fs';
import type { MemoryStatus } from '../../../shared/contracts/health.js';

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** every process below `pid`, from /proc (none where it cannot be read) */
function descendants(pid: number): number[] {
  let kids: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const listed = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
      kids = kids.concat(listed.split(' ').filter(Boolean).map(Number));
    }
  } catch {
    return [];
  }
  return kids.flatMap((k) => [k, ...descendants(k)]);
}

/** Errors of a process that ended meanwhile: gone from /proc, or exited and not yet reaped (a zombie). */
const ENDED = new Set(['ENOENT', 'ESRCH']);

/**
 * A process's name and proportional set size in bytes; 'gone' when it ended meanwhile (a decoder
 * between turns, or one that exited and that the server has not reaped yet), null when it cannot be
 * read (another user's, or no smaps_rollup).
 */
export function childMemory(pid: number): { name: string; pssBytes: number } | 'gone' | null {
  try {
    const name = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    const pss = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return pss ? { name, pssBytes: Number(pss[1]) * 1024 } : null;
  } catch (err) {
    return ENDED.has((err as NodeJS.ErrnoException).code ?? '') ? 'gone' : null;
  }
}

/** The server's memory now: its own (RSS, JS heap) and its child processes' by kind. */
export function memoryStatus(pid = process.pid): MemoryStatus {
  const own = process.memoryUsage();
  const read = descendants(pid).map(childMemory);
  const children = read.filter((c) => c !== 'gone');
  const readable = children.every((c) => c !== null) && fs.existsSync(`/proc/${pid}`);
  const sum = (match: (name: string) => boolean) =>
    readable ? mb(children.reduce((total, c) => total + (c && match(c.name) ? c.pssBytes : 0), 0)) : null;
  const recogniser = (name: string) => name.startsWith('pocketsphinx');
  return {
    rssMb: mb(own.rss),
    heapUsedMb: mb(own.heapUsed),
    heapTotalMb: mb(own.heapTotal),
    externalMb: mb(own.external),
    recognisersMb: sum(recogniser),
    recognisers: children.filter((c) => c && recogniser(c.name)).length,
    // the embedded PostgreSQL (postmaster and backends), and the shells and pipes around the decoders
    otherChildrenMb: sum((name) => !recogniser(name)),
  };
}

// The scenario list a user sees (GET /api/interviewers without filters), kept as the JSON the route
// answers: every visit to the picker and the dashboard asks for it, it is the largest answer most
// users get (about 28 KB), and it changes rarely. Correctness comes from the database, as for the
// session cache: a trigger NOTIFYs `interviewer_change` on any change to `interviewers`, by any
// server or by hand (migration 0007), and every server drops all its lists. While the listening
// connection is down nothing is cached; a list read while a change arrived is not stored.
import type { Database, DbOrTx } from '../../db/client.js';
import { notifiedCaches } from '../../db/notified-caches.js';

export const INTERVIEWER_CHANGE_CHANNEL = 'interviewer_change';
/** a safety net only: changes arrive as notifications */
const ENTRY_TTL_MS = 60_000;
/** about 28 KB each with the presets: some 56 MB at most */
const MAX_ENTRIES = 2_000;

type Entry = { json: string; storedAt: number };

export class InterviewerListCache {
  private readonly entries = new Map<number, Entry>();
  private epochCounter = 0;
  private isLive = false;

  /** changes whenever anything is dropped; a read stores its result only if it has not */
  get epoch(): number {
    return this.epochCounter;
  }

  get size(): number {
    return this.entries.size;
  }

  get(userId: number, now: number): string | undefined {
    if (!this.isLive) return undefined;
    const hit = this.entries.get(userId);
    if (!hit) return undefined;
    if (now - hit.storedAt > ENTRY_TTL_MS) {
      this.entries.delete(userId);
      return undefined;
    }
    return hit.json;
  }

  set(userId: number, json: string, now: number, epochAtRead: number): void {
    if (!this.isLive || epochAtRead !== this.epochCounter) return;
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(userId)) {
      // the oldest stored first (a Map iterates in insertion order)
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(userId, { json, storedAt: now });
  }

  /** a scenario changed somewhere: any list may be different */
  clear(): void {
    this.epochCounter++;
    this.entries.clear();
  }

  /** the feed dropped (false) or is back (true); either way nothing stored so far is trusted */
  setLive(live: boolean): void {
    this.isLive = live;
    this.clear();
  }
}

const caches = notifiedCaches(
  INTERVIEWER_CHANGE_CHANNEL,
  () => new InterviewerListCache(),
  (cache) => cache.clear(),
);

export const interviewerListCache = (db: DbOrTx): InterviewerListCache | undefined => caches.get(db);

/** Keeps lists for this database until the returned stop is called. */
export const startInterviewerListCache = (database: Database) => caches.start(database);

/** After a write on this server: drop the lists now, not when the notification comes back. */
export function forgetInterviewerLists(db: DbOrTx): void {
  caches.get(db)?.clear();
}

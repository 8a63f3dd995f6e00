// Who a session cookie belongs to, remembered between requests: every API request asks, and the
// lookup was a database round trip on each. Correctness comes from the database, not a timer:
// triggers NOTIFY `session_change` with the user id whenever a user row changes (other than its
// credits alone, which nothing reads from here) or a session is removed (migrations 0005, 0006), on
// any server or by hand, and every server forgets that user's entries. While the listening connection is down nothing is cached (messages may be missed).
// A lookup that raced a change is not stored (the epoch moved on while it ran).

export const SESSION_CHANGE_CHANNEL = 'session_change';
/** a safety net only: changes arrive as notifications */
const ENTRY_TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

type Entry<U> = { user: U; sessionExpiresAt: number; storedAt: number };

export class SessionCache<U extends { id: number }> {
  private readonly entries = new Map<string, Entry<U>>();
  private readonly byUser = new Map<number, Set<string>>();
  private epochCounter = 0;
  private isLive = false;

  /** whether entries may be used (the change feed is connected) */
  get live(): boolean {
    return this.isLive;
  }

  /** changes whenever anything is forgotten; a lookup stores its result only if it has not */
  get epoch(): number {
    return this.epochCounter;
  }

  get size(): number {
    return this.entries.size;
  }

  get(idHash: string, now: number): U | undefined {
    if (!this.isLive) return undefined;
    const hit = this.entries.get(idHash);
    if (!hit) return undefined;
    if (hit.sessionExpiresAt <= now || now - hit.storedAt > ENTRY_TTL_MS) {
      this.remove(idHash, hit.user.id);
      return undefined;
    }
    return hit.user;
  }

  set(idHash: string, user: U, sessionExpiresAt: Date, now: number, epochAtLookup: number): void {
    if (!this.isLive || epochAtLookup !== this.epochCounter) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // the oldest stored first (a Map iterates in insertion order)
      const oldest = this.entries.entries().next().value;
      if (oldest) this.remove(oldest[0], oldest[1].user.id);
    }
    this.entries.set(idHash, { user, sessionExpiresAt: sessionExpiresAt.getTime(), storedAt: now });
    let hashes = this.byUser.get(user.id);
    if (!hashes) {
      hashes = new Set();
      this.byUser.set(user.id, hashes);
    }
    hashes.add(idHash);
  }

  /** a notification: this user, or one of their sessions, changed */
  forgetUser(userId: number): void {
    this.epochCounter++;
    for (const idHash of this.byUser.get(userId) ?? []) this.entries.delete(idHash);
    this.byUser.delete(userId);
  }

  /** the feed dropped (false) or is back (true); either way nothing stored so far is trusted */
  setLive(live: boolean): void {
    this.epochCounter++;
    this.isLive = live;
    this.entries.clear();
    this.byUser.clear();
  }

  /** handles one `session_change` payload (a user id; anything else forgets everything) */
  onNotification(payload: string): void {
    const userId = Number(payload);
    if (Number.isInteger(userId)) this.forgetUser(userId);
    else this.setLive(this.isLive);
  }

  private remove(idHash: string, userId: number): void {
    this.entries.delete(idHash);
    const hashes = this.byUser.get(userId);
    hashes?.delete(idHash);
    if (hashes?.size === 0) this.byUser.delete(userId);
  }
}

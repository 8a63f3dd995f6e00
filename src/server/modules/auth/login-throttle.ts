// Sign-in throttling after OWASP ASVS 2.2.1 (issue 19 §1–§2). Failed sign-ins are counted in the
// database (auth_failures, shared by every server) under three keys: the account with the client
// address (`pair:`), the client address alone (`ip:`) and the account alone (`acct:`). A sign-in is
// refused (429) only for a client that has itself been failing:
// - the same client failing on the same account LOGIN_FAILURE_LIMIT times a minute;
// - a client failing LOGIN_IP_FAILURE_LIMIT times a minute over any accounts (guessing spread
//   over many emails);
// - while the whole server sees more than LOGIN_GLOBAL_FAILURE_LIMIT failures a minute, any
//   client with a failure of its own in that minute.
// An account under attack from elsewhere is never locked: its owner, from a client that has not
// been failing, signs in as usual. Each further failure on an account that keeps failing waits a
// little longer before it is answered (progressive delay), and password hashing (argon2, ~20 ms of
// a core each) runs at most PASSWORD_HASH_CONCURRENCY at a time, with clients that have been
// failing queued behind everyone else and turned away when their queue is full. A refusal is
// answered after REFUSAL_HOLD_MS, and a browser that has signed in to the account before
// (known-devices.ts) answers only for its own failures and is hashed first (decision 019).
import os from 'node:os';
import { inArray, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { authFailures } from '../../db/schema.js';
import { sqlRows } from '../../db/sql-rows.js';
import { DomainError, tooMany } from '../../errors.js';

export const FAILURE_WINDOW_MS = 60_000;
/**
 * How long a client refused for the server-wide budget is refused from memory before the budget is
 * read again: a flood of such clients cost a database query each (2,100 a second, the embedded
 * PostgreSQL at 75% of a core and everyone's sign-in p99 at 1 s, bench/load), and the budget
 * itself lapses over FAILURE_WINDOW_MS.
 */
export const GLOBAL_RECHECK_MS = 2_000;
export const THROTTLE_MESSAGES = {
  account: 'Too many failed sign-in attempts. Please wait a minute and try again.',
  client: 'Too many failed sign-in attempts from your network. Please wait a minute and try again.',
  busy: 'The server is busy. Please try signing in again in a moment.',
} as const;

/** failures on one account (from anywhere) before each further one is answered more slowly */
const DELAY_AFTER_FAILURES = 5;
const MAX_DELAY_MS = 3000;

/** `device`: a known device's own id (known-devices.ts), whose failures count from any address */
const keys = (email: string, ip: string, device?: string) => ({
  pair: `pair:${email}|${ip}`,
  ip: `ip:${ip}`,
  account: `acct:${email}`,
  device: device ? `dev:${device}` : null,
});

export type FailureCounts = { pair: number; ip: number; account: number; global: number; device: number };

export async function recentFailures(
  db: DbOrTx,
  email: string,
  ip: string,
  now: Date,
  device?: string,
): Promise<FailureCounts> {
  const k = keys(email, ip, device);
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const result = await db.execute(sql`
    select
      count(*) filter (where email_key = ${k.pair}) as pair,
      count(*) filter (where email_key = ${k.ip}) as ip,
      count(*) filter (where email_key = ${k.account}) as account,
      count(*) filter (where email_key = ${k.device ?? ''}) as device,
      (select count(*) from auth_failures where email_key like 'ip:%' and created_at > ${since.toISOString()}::timestamptz) as global
    from auth_failures
    where email_key in (${k.pair}, ${k.ip}, ${k.account}, ${k.device ?? ''}) and created_at > ${since.toISOString()}::timestamptz`);
  const row = sqlRows<Record<string, unknown>>(result)[0] ?? {};
  return {
    pair: Number(row.pair ?? 0),
    ip: Number(row.ip ?? 0),
    account: Number(row.account ?? 0),
    global: Number(row.global ?? 0),
    device: Number(row.device ?? 0),
  };
}

/**
 * Clients refused recently, remembered by this process until their refusal would lapse, so a
 * flood of refused attempts costs no database round trips (each refusal was decided from the
 * database's counts; another server keeps its own memory of the same decisions).
 */
export class RecentRefusals {
  private readonly until = new Map<string, { at: number; message: string }>();
  constructor(private readonly max = 20_000) {}

  refused(keys: readonly string[], now: number): string | null {
    for (const key of keys) {
      const hit = this.until.get(key);
      if (!hit) continue;
      if (hit.at > now) return hit.message;
      this.until.delete(key);
    }
    return null;
  }

  remember(key: string, untilMs: number, message: string): void {
    if (this.until.size >= this.max) {
      const oldest = this.until.keys().next().value;
      if (oldest !== undefined) this.until.delete(oldest);
    }
    this.until.set(key, { at: untilMs, message });
  }
}

/**
 * How long a client refused for failing waits for its 429. Answered at once, 64 clients guessing
 * back to back were answered 14,700 times a second (bench/load's sign-in flood, embedded
 * PostgreSQL): the server's whole core went to refusing them while the correct passwords' hashing
 * waited for CPU (sign-in p99 55 ms quiet, 802 ms in the flood). Held, each of a client's
 * connections asks about once a second; a person who mistyped ten times waits a second to read
 * the message.
 */
export const REFUSAL_HOLD_MS = 1000;

/**
 * Refusals held at once, at most `max` (each a pending request and a timer); past that a refusal
 * is answered at once, so a client opening thousands of connections cannot turn the holding into
 * memory.
 */
export class RefusalHold {
  private held = 0;
  constructor(
    readonly ms = REFUSAL_HOLD_MS,
    readonly max = 1000,
  ) {}

  get holding(): number {
    return this.held;
  }

  async hold(sleep: (ms: number) => Promise<void>): Promise<void> {
    if (this.held >= this.max) return;
    this.held += 1;
    try {
      await sleep(this.ms);
    } finally {
      this.held -= 1;
    }
  }
}

/** Whether an error is a refusal of a client for its failures (not the busy server's). */
export const isFailingClientRefusal = (err: unknown) =>
  err instanceof DomainError &&
  err.kind === 'too_many' &&
  (err.message === THROTTLE_MESSAGES.account || err.message === THROTTLE_MESSAGES.client);

/** The keys a refusal of this client is remembered under. */
export const refusalKeys = (email: string, ip: string) => [keys(email, ip).pair, keys(email, ip).ip];

/** Throws 429 when this client may not try now. Answers whether it has been failing. */
export function checkAllowed(
  counts: FailureCounts,
  config: Config,
  remember?: (key: 'pair' | 'ip', message: string, forMs: number) => void,
  { knownDevice = false }: { knownDevice?: boolean } = {},
): { suspect: boolean } {
  const refuse = (key: 'pair' | 'ip', message: string, forMs = FAILURE_WINDOW_MS) => {
    remember?.(key, message, forMs);
    return tooMany(message);
  };
  if (counts.pair >= config.LOGIN_FAILURE_LIMIT) throw refuse('pair', THROTTLE_MESSAGES.account);
  // a device known to this account (known-devices.ts) answers for its own failures on it only,
  // from whatever address (a stolen cookie guessing from many is stopped as one client)
  if (knownDevice) {
    if (counts.device >= config.LOGIN_FAILURE_LIMIT) throw refuse('pair', THROTTLE_MESSAGES.account);
    return { suspect: counts.pair > 0 || counts.device > 0 };
  }
  if (counts.ip >= config.LOGIN_IP_FAILURE_LIMIT) throw refuse('ip', THROTTLE_MESSAGES.client);
  const suspect = counts.pair > 0 || counts.ip > 0;
  // the server-wide budget lapses as soon as the flood does: read again after GLOBAL_RECHECK_MS
  if (suspect && counts.global >= config.LOGIN_GLOBAL_FAILURE_LIMIT)
    throw refuse('ip', THROTTLE_MESSAGES.client, GLOBAL_RECHECK_MS);
  return { suspect };
}

/** How long to hold the answer to a failure on an account that has failed `accountFailures` times. */
export function failureDelayMs(accountFailures: number): number {
  if (accountFailures < DELAY_AFTER_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, 250 * 2 ** (accountFailures - DELAY_AFTER_FAILURES));
}

export async function recordFailure(
  db: DbOrTx,
  email: string,
  ip: string,
  now: Date,
  device?: string,
): Promise<void> {
  const k = keys(email, ip, device);
  await db
    .insert(authFailures)
    .values([
      { emailKey: k.pair, createdAt: now },
      { emailKey: k.ip, createdAt: now },
      { emailKey: k.account, createdAt: now },
      ...(k.device ? [{ emailKey: k.device, createdAt: now }] : []),
    ]);
  await db
    .delete(authFailures)
    .where(lt(authFailures.createdAt, new Date(now.getTime() - 10 * FAILURE_WINDOW_MS)));
}

/** Drops a client's failures on an account once it signs in (its earlier typos no longer count). */
export async function clearPairFailures(
  db: DbOrTx,
  email: string,
  ip: string,
  device?: string,
): Promise<void> {
  const k = keys(email, ip, device);
  await db
    .delete(authFailures)
    .where(inArray(authFailures.emailKey, k.device ? [k.pair, k.device] : [k.pair]));
}

// ---- password hashing, a few at a time ----

type Waiter = () => void;

/**
 * At most `limit` argon2 operations at once in this process. Sign-ins from a device known to the
 * account (known-devices.ts) go first; work from clients that have been failing waits behind
 * everyone else's and is refused (429) once `maxSuspectWaiting` are queued; the other queues are
 * bounded too (`maxWaiting`), past which the server answers "busy".
 */
export class HashGate {
  private running = 0;
  /** of `running`, the work of clients that have been failing */
  private runningSuspect = 0;
  private readonly known: Waiter[] = [];
  private readonly normal: Waiter[] = [];
  private readonly suspect: Waiter[] = [];

  constructor(
    readonly limit: number,
    readonly maxWaiting = 256,
    readonly maxSuspectWaiting = 16,
  ) {}

  /** clients that have been failing hash on all but one of the slots, so a flood of them leaves
   * one to everyone else (and a core to the event loop) */
  get suspectLimit(): number {
    return Math.max(1, this.limit - 1);
  }

  async run<T>(work: () => Promise<T>, opts: { suspect?: boolean; knownDevice?: boolean } = {}): Promise<T> {
    const lane = opts.knownDevice ? 'known' : opts.suspect ? 'suspect' : 'normal';
    await this.enter(lane);
    try {
      return await work();
    } finally {
      this.leave(lane);
    }
  }

  get queued(): number {
    return this.known.length + this.normal.length + this.suspect.length;
  }

  private start(lane: 'known' | 'normal' | 'suspect') {
    this.running += 1;
    if (lane === 'suspect') this.runningSuspect += 1;
  }

  private enter(lane: 'known' | 'normal' | 'suspect'): Promise<void> {
    // a free slot goes to the newcomer unless someone of its lane or a higher one waits for it
    // (failing clients waiting at their own limit do not hold it up)
    const ahead =
      lane === 'known'
        ? this.known.length
        : lane === 'normal'
          ? this.known.length + this.normal.length
          : this.queued;
    const free = this.running < this.limit && (lane !== 'suspect' || this.runningSuspect < this.suspectLimit);
    if (free && ahead === 0) {
      this.start(lane);
      return Promise.resolve();
    }
    const queue = this[lane];
    if (queue.length >= (lane === 'suspect' ? this.maxSuspectWaiting : this.maxWaiting)) {
      return Promise.reject(tooMany(lane === 'suspect' ? THROTTLE_MESSAGES.client : THROTTLE_MESSAGES.busy));
    }
    return new Promise<void>((resolve) => {
      queue.push(() => {
        this.start(lane);
        resolve();
      });
    });
  }

  private leave(lane: 'known' | 'normal' | 'suspect'): void {
    this.running -= 1;
    if (lane === 'suspect') this.runningSuspect -= 1;
    const next =
      this.known.shift() ??
      this.normal.shift() ??
      (this.runningSuspect < this.suspectLimit ? this.suspect.shift() : undefined);
    next?.();
  }
}

/** One per configuration, made on first use: each app built in a test has its own. */
function perConfig<T>(make: (config: Config) => T): (config: Config) => T {
  const made = new WeakMap<Config, T>();
  return (config) => {
    let value = made.get(config);
    if (value === undefined) {
      value = make(config);
      made.set(config, value);
    }
    return value;
  };
}

/** The process's memory of refused clients for this configuration. */
export const recentRefusals = perConfig(() => new RecentRefusals());

/** The process's hold on refused clients for this configuration. */
export const refusalHold = perConfig(() => new RefusalHold());

/** The process's gate for this configuration. */
export const hashGate = perConfig(
  (config) => new HashGate(config.PASSWORD_HASH_CONCURRENCY || Math.max(1, os.availableParallelism())),
);

// One long-lived worker thread that runs a module's synchronous WASM work (MP3 encoding, speech
// synthesis) off the main event loop, reached by request → promise.
//
// Why not a pool (piscina): the work is stateful. An MP3 encoder belongs to one call and must see
// that call's audio in order; the speech engine is one warm WASM instance per process (costly to
// start, large in memory). A pool hands tasks to any free thread, so per-call state would need a
// thread affinity it does not offer, and several warm instances would multiply the memory. A
// single dedicated thread per kind of work, answering in FIFO order, keeps the state in one place
// and the order given; the two kinds (encoding, speech) get separate threads, so a long phrase does
// not hold up the recordings and a crash of one leaves the other alone.
//
// Life cycle: the thread starts on the first request. It keeps the process alive only while a
// request is outstanding (unref'd when idle). If it dies (an uncaught error, an exit, an out-of-
// memory abort) every outstanding request rejects with WorkerCrashedError and the next request
// starts a fresh thread; state it held (encoders) is gone, and requests naming it fail cleanly.
// `retain()` marks a user (an app instance); when the last one releases, the thread is stopped.
//
// Idle stop: a warm thread costs resident memory for as long as it lives (the speech engine's WASM
// instance about 110 MB, the MP3 encoder about 18 MB; docs/memory.md), which a server that takes a
// call now and then should not carry all day. With an idle timeout set (`retain({ idleMs })`,
// WORKER_IDLE_MS), the thread is stopped after that long with no request outstanding and nothing
// holding it, and the next request starts it again (paying the start once more). State that must
// outlive one request (a recording's encoder) is marked with `hold()` for as long as it lives.

import { Worker } from 'node:worker_threads';
import type { Answer, WorkerApi, WorkerReply } from './protocol.js';
import { releaseOnce } from './release-once.js';

const BOOT = new URL('./boot.mjs', import.meta.url);

/**
 * A worker module beside `base` (the caller's import.meta.url): the TypeScript source when the
 * server runs from source (tsx), the compiled JavaScript when it runs from its build.
 */
export function workerModule(relative: string, base: string): URL {
  const ext = new URL(base).pathname.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`${relative}${ext}`, base);
}

export class WorkerCrashedError extends Error {
  override name = 'WorkerCrashedError';
}

export class WorkerClosedError extends Error {
  override name = 'WorkerClosedError';
}

/** the timers of the idle stop; tests pass their own to step time without waiting */
export type IdleTimers = {
  set: (fire: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
};

const realTimers: IdleTimers = {
  set: (fire, ms) => {
    const t = setTimeout(fire, ms);
    // an idle thread must not keep the process alive, nor must its stop timer
    t.unref();
    return t;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };

/** one started thread and the requests it has not answered yet */
type Connection = { thread: Worker; pending: Map<number, Pending>; generation: number };

export class DedicatedWorker<Api extends WorkerApi> {
  private connection: Connection | null = null;
  private generations = 0;
  private nextId = 1;
  private users = 0;
  /** 0: never stopped for being idle */
  private idleMs = 0;
  private holds = 0;
  private idleTimer: unknown = null;
  private readonly stopListeners: (() => void)[] = [];

  /**
   * @param entry the worker module (it calls serveRequests with an object of type Api)
   * @param timers the idle stop's timers (real ones unless a test steps time itself)
   */
  constructor(
    private readonly entry: URL,
    private readonly name: string,
    private readonly timers: IdleTimers = realTimers,
  ) {}

  call<M extends keyof Api & string>(
    method: M,
    args: Parameters<Api[M]>[0],
    transfer: ArrayBuffer[] = [],
  ): Promise<Answer<ReturnType<Api[M]>>> {
    const c = this.connection ?? this.start();
    this.disarmIdle();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (c.pending.size === 0) c.thread.ref();
      c.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        c.thread.postMessage({ id, method, args }, transfer);
      } catch (err) {
        // not cloneable: this request fails, the thread is fine
        c.pending.delete(id);
        if (c.pending.size === 0) c.thread.unref();
        this.armIdle();
        reject(err);
      }
    });
  }

  /** whether a thread is running (state such as encoders lives only as long as it does) */
  get running(): boolean {
    return this.connection !== null;
  }

  /** counts the threads started so far; changes when a crashed thread is replaced */
  get generation(): number {
    return this.connection?.generation ?? this.generations;
  }

  /** whether something holds the thread (it is not stopped for idleness meanwhile) */
  get held(): boolean {
    return this.holds > 0;
  }

  /** the running thread, for tests and diagnostics */
  get thread(): Worker | null {
    return this.connection?.thread ?? null;
  }

  /**
   * Marks one user; the returned function releases it, and the last release stops the thread.
   * `idleMs` (> 0) also stops the thread after that long without work; the next request restarts it.
   */
  retain(options: { idleMs?: number } = {}): () => Promise<void> {
    if (options.idleMs !== undefined) {
      this.idleMs = options.idleMs;
      this.armIdle();
    }
    this.users += 1;
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      this.users -= 1;
      if (this.users === 0) await this.close();
    };
  }

  /**
   * Keeps the thread from being stopped for idleness while state in it must live on between
   * requests (a recording's encoder); the returned function lets go (once).
   */
  hold(): () => void {
    this.holds += 1;
    this.disarmIdle();
    return releaseOnce(() => {
      this.holds -= 1;
      this.armIdle();
    });
  }

  /**
   * Calls `listener` whenever a running thread stops: for idleness, closed, or lost. What the main
   * thread keeps only to serve the thread's work (a cache of its answers) can go with it.
   */
  onStopped(listener: () => void): void {
    this.stopListeners.push(listener);
  }

  /** Stops the thread now; outstanding requests reject with WorkerClosedError. */
  async close(): Promise<void> {
    const c = this.connection;
    this.disarmIdle();
    if (!c) return;
    this.connection = null;
    this.failAll(c, new WorkerClosedError(`the ${this.name} worker was stopped`));
    this.stopped();
    await c.thread.terminate();
  }

  private start(): Connection {
    const thread = new Worker(BOOT, { name: this.name, workerData: { entry: this.entry.href } });
    this.generations += 1;
    const c: Connection = { thread, pending: new Map(), generation: this.generations };
    thread.unref();
    thread.on('message', (reply: WorkerReply) => this.settle(c, reply));
    thread.on('error', (err) => this.lost(c, err.message));
    thread.on('messageerror', (err) => this.lost(c, err.message));
    thread.on('exit', (code) => this.lost(c, `exited with code ${code}`));
    this.connection = c;
    return c;
  }

  private settle(c: Connection, reply: WorkerReply): void {
    const p = c.pending.get(reply.id);
    if (!p) return;
    c.pending.delete(reply.id);
    if (c.pending.size === 0) c.thread.unref();
    this.armIdle();
    if (reply.ok) {
      p.resolve(reply.value);
    } else {
      const err = new Error(reply.error.message);
      err.name = reply.error.name;
      if (reply.error.stack) err.stack = reply.error.stack;
      p.reject(err);
    }
  }

  private lost(c: Connection, why: string): void {
    if (this.connection !== c) return;
    this.connection = null;
    this.disarmIdle();
    this.failAll(c, new WorkerCrashedError(`the ${this.name} worker stopped: ${why}`));
    this.stopped();
    // after an 'error' the thread is already ending; make sure it does
    void c.thread.terminate();
  }

  /** starts the idle countdown when a thread runs with nothing to do and nothing held in it */
  private armIdle(): void {
    this.disarmIdle();
    const c = this.connection;
    if (!c || this.idleMs <= 0 || c.pending.size > 0 || this.holds > 0) return;
    this.idleTimer = this.timers.set(() => {
      this.idleTimer = null;
      // a request or a hold since then disarms the timer; this is a last check
      if (this.connection === c && c.pending.size === 0 && this.holds === 0) void this.close();
    }, this.idleMs);
  }

  private disarmIdle(): void {
    if (this.idleTimer === null) return;
    this.timers.clear(this.idleTimer);
    this.idleTimer = null;
  }

  private stopped(): void {
    for (const listener of this.stopListeners) listener();
  }

  private failAll(c: Connection, err: Error): void {
    const pending = [...c.pending.values()];
    c.pending.clear();
    for (const p of pending) p.reject(err);
  }
}

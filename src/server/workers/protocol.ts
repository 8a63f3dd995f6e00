// The messages between the main thread and a worker thread started by DedicatedWorker.

export type WorkerRequest = { id: number; method: string; args: unknown };

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string; stack?: string } };

/** A handler's answer with the buffers to move (not copy) to the other thread. */
export class Transfer<T> {
  constructor(
    readonly value: T,
    readonly list: ArrayBuffer[],
  ) {}
}

/** What a worker module serves: one function per method, taking one structured-cloneable argument. */
// biome-ignore lint/suspicious/noExplicitAny: the argument types are each method's own
export type WorkerApi = Record<string, (args: any) => unknown>;

/** the value a method answers on the main thread (without its Transfer wrapper) */
export type Answer<R> = Awaited<R> extends Transfer<infer V> ? V : Awaited<R>;

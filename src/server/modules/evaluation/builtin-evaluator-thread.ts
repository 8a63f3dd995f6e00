// The built-in evaluator as the server runs it: on a worker thread of its own
// (builtin-evaluator.worker.ts), reached through DedicatedWorker. Scoring a 30-minute call takes
// tens of milliseconds of CPU and its English model 30–36 MB of memory; on the main thread a burst
// of call ends queued every request behind the evaluations, and the model stayed resident for the
// life of the process once a call had been evaluated. On its thread the event loop stays free, and
// the thread (with the model) stops after WORKER_IDLE_MS without work, as the offline voice does.
//
// evaluateBuiltin itself stays a pure function (tests, the calibration and bench/evaluation call
// it directly); this module only moves it.

import type { EvaluationResult } from '../../../shared/contracts/evaluation.js';
import { DedicatedWorker, WorkerCrashedError, workerModule } from '../../workers/dedicated-worker.js';
import type { BuiltinInput } from './builtin-evaluator.js';
import type { EvaluatorWorkerApi } from './builtin-evaluator.worker.js';

export const evaluatorWorker = new DedicatedWorker<EvaluatorWorkerApi>(
  workerModule('./builtin-evaluator.worker', import.meta.url),
  'evaluator',
);

/**
 * Whose evaluation it is: a call's (its end, or evaluating it again) or one asked for through the
 * evaluate endpoints, which anyone signed in can send. A call's goes first.
 */
export type EvaluationPriority = 'call' | 'request';

type Job<T> = { run: () => Promise<T>; resolve: (value: T) => void; reject: (err: unknown) => void };

/**
 * The evaluations waiting for the thread, one sent to it at a time (it scores one at a time
 * anyway): a call's before any asked for, so a user sending long transcripts to the evaluate
 * endpoints delays no one's call (they waited 13 s behind 20 of them before).
 */
export class EvaluationQueue {
  private running = false;
  private readonly waiting: Record<EvaluationPriority, Job<unknown>[]> = { call: [], request: [] };

  /** how many of a kind wait (not counting the one being scored) */
  count(priority: EvaluationPriority): number {
    return this.waiting[priority].length;
  }

  add<T>(priority: EvaluationPriority, run: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting[priority].push({ run, resolve, reject } as Job<unknown>);
      this.next();
    });
  }

  private next(): void {
    if (this.running) return;
    const job = this.waiting.call.shift() ?? this.waiting.request.shift();
    if (!job) return;
    this.running = true;
    job
      .run()
      .then(job.resolve, job.reject)
      .finally(() => {
        this.running = false;
        this.next();
      });
  }
}

export const evaluationQueue = new EvaluationQueue();

/**
 * Scores a transcript on the evaluator's thread, in its turn (EvaluationQueue). A thread that dies
 * under it (out of memory, a crash) is replaced and the transcript scored once more on the new one;
 * a second loss, or the thread being stopped by the server's shutdown, rejects.
 */
export function evaluateOffThread(
  input: BuiltinInput,
  priority: EvaluationPriority = 'call',
): Promise<EvaluationResult> {
  return evaluationQueue.add(priority, async () => {
    try {
      return await evaluatorWorker.call('evaluate', input);
    } catch (err) {
      if (!(err instanceof WorkerCrashedError)) throw err;
      return evaluatorWorker.call('evaluate', input);
    }
  });
}

/** Loads the model on its thread (the first evaluation otherwise pays for it). */
export async function warmEvaluator(): Promise<void> {
  await evaluatorWorker.call('warmUp', undefined);
}

/**
 * Keeps the thread from being stopped for idleness while a call that it will score is live (the
 * call was warmed for it); the returned function lets go.
 */
export function holdEvaluatorWorker(): () => void {
  return evaluatorWorker.hold();
}

/**
 * Marks one user (an app) of the evaluator's thread; the last release stops it, and `idleMs` stops
 * it after that long without an evaluation (the next one starts it again).
 */
export function retainEvaluatorWorker(options: { idleMs?: number } = {}): () => Promise<void> {
  return evaluatorWorker.retain(options);
}

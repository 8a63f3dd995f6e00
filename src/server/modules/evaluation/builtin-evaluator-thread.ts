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
 * Scores a transcript on the evaluator's thread. A thread that dies under it (out of memory, a
 * crash) is replaced and the transcript scored once more on the new one; a second loss, or the
 * thread being stopped by the server's shutdown, rejects.
 */
export async function evaluateOffThread(input: BuiltinInput): Promise<EvaluationResult> {
  try {
    return await evaluatorWorker.call('evaluate', input);
  } catch (err) {
    if (!(err instanceof WorkerCrashedError)) throw err;
    return evaluatorWorker.call('evaluate', input);
  }
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

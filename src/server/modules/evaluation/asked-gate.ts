// Evaluations asked for through the evaluate endpoints (anyone signed in can send one, up to
// 300,000 characters, each up to a second of the evaluator's thread): one at a time per user
// (429), refused while the thread already has a queue of them (503), and scored after any call's
// (EvaluationQueue), so no one's call end waits behind them. Before, 20 long transcripts from one
// user made another user's call end take 13 s.
import { evaluationMessages } from '../../../shared/contracts/evaluation.js';
import { tooMany, unavailable } from '../../errors.js';
import type { EvaluationQueue } from './builtin-evaluator-thread.js';

/** asked-for evaluations that may wait for the evaluator's thread before more are refused */
export const MAX_WAITING_REQUESTS = 8;

/** Runs an asked-for evaluation for a user, or refuses it (see above). */
export function askedGate(queue: Pick<EvaluationQueue, 'count'>, maxWaiting = MAX_WAITING_REQUESTS) {
  const scoring = new Set<number>();
  return async <T>(userId: number, run: () => Promise<T>): Promise<T> => {
    if (scoring.has(userId)) throw tooMany(evaluationMessages.oneAtATime);
    if (queue.count('request') >= maxWaiting) throw unavailable(evaluationMessages.evaluatorBusy);
    scoring.add(userId);
    try {
      return await run();
    } finally {
      scoring.delete(userId);
    }
  };
}

// Worker thread of the built-in evaluator (started by builtin-evaluator-thread.ts through
// DedicatedWorker): holds the English model (wink, about 30–36 MB, 0.15–0.3 s to load) and scores
// one transcript at a time, so an evaluation's CPU (tens to hundreds of ms for a long call) never
// blocks the server's event loop, and the model leaves memory with the thread when it is idle.

import { serveRequests } from '../../workers/serve.js';
import { type BuiltinInput, evaluateBuiltin } from './builtin-evaluator.js';
import { warmUp } from './nlp.js';

const api = {
  /** loads the model (the first evaluation otherwise pays for it) */
  warmUp(): void {
    warmUp();
  },
  evaluate(input: BuiltinInput) {
    return evaluateBuiltin(input);
  },
};

export type EvaluatorWorkerApi = typeof api;
serveRequests(api);

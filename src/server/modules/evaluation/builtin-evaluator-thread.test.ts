// The built-in evaluator as the server runs it, on its worker thread: the same scores as the pure
// function, the English model never loaded on the main thread, a thread lost mid-evaluation
// replaced once, and a server stopping the thread answered with the spec's error form (the call
// ends completed_with_errors and can be evaluated again), never a throw.
import { createRequire } from 'node:module';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps.js';
import { evaluateBuiltin } from './builtin-evaluator.js';
import { evaluateOffThread, evaluatorWorker, retainEvaluatorWorker } from './builtin-evaluator-thread.js';
import { longTranscript, MEDIUM_TRANSCRIPT, SAMPLE_RUBRIC } from './sample-transcripts.js';
import { BUILTIN_EVALUATOR_FAILED, EVALUATION_FAILED, evaluateTranscript } from './service.js';

const require = createRequire(import.meta.url);
const rubricCriteria = SAMPLE_RUBRIC.slice(0, 5);
/** evaluateTranscript reads only the model client (none: the built-in evaluator) */
const noModel = { llm: null } as unknown as AppDeps;

/** whether this thread has loaded wink's English model (nlp.ts requires it on first use) */
const modelLoadedHere = () => Object.keys(require.cache).some((k) => k.includes('wink-eng-lite-web-model'));
/**
 * The unit files of a worker share one process and module registry (vitest.config.ts): an earlier
 * file may have loaded the model here by scoring on this thread. Forgotten, so this file sees
 * whether the thread's evaluation loads it again.
 */
const forgetModel = () => {
  for (const k of Object.keys(require.cache))
    if (k.includes('wink-eng-lite-web-model')) delete require.cache[k];
};

afterEach(() => evaluatorWorker.close());
afterAll(() => evaluatorWorker.close());

describe('the built-in evaluator on its thread', () => {
  it('scores as the pure function does, without loading the model on the main thread', async () => {
    forgetModel();
    expect(modelLoadedHere()).toBe(false);
    const outcome = await evaluateTranscript(noModel, { transcript: MEDIUM_TRANSCRIPT, rubricCriteria });
    expect(evaluatorWorker.running).toBe(true);
    expect(modelLoadedHere()).toBe(false);
    expect(outcome).toEqual(
      evaluateBuiltin({ transcript: MEDIUM_TRANSCRIPT, rubricCriteria, approximate: [] }),
    );
  });

  it('scores again on a fresh thread when the thread dies under an evaluation', async () => {
    const before = evaluatorWorker.generation;
    const transcript = longTranscript(1500);
    // the request is posted before the call returns: it is outstanding on a new thread
    const scoring = evaluateOffThread({ transcript, rubricCriteria });
    expect(evaluatorWorker.generation).toBe(before + 1);
    await evaluatorWorker.thread?.terminate();
    const result = await scoring;
    expect(evaluatorWorker.generation).toBe(before + 2);
    expect(result).toEqual(evaluateBuiltin({ transcript, rubricCriteria }));
  });

  it('answers the error form, not a throw, when the server stops the thread mid-evaluation', async () => {
    const before = evaluatorWorker.generation;
    const scoring = evaluateTranscript(noModel, { transcript: longTranscript(1500), rubricCriteria });
    expect(evaluatorWorker.generation).toBe(before + 1);
    await evaluatorWorker.close();
    expect(await scoring).toEqual({ error: EVALUATION_FAILED, message: BUILTIN_EVALUATOR_FAILED });
    // the next evaluation starts the thread again
    const next = await evaluateTranscript(noModel, { transcript: MEDIUM_TRANSCRIPT, rubricCriteria });
    expect(next).toMatchObject({ evaluator: 'built-in' });
  });

  it('lets any other failure reach the caller instead of calling it the thread’s, and the thread lives on', async () => {
    // a rubric that cannot be sent to the thread (a function in it): not the thread's end
    const unsendable = [{ name: 'Clarity', description: 'Speaks clearly.', weigh: () => 1 }];
    await expect(
      evaluateTranscript(noModel, { transcript: MEDIUM_TRANSCRIPT, rubricCriteria: unsendable }),
    ).rejects.toThrow(/could not be cloned/);
    const generation = evaluatorWorker.generation;
    expect(await evaluateOffThread({ transcript: MEDIUM_TRANSCRIPT, rubricCriteria })).toMatchObject({
      evaluator: 'built-in',
    });
    expect(evaluatorWorker.generation).toBe(generation);
  });

  it('stops the idle thread, model and all, after the idle time; the next evaluation starts it', async () => {
    const release = retainEvaluatorWorker({ idleMs: 50 });
    try {
      await evaluateOffThread({ transcript: MEDIUM_TRANSCRIPT, rubricCriteria });
      const generation = evaluatorWorker.generation;
      while (evaluatorWorker.running) await new Promise((r) => setTimeout(r, 10));
      await evaluateOffThread({ transcript: MEDIUM_TRANSCRIPT, rubricCriteria });
      expect(evaluatorWorker.generation).toBe(generation + 1);
    } finally {
      await release();
    }
  });
});

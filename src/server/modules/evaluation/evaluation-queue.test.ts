// The evaluator's thread takes one evaluation at a time, a call's before one asked for through
// the evaluate endpoints: a user sending long transcripts there delays no one's call.
import { describe, expect, it } from 'vitest';
import { EvaluationQueue } from './builtin-evaluator-thread.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('EvaluationQueue', () => {
  it('runs one at a time, a call’s first, then the asked-for ones in their order', async () => {
    const queue = new EvaluationQueue();
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const job = (name: string) => () => {
      started.push(name);
      const gate = deferred();
      gates.set(name, gate);
      return gate.promise.then(() => name);
    };
    const first = queue.add('request', job('request 1'));
    const second = queue.add('request', job('request 2'));
    const call = queue.add('call', job('call'));
    expect(started).toEqual(['request 1']);
    expect(queue.count('request')).toBe(1);
    expect(queue.count('call')).toBe(1);
    gates.get('request 1')?.resolve();
    expect(await first).toBe('request 1');
    await Promise.resolve();
    expect(started).toEqual(['request 1', 'call']);
    gates.get('call')?.resolve();
    expect(await call).toBe('call');
    await Promise.resolve();
    expect(started).toEqual(['request 1', 'call', 'request 2']);
    gates.get('request 2')?.resolve();
    expect(await second).toBe('request 2');
  });

  it('goes on after a job fails, and the failure reaches its caller', async () => {
    const queue = new EvaluationQueue();
    const failed = queue.add('call', () => Promise.reject(new Error('thread lost')));
    const next = queue.add('call', () => Promise.resolve('scored'));
    await expect(failed).rejects.toThrow('thread lost');
    expect(await next).toBe('scored');
  });
});

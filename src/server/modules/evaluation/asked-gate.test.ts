import { describe, expect, it } from 'vitest';
import { evaluationMessages } from '../../../shared/contracts/evaluation.js';
import { askedGate } from './asked-gate.js';

describe('askedGate', () => {
  it('refuses a user a second evaluation while the first runs, and lets them go on after', async () => {
    const gate = askedGate({ count: () => 0 });
    let finish!: () => void;
    const first = gate(1, () => new Promise<string>((resolve) => (finish = () => resolve('scored'))));
    await expect(gate(1, async () => 'again')).rejects.toMatchObject({
      kind: 'too_many',
      message: evaluationMessages.oneAtATime,
    });
    expect(await gate(2, async () => 'other user')).toBe('other user');
    finish();
    expect(await first).toBe('scored');
    expect(await gate(1, async () => 'again')).toBe('again');
  });

  it('frees the user after a failure too', async () => {
    const gate = askedGate({ count: () => 0 });
    await expect(gate(1, () => Promise.reject(new Error('model down')))).rejects.toThrow('model down');
    expect(await gate(1, async () => 'ok')).toBe('ok');
  });

  it('refuses anyone while the thread already has its queue of asked-for evaluations (503)', async () => {
    let waiting = 8;
    const gate = askedGate({ count: (p) => (p === 'request' ? waiting : 0) }, 8);
    await expect(gate(3, async () => 'x')).rejects.toMatchObject({
      kind: 'unavailable',
      message: evaluationMessages.evaluatorBusy,
    });
    waiting = 7;
    expect(await gate(3, async () => 'x')).toBe('x');
  });
});

import { describe, expect, it } from 'vitest';
import { buildTranscript } from './transcript';

describe('buildTranscript', () => {
  it('orders by start time and keeps the stored order on a tie (an answer before the reply that starts with it)', () => {
    const text = buildTranscript(
      [
        { speaker: 'agent', text: 'Welcome. Ready?', startMs: 0, endMs: 900 },
        { speaker: 'user', text: 'Yes, ready.', startMs: 1200, endMs: 1200 },
        { speaker: 'agent', text: 'Tell me about a launch.', startMs: 1200, endMs: 3000 },
        { speaker: 'user', text: '  ', startMs: 3100, endMs: 3100 },
      ],
      { agent: 'Alex', user: 'You' },
    );
    expect(text).toBe('Alex: Welcome. Ready?\nYou: Yes, ready.\nAlex: Tell me about a launch.');
  });

  it('puts an earlier line first whatever order it is given in', () => {
    const text = buildTranscript([
      { speaker: 'user', text: 'Second', startMs: 500, endMs: 600 },
      { speaker: 'agent', text: 'First', startMs: 0, endMs: 400 },
    ]);
    expect(text).toBe('Interviewer: First\nYou: Second');
  });
});

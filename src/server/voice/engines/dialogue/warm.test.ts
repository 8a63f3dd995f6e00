import { describe, expect, it } from 'vitest';
import { warmDialogue } from './warm.js';

describe('warming the dialogue engine', () => {
  it('plays its sample conversations once per process, in steps that let the event loop run', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const first = warmDialogue();
    // another call about to begin joins the same warm-up
    expect(warmDialogue()).toBe(first);
    await first;
    clearInterval(timer);
    // a timer ran between its steps: no request waits for the whole warm-up
    expect(ticks).toBeGreaterThan(3);
    expect(warmDialogue()).toBe(first);
  });
});

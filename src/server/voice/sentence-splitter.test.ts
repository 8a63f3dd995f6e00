import { describe, expect, it } from 'vitest';
import { SentenceSplitter, splitForSpeech } from './sentence-splitter.js';

describe('sentence splitter', () => {
  it('sends the first short clause first, then whole sentences', () => {
    expect(
      splitForSpeech("Hi, I'm Sarah from Brightline, thanks for joining. Ready to start? Great."),
    ).toEqual(["Hi, I'm Sarah from Brightline,", 'thanks for joining.', 'Ready to start?', 'Great.']);
  });

  it('emits pieces as streamed tokens complete them', () => {
    const s = new SentenceSplitter();
    const out: string[] = [];
    for (const token of ['That is ', 'a great ', 'point. Tell', ' me more', ' about it.'])
      out.push(...s.push(token));
    expect(out).toEqual(['That is a great point.']);
    expect(s.flush()).toEqual(['Tell me more about it.']);
  });
});

import { describe, expect, it } from 'vitest';
import { normaliseWords, wordErrorRate } from './word-error-rate.js';

describe('word error rate', () => {
  it('compares normalised lower-case words', () => {
    expect(normaliseWords('Hello, World! It’s  "fine".')).toEqual(['hello', 'world', "it's", 'fine']);
    expect(wordErrorRate('Hello world', 'hello, WORLD')).toBe(0);
  });

  it('counts substitutions, deletions and insertions over the reference words', () => {
    expect(wordErrorRate('the cat sat on the mat', 'the cat sat on a mat')).toBeCloseTo(1 / 6);
    expect(wordErrorRate('the cat sat', 'the sat')).toBeCloseTo(1 / 3);
    expect(wordErrorRate('the cat', 'the black cat sat')).toBe(1);
    expect(wordErrorRate('ten of clubs', '')).toBe(1);
    expect(wordErrorRate('', '')).toBe(0);
  });
});

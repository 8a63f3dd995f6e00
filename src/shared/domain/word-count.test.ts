import { describe, expect, it } from 'vitest';
import {
  countWords,
  WORD_COUNT_MESSAGES,
  WORD_LIMITS,
  wordCountGuidance,
  wordCountLevel,
} from './word-count.js';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('word-count guidance (spec core-experience §5)', () => {
  it('counts words separated by any whitespace, and nothing in blank text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n ')).toBe(0);
    expect(countWords(' one  two\nthree\tfour ')).toBe(4);
  });

  it('uses the four spec messages at the default limits 50 / 200 / 500', () => {
    expect(wordCountGuidance(words(49)).message).toBe('Needs more detail for optimal results');
    expect(wordCountGuidance(words(50)).message).toBe('Getting better, add more details');
    expect(wordCountGuidance(words(199)).message).toBe('Getting better, add more details');
    expect(wordCountGuidance(words(200)).message).toBe('Great level of detail!');
    expect(wordCountGuidance(words(500)).message).toBe('Great level of detail!');
    expect(wordCountGuidance(words(501)).message).toBe("You've exceeded the ideal length, but that's okay!");
  });

  it('gives each field its own ideal: About You 150, persona 120, scenario 150, prompt 200 with minimum 100', () => {
    expect(WORD_LIMITS.userContext).toEqual({ min: 50, ideal: 150, max: 500 });
    expect(WORD_LIMITS.personaDetails).toEqual({ min: 50, ideal: 120, max: 500 });
    expect(WORD_LIMITS.scenarioDetails).toEqual({ min: 50, ideal: 150, max: 500 });
    expect(WORD_LIMITS.systemPrompt).toEqual({ min: 100, ideal: 200, max: 500 });
    expect(wordCountLevel(120, WORD_LIMITS.personaDetails)).toBe('great');
    expect(wordCountLevel(120, WORD_LIMITS.userContext)).toBe('getting-better');
    expect(wordCountLevel(99, WORD_LIMITS.systemPrompt)).toBe('too-short');
    expect(wordCountLevel(99, WORD_LIMITS.scenarioDetails)).toBe('getting-better');
    expect(Object.values(WORD_COUNT_MESSAGES)).toHaveLength(4);
  });
});

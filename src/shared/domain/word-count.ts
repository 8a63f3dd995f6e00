// Word-count guidance under the custom-scenario text areas (spec: core-experience §5): below the
// minimum, below the ideal, up to the maximum, above it. Defaults 50 / 200 / 500; each field
// overrides what the spec names for it.

export type WordCountLimits = { min: number; ideal: number; max: number };
export type WordCountLevel = 'too-short' | 'getting-better' | 'great' | 'over';

export const DEFAULT_WORD_LIMITS: WordCountLimits = { min: 50, ideal: 200, max: 500 };

/** Per field: About You ideal 150, persona 120, scenario 150, system prompt ideal 200 with minimum 100. */
export const WORD_LIMITS = {
  userContext: { ...DEFAULT_WORD_LIMITS, ideal: 150 },
  personaDetails: { ...DEFAULT_WORD_LIMITS, ideal: 120 },
  scenarioDetails: { ...DEFAULT_WORD_LIMITS, ideal: 150 },
  systemPrompt: { ...DEFAULT_WORD_LIMITS, ideal: 200, min: 100 },
} as const satisfies Record<string, WordCountLimits>;

export const WORD_COUNT_MESSAGES: Record<WordCountLevel, string> = {
  'too-short': 'Needs more detail for optimal results',
  'getting-better': 'Getting better, add more details',
  great: 'Great level of detail!',
  over: "You've exceeded the ideal length, but that's okay!",
};

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

export function wordCountLevel(count: number, limits: WordCountLimits = DEFAULT_WORD_LIMITS): WordCountLevel {
  if (count < limits.min) return 'too-short';
  if (count < limits.ideal) return 'getting-better';
  if (count <= limits.max) return 'great';
  return 'over';
}

export type WordCountGuidance = { count: number; level: WordCountLevel; message: string };

export function wordCountGuidance(
  text: string,
  limits: WordCountLimits = DEFAULT_WORD_LIMITS,
): WordCountGuidance {
  const count = countWords(text);
  const level = wordCountLevel(count, limits);
  return { count, level, message: WORD_COUNT_MESSAGES[level] };
}

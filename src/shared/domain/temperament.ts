// A persona's temperament: how it sounds from its first line to its last. A scenario states it in
// its system prompt as a line `Temperament: angry` (the custom-scenario generator writes it; an
// admin may too); the built-in persona engine reads it with temperamentOf() and keeps every line it
// says in that register. A prompt without the line is read as 'calm' unless the engine's own data
// finds stronger evidence in the text.

export const TEMPERAMENTS = ['calm', 'friendly', 'sceptical', 'angry'] as const;
export type Temperament = (typeof TEMPERAMENTS)[number];

const LINE = /^\s*temperament\s*:\s*([a-z]+)\s*\.?\s*$/im;

/** The temperament a system prompt states on its `Temperament:` line, or null when it states none. */
export function statedTemperament(systemPrompt: string): Temperament | null {
  const match = LINE.exec(systemPrompt);
  const value = match?.[1]?.toLowerCase();
  return (TEMPERAMENTS as readonly string[]).includes(value ?? '') ? (value as Temperament) : null;
}

/** The line a generator writes into a system prompt so the persona engine keeps the temperament. */
export function temperamentLine(temperament: Temperament): string {
  return `Temperament: ${temperament}`;
}

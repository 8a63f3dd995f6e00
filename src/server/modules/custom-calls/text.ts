// Small text helpers shared by the built-in generator's readers: sentences, person changes and
// template filling. The word tables they use are in tables/language.json.
import { DATA } from './generator-data.js';

export const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Sentences, split on end punctuation and line breaks. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map(clean)
    .filter((s) => s !== '');
}

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** First person (the user writing) → second person (the persona speaking to them). */
export function toSecondPerson(text: string): string {
  const map = DATA.language.secondPerson;
  let afterI = false;
  return text.replace(/\b[A-Za-z']+\b/g, (w) => {
    const lower = w.toLowerCase();
    // "I am"/"I was" agree with "you"; elsewhere "am"/"was" stay as written.
    const wasI = afterI;
    afterI = lower === 'i';
    if ((lower === 'am' || lower === 'was') && !wasI) return w;
    return map[lower] ?? w;
  });
}

const THIRD_PERSON = new RegExp(`\\b(?:${Object.keys(DATA.language.personaFirstPerson).join('|')})\\b`, 'gi');

/** The persona, written about in the third person, speaks of itself in the first. */
export function personaFirstPerson(text: string): string {
  return text.replace(THIRD_PERSON, (w) => DATA.language.personaFirstPerson[w.toLowerCase()] ?? w);
}

/** What the writer wrote, as the persona says it to them. */
export const inPersonaVoice = (text: string) => personaFirstPerson(toSecondPerson(text));

export type Slots = Record<string, string | null | undefined>;

/**
 * The template with its {slots} filled ({Slot} capitalises the value), or null when a slot it
 * names is unknown, so a line never has a hole in it.
 */
export function fill(template: string, slots: Slots): string | null {
  let missing = false;
  const out = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const lowerKey = key.charAt(0).toLowerCase() + key.slice(1);
    const value = slots[lowerKey];
    if (!value) {
      missing = true;
      return '';
    }
    return key === lowerKey ? value : capitalise(value);
  });
  return missing ? null : clean(out);
}

/** The first of the templates that can be filled. */
export function fillFirst(templates: readonly string[], slots: Slots): string | null {
  for (const t of templates) {
    const line = fill(t, slots);
    if (line) return line;
  }
  return null;
}

/** Title case for a role or organisation: small words stay lower case, acronyms stay as written. */
export function titleCase(text: string): string {
  const small = new Set(['of', 'the', 'and', 'for', 'at', 'in', 'on', 'to', 'a', 'an']);
  return clean(text)
    .split(' ')
    .map((w, i) => {
      if (/^[\p{Lu}\d&.'’-]{2,}$/u.test(w) || /\p{Lu}/u.test(w.slice(1))) return w;
      if (i > 0 && small.has(w.toLowerCase())) return w.toLowerCase();
      return capitalise(w);
    })
    .join(' ');
}

// A short scenario name taken from free text (a persona description) that ends where a phrase
// ends, never mid-phrase: "Councillor Brynja Hammershaimb chairs the Faroese fisheries committee"
// gives "Councillor Brynja Hammershaimb", not "Councillor Brynja Hammershaimb chairs the Faroese".

export const MAX_SCENARIO_NAME_CHARS = 48;

/** Words a phrase does not end on; a phrase boundary falls just before one of them. */
const FUNCTION_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'at',
  'for',
  'with',
  'and',
  'or',
  'but',
  'who',
  'whose',
  'which',
  'that',
  'in',
  'on',
  'to',
  'from',
  'by',
  'after',
  'before',
  'because',
  'since',
  'when',
  'while',
  'is',
  'was',
  'are',
  'were',
  'has',
  'had',
  'will',
  'our',
  'my',
  'your',
  'their',
  'his',
  'her',
  'its',
  'this',
]);

const isCapitalised = (w: string) => /^\p{Lu}/u.test(w);
const fn = (w: string) => FUNCTION_WORDS.has(w.toLowerCase().replace(/[^\p{L}']/gu, ''));
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function dropTrailingFunctionWords(words: string[]): string[] {
  const out = [...words];
  while (out.length > 1 && fn(out[out.length - 1])) out.pop();
  return out;
}

/**
 * The first clause of `text` when it fits in `max` characters; else a leading run of capitalised
 * words (a name with its title); else the words before the first function word; else as many
 * whole words as fit. Empty text gives ''.
 */
export function phraseName(text: string, max = MAX_SCENARIO_NAME_CHARS): string {
  const clause = text
    .trim()
    .split(/[.;:!?\n()"“”]|,\s|\s[-–—]\s/)[0]
    .replace(/\s+/g, ' ')
    .trim();
  const words = clause.split(' ').filter((w) => w !== '');
  if (words.length === 0) return '';
  const fits = (ws: string[]) => ws.join(' ').length <= max;
  const whole = dropTrailingFunctionWords(words);
  if (fits(whole)) return capitalise(whole.join(' '));

  let run = 0;
  while (run < words.length && isCapitalised(words[run]) && !fn(words[run])) run++;
  if (run >= 2 && fits(words.slice(0, run))) return words.slice(0, run).join(' ');

  for (let i = 2; i < words.length; i++) {
    if (!fn(words[i])) continue;
    const phrase = dropTrailingFunctionWords(words.slice(0, i));
    if (phrase.length >= 2 && fits(phrase)) return capitalise(phrase.join(' '));
    break;
  }
  const kept: string[] = [];
  for (const w of words) {
    if (!fits([...kept, w])) break;
    kept.push(w);
  }
  const phrase = dropTrailingFunctionWords(kept.length > 0 ? kept : [words[0].slice(0, max)]);
  return capitalise(phrase.join(' '));
}

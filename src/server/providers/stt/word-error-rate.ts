// Word error rate, the standard measure of a transcript: (substitutions + deletions + insertions)
// / words of the reference, from a Levenshtein alignment over normalised words (lower case,
// punctuation dropped, apostrophes kept inside words).

export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/** Edit operations between the word sequences: the Levenshtein distance over words. */
export function wordEdits(reference: string, hypothesis: string): { edits: number; words: number } {
  const ref = normaliseWords(reference);
  const hyp = normaliseWords(hypothesis);
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const substitute = prev[j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      row.push(Math.min(substitute, prev[j] + 1, row[j - 1] + 1));
    }
    prev = row;
  }
  return { edits: prev[hyp.length], words: ref.length };
}

/** WER of one transcript, 0… (above 1 when the hypothesis inserts more words than the reference has). */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const { edits, words } = wordEdits(reference, hypothesis);
  return words === 0 ? (edits === 0 ? 0 : 1) : edits / words;
}

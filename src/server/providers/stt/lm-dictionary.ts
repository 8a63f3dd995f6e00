// The recogniser's pronunciation dictionary cut to the words its language model knows.
// pocketsphinx searches only the words that are in both, but loads every line of the dictionary it
// is given: Debian's cmudict-en-us has 134,723 lines, of which 79,420 spell the 72,545 words of
// en-us.lm.bin. The lines no search can use cost every decoder 13 MB of its ~90 MB and part of its
// model loading (bench/speech: the same transcripts, word for word). The cut copy is made once per
// server process, in the background, in a private directory removed at exit; until it is ready, or
// where the language model is not in the binary trie format read here, decoders get the whole
// dictionary.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const TRIE_MAGIC = 'Trie Language Model';

/**
 * The words of a binary language model in pocketsphinx's trie format (`.lm.bin`): its header holds
 * the number of unigrams, and the file ends with their spellings, each closed by a NUL, after the
 * block's length in bytes (int32, as ngram_model_trie.c reads it back). Null for a model in another
 * format (ARPA text, the older DMP) or whose end does not read so.
 */
export async function languageModelWords(lmPath: string): Promise<Set<string> | null> {
  const handle = await fs.promises.open(lmPath, 'r');
  try {
    const head = Buffer.alloc(TRIE_MAGIC.length + 1 + 4);
    await handle.read(head, 0, head.length, 0);
    if (head.toString('latin1', 0, TRIE_MAGIC.length) !== TRIE_MAGIC) return null;
    // the order (one byte), then the n-gram counts, unigrams first
    const unigrams = head.readUInt32LE(TRIE_MAGIC.length + 1);
    const { size } = await handle.stat();
    for (let chunk = 1 << 20; ; chunk *= 2) {
      const length = Math.min(size, chunk);
      const tail = Buffer.alloc(length);
      await handle.read(tail, 0, length, size - length);
      // pieces: ..., [what precedes], word 1, ..., word n, '' (after the last NUL)
      const pieces = tail.toString('latin1').split('\0');
      if (pieces.length - 1 > unigrams) {
        const words = pieces.slice(-unigrams - 1, -1);
        const bytes = words.reduce((sum, w) => sum + w.length + 1, 0);
        const at = length - bytes - 4;
        if (at < 0 || tail.readInt32LE(at) !== bytes) return null;
        return new Set(words);
      }
      if (length === size) return null;
    }
  } finally {
    await handle.close();
  }
}

const ALTERNATIVE = /\(\d+\)$/;

/** a dictionary line's word, without the number of an alternative pronunciation ("read(2)") */
function wordOf(line: string): string {
  // string scans, not a split and a replace per line: the whole cut runs on the event loop
  const space = line.indexOf(' ');
  const tab = line.indexOf('\t');
  const end = space < 0 ? tab : tab < 0 ? space : Math.min(space, tab);
  const word = end < 0 ? line : line.slice(0, end);
  return word.endsWith(')') ? word.replace(ALTERNATIVE, '') : word;
}

/** The lines of a pronunciation dictionary whose word is in `words`, and how many there were. */
export function dictionaryLinesFor(lines: string[], words: Set<string>): { kept: string[]; total: number } {
  const kept: string[] = [];
  let total = 0;
  for (const line of lines) {
    if (line.length === 0 || line === '\r') continue;
    total += 1;
    if (words.has(wordOf(line))) kept.push(line);
  }
  return { kept, total };
}

/** dictionary lines looked at between two turns of the event loop */
const LINES_AT_ONCE = 20_000;

/** one cut dictionary per model (language model and dictionary) in this process */
const made = new Map<string, Promise<string | null>>();

/**
 * A private copy of the model's dictionary holding only its language model's words, or null when
 * it cannot be made (another LM format, files missing, a language model whose words the
 * dictionary does not spell). Made once per process and model.
 */
export function dictionaryForModel(model: { lm: string; dict: string }): Promise<string | null> {
  const key = `${model.lm}\n${model.dict}`;
  let dictionary = made.get(key);
  if (!dictionary) {
    dictionary = cutDictionary(model).catch(() => null);
    made.set(key, dictionary);
  }
  return dictionary;
}

async function cutDictionary(model: { lm: string; dict: string }): Promise<string | null> {
  const words = await languageModelWords(model.lm);
  // every trie model spells its sentence marks: a set without them was read wrongly
  if (!words?.has('<s>') || !words.has('</s>')) return null;
  const lines = (await fs.promises.readFile(model.dict, 'latin1')).split('\n');
  // in slices, letting other work run between them (the whole of Debian's takes some 50 ms)
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i += LINES_AT_ONCE) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    kept.push(...dictionaryLinesFor(lines.slice(i, i + LINES_AT_ONCE), words).kept);
  }
  if (kept.length === 0) return null;
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'pocketsphinx-dict-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, path.basename(model.dict));
  await fs.promises.writeFile(file, `${kept.join('\n')}\n`, { encoding: 'latin1', mode: 0o600 });
  return file;
}

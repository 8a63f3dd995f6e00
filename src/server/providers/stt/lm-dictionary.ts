// The recogniser's pronunciation dictionary cut to the words its language model knows.
// pocketsphinx searches only the words that are in both, but loads every line of the dictionary it
// is given: Debian's cmudict-en-us has 134,723 lines, of which 79,420 spell the 72,545 words of
// en-us.lm.bin. The lines no search can use cost every decoder 13 MB of its ~90 MB and part of its
// model loading (bench/speech: the same transcripts, word for word). The cut copy is made once per
// server process, with the first call, in a private directory removed at exit; until it is ready,
// or where the language model is not in the binary trie format read here, decoders get the whole
// dictionary. The cut runs in a child process (tail, tr, awk): done in the server, reading and
// splitting 3 MB of dictionary left some 30 MB of heap that an idle server kept.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const TRIE_MAGIC = 'Trie Language Model';
/** the end of a trie LM read for its words: 72,545 words of Debian's model take 0.6 MB */
const MAX_WORDS_BYTES = 16 * 1024 * 1024;

/**
 * How many words (unigrams) a binary language model in pocketsphinx's trie format (`.lm.bin`)
 * has, from its header (magic, order, then the n-gram counts), or null for another format (ARPA
 * text, the older DMP).
 */
export async function languageModelUnigrams(lmPath: string): Promise<number | null> {
  const handle = await fs.promises.open(lmPath, 'r');
  try {
    const head = Buffer.alloc(TRIE_MAGIC.length + 1 + 4);
    await handle.read(head, 0, head.length, 0);
    if (head.toString('latin1', 0, TRIE_MAGIC.length) !== TRIE_MAGIC) return null;
    return head.readUInt32LE(TRIE_MAGIC.length + 1);
  } finally {
    await handle.close();
  }
}

/**
 * The words close the file, each ended by a NUL, after the block's length in bytes (int32, as
 * ngram_model_trie.c reads it back). `words`: the file's last `unigrams` NUL-ended strings, one a
 * line (each line is a word and one byte, as in the block), checked against that length.
 */
const WORDS = 'umask 077; tail -c "$3" "$1" | tr "\\000" "\\n" | tail -n "$2" > "$4/words"';
/** a dictionary line is kept when its word (without "(2)", an alternative pronunciation) is one of them */
const CUT = `umask 077; awk 'NR == FNR { known[$0] = 1; next } { word = $1; sub(/\\([0-9]+\\)$/, "", word) } word in known' "$4/words" "$5" > "$4/dict"`;

/** one cut dictionary per model (language model and dictionary) in this process */
const made = new Map<string, Promise<string | null>>();

/**
 * A private copy of the model's dictionary holding only its language model's words, or null when
 * it cannot be made (another LM format, files missing, no awk, a language model whose words the
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
  const unigrams = await languageModelUnigrams(model.lm);
  if (!unigrams) return null;
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'pocketsphinx-dict-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const args = [model.lm, String(unigrams), String(MAX_WORDS_BYTES), dir, model.dict];
  // bytes, not characters: the files are Latin-1 at most
  const env = { ...process.env, LC_ALL: 'C' };
  await run('/bin/sh', ['-c', WORDS, 'cut', ...args], { env });
  if (!(await wordsAreTheBlock(model.lm, path.join(dir, 'words'), unigrams))) return null;
  await run('/bin/sh', ['-c', CUT, 'cut', ...args], { env });
  const { size } = await fs.promises.stat(path.join(dir, 'dict'));
  if (size === 0) return null;
  await fs.promises.rm(path.join(dir, 'words'));
  const file = path.join(dir, path.basename(model.dict));
  await fs.promises.rename(path.join(dir, 'dict'), file);
  return file;
}

/** whether the words read are the LM's last block: as many as it says, their bytes its length */
async function wordsAreTheBlock(lm: string, wordsFile: string, unigrams: number): Promise<boolean> {
  const words = await fs.promises.readFile(wordsFile);
  const lines = `\n${words.toString('latin1')}`.split('\n').slice(1, -1);
  // every trie model spells its sentence marks
  if (lines.length !== unigrams || !lines.includes('<s>') || !lines.includes('</s>')) return false;
  const handle = await fs.promises.open(lm, 'r');
  try {
    const { size } = await handle.stat();
    const length = Buffer.alloc(4);
    const at = size - words.length - 4;
    if (at < 0) return false;
    await handle.read(length, 0, 4, at);
    return length.readInt32LE(0) === words.length;
  } finally {
    await handle.close();
  }
}

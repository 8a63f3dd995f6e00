// The dictionary cut to the language model's words: the words read from a trie-format binary LM
// (a small one made here, and Debian's where installed), the lines kept, and the private copy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dictionaryForModel, languageModelUnigrams } from './lm-dictionary.js';
import {
  closePocketsphinxSpares,
  createPocketsphinxTranscriber,
  DEBIAN_EN_US_MODEL,
} from './pocketsphinx.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-dictionary-'));
afterAll(() => {
  closePocketsphinxSpares();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** a file laid out as pocketsphinx's trie LM: magic, order, counts, n-gram data, then the words */
function trieModel(words: string[], name = 'model.lm.bin') {
  const counts = Buffer.alloc(12);
  counts.writeUInt32LE(words.length, 0);
  counts.writeUInt32LE(7, 4);
  counts.writeUInt32LE(5, 8);
  const block = `${words.join('\0')}\0`;
  const length = Buffer.alloc(4);
  length.writeInt32LE(Buffer.byteLength(block, 'latin1'));
  const file = path.join(dir, name);
  fs.writeFileSync(
    file,
    Buffer.concat([
      Buffer.from('Trie Language Model', 'latin1'),
      Buffer.from([3]),
      counts,
      // n-gram data whose bytes end in something that is not a word
      Buffer.from([0, 1, 2, 0x41, 0x42]),
      length,
      Buffer.from(block, 'latin1'),
    ]),
  );
  return file;
}

const DICTIONARY = [
  'read R EH D',
  'read(2) R IY D',
  'zebra Z IY B R AH',
  "o'neil OW N IY L",
  'ok OW K EY',
  '',
].join('\n');

describe('the dictionary cut to the language model', () => {
  it("reads a trie model's number of words from its header, and nothing from another format", async () => {
    expect(await languageModelUnigrams(trieModel(['</s>', '<s>', 'ok', 'read']))).toBe(4);
    const arpa = path.join(dir, 'model.arpa');
    fs.writeFileSync(arpa, '\\data\\\nngram 1=3\n');
    expect(await languageModelUnigrams(arpa)).toBeNull();
  });

  it('gives no cut copy when the end of the model is not its words, or for another format', async () => {
    const dict = path.join(dir, 'odd.dict');
    fs.writeFileSync(dict, DICTIONARY);
    // the block's length does not match what the header's count reads
    const odd = trieModel(['</s>', '<s>', 'ok', 'read'], 'odd.lm.bin');
    fs.appendFileSync(odd, 'more\0');
    expect(await dictionaryForModel({ lm: odd, dict })).toBeNull();
    const arpa = path.join(dir, 'odd.arpa');
    fs.writeFileSync(arpa, '\\data\\\nngram 1=3\n');
    expect(await dictionaryForModel({ lm: arpa, dict })).toBeNull();
  });

  it('writes the cut copy once per model, private to this process', async () => {
    const lm = trieModel(['</s>', '<s>', 'ok', 'read'], 'cut.lm.bin');
    const dict = path.join(dir, 'model.dict');
    fs.writeFileSync(dict, DICTIONARY);
    const file = await dictionaryForModel({ lm, dict });
    expect(file).not.toBeNull();
    // alternative pronunciations ("read(2)") kept with their word
    expect(fs.readFileSync(file as string, 'latin1')).toBe('read R EH D\nread(2) R IY D\nok OW K EY\n');
    expect(fs.statSync(file as string).mode & 0o777).toBe(0o600);
    expect(await dictionaryForModel({ lm, dict })).toBe(file);
    // a model it cannot read leaves the decoders the whole dictionary
    expect(await dictionaryForModel({ lm: path.join(dir, 'missing.lm.bin'), dict })).toBeNull();
  });

  it.runIf(fs.existsSync(DEBIAN_EN_US_MODEL.lm))(
    "cuts Debian's en-us dictionary to its model's 72,547 words",
    async () => {
      expect(await languageModelUnigrams(DEBIAN_EN_US_MODEL.lm)).toBe(72_547);
      const file = await dictionaryForModel(DEBIAN_EN_US_MODEL);
      const lines = fs
        .readFileSync(file as string, 'latin1')
        .trim()
        .split('\n');
      expect(lines.length).toBe(79_420);
      expect(lines).toContain('zebra Z IY B R AH');
    },
  );

  it("cuts it with the first call, not as the recogniser is made, and a call's warm decoders load it", async () => {
    const lm = path.join(dir, 'warm.lm.bin');
    const dict = path.join(dir, 'warm.dict');
    fs.writeFileSync(dict, DICTIONARY);
    // a stand-in decoder that notes the dictionary it was given and says it has loaded
    const log = path.join(dir, 'decoder.log');
    const binary = path.join(dir, 'decoder.sh');
    fs.writeFileSync(
      binary,
      [
        '#!/bin/sh',
        `while [ $# -gt 0 ]; do case "$1" in -dict) echo "$2" >> ${log};; esac; shift; done`,
        'echo "INFO: Created 723 root, 152481 non-root channels" >&2',
        'read utt',
      ].join('\n'),
      { mode: 0o755 },
    );
    // made (as the server starts) before its language model exists: a cut tried now would fail
    const stt = createPocketsphinxTranscriber({ binary, model: { hmm: dir, lm, dict }, spares: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(trieModel(['</s>', '<s>', 'ok'], 'warm.lm.bin')).toBe(lm);
    await stt.warmUp();
    const [given] = fs.readFileSync(log, 'utf8').trim().split('\n');
    expect(given).not.toBe(dict);
    expect(fs.readFileSync(given, 'latin1')).toBe('ok OW K EY\n');
    stt.close();
  });
});

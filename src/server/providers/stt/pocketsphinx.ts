// The built-in offline speech recogniser, for when no cloud transcription is configured: CMU
// PocketSphinx as packaged by Debian (`pocketsphinx` 0.8+5prealpha and its US-English model
// `pocketsphinx-en-us`, BSD-2), run as a child process per turn.
//
// - One `pocketsphinx_batch` per turn. The turn is written to a file of the child's own private
//   temporary directory and the child is told its name on stdin (a control line). A file, not a
//   pipe: the decoder can then take the turn as a whole and normalise it by its own cepstral mean
//   (batch CMN), which on the human recordings of bench/speech.ts halves the word error rate of
//   the streaming `pocketsphinx_continuous` (docs/decisions/005-builtin-speech-recognition.md).
//   Node gives a child a socket as stdin, which the decoder cannot open as /dev/stdin (ENXIO), so
//   a `cat` in a shell pipeline turns it into a real pipe. The directory is removed afterwards.
// - Warm spares: loading the model takes ~0.3 s, so children are started ahead of need and wait
//   (blocked reading their stdin) for the next turn, one per part a turn may be cut into, less
//   the children decoding: the decoders alive never outnumber the spares wanted or the decodes
//   running (each holds ~80 MB; with ten calls talking, two spares beside two decodes were 360 MB).
//   They are started as a decode ends (not before it, so that they do not slow it), kept while a
//   call holds the recogniser (`hold`), and stopped `spareIdleMs` after the last turn or call.
// - The dictionary the children load is the model's cut to its language model's words
//   (lm-dictionary.ts): the same transcripts, 13 MB less a child.
// - A long turn (8 s or more) is cut at its quietest moment into two parts decoded at once when
//   two cores are idle: a 27 s answer's text comes in ~2 s rather than ~3.4 s.
// - Decodes at once are bounded (the CPUs, by default), process-wide: more turns wait their turn.
//   Each turn has a time limit from the moment it is handed over, waiting included; a cancel or
//   the time limit kills the child. If this server dies, the pipe closes and the child exits.
// - Garbage checks: words the decoder could not end as a sentence, doubts (lattice posteriors) or
//   stretches over a second of noise come back empty, so the call says "didn't catch that"
//   rather than inventing an answer.

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { releaseOnce } from '../../workers/release-once.js';
import { dictionaryForModel } from './lm-dictionary.js';
import type { Transcriber } from './types.js';

export type PocketsphinxModel = {
  /** acoustic model directory (-hmm) */
  hmm: string;
  /** n-gram language model, ARPA or binary (-lm) */
  lm: string;
  /** pronunciation dictionary (-dict) */
  dict: string;
};

export const POCKETSPHINX_BINARY = 'pocketsphinx_batch';
const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
/** Debian's pocketsphinx-en-us: the generic US-English acoustic model, 3-gram LM and CMUdict */
export const DEBIAN_EN_US_MODEL: PocketsphinxModel = {
  hmm: path.join(MODEL_DIR, 'en-us'),
  lm: path.join(MODEL_DIR, 'en-us.lm.bin'),
  dict: path.join(MODEL_DIR, 'cmudict-en-us.dict'),
};
export const POCKETSPHINX_INSTALL = 'apt-get install -y pocketsphinx pocketsphinx-en-us';

/**
 * Decoder settings measured by bench/speech.ts (docs/decisions/005-builtin-speech-recognition.md):
 * no second "flat" search pass, a narrower word beam and at most 5000 HMMs a frame: less than
 * half the CPU of the stock settings, for no loss of accuracy measured.
 */
export const DEFAULT_DECODER_ARGS: readonly string[] = [
  '-fwdflat',
  'no',
  '-wbeam',
  '1e-24',
  '-maxhmmpf',
  '5000',
];
/** mean word posterior below which a turn is taken as not understood (measured in bench/speech.ts) */
export const DEFAULT_MIN_CONFIDENCE = 0.2;

export type PocketsphinxAvailability =
  | { available: true; binary: string; model: PocketsphinxModel }
  | { available: false; reason: string };

/** Whether the decoder and its model are installed (the binary on PATH, the model files present). */
export function findPocketsphinx(
  opts: { binary?: string; model?: PocketsphinxModel; searchPath?: string } = {},
): PocketsphinxAvailability {
  const name = opts.binary ?? POCKETSPHINX_BINARY;
  const model = opts.model ?? DEBIAN_EN_US_MODEL;
  const binary = name.includes('/') ? name : onPath(name, opts.searchPath ?? process.env.PATH ?? '');
  if (!binary || !isExecutable(binary)) {
    return { available: false, reason: `${name} is not installed (${POCKETSPHINX_INSTALL})` };
  }
  const needed = [path.join(model.hmm, 'mdef'), path.join(model.hmm, 'means'), model.lm, model.dict];
  const missing = needed.filter((f) => !fs.existsSync(f));
  if (missing.length > 0) {
    return {
      available: false,
      reason: `the speech model is missing (${missing.join(', ')}): ${POCKETSPHINX_INSTALL}`,
    };
  }
  return { available: true, binary, model };
}

let probed: PocketsphinxAvailability | null = null;
/** findPocketsphinx() with the defaults, looked up once per process */
export function pocketsphinxAvailability(): PocketsphinxAvailability {
  probed ??= findPocketsphinx();
  return probed;
}

function onPath(name: string, searchPath: string): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export type PocketsphinxOptions = {
  binary: string;
  model: PocketsphinxModel;
  /** decodes running at once, process-wide (default: the CPUs) */
  maxConcurrent?: number;
  /** time limit of a turn, waiting included: fixed part + per second of audio (defaults 3 s + 1 s/s) */
  timeLimit?: { baseMs: number; perAudioSecondMs: number };
  /** children kept started and waiting for the next turn (default: splitParts; 0: start one per turn) */
  spares?: number;
  /** how long spares are kept without a turn once no call holds them (default 30 s) */
  spareIdleMs?: number;
  /** mean word posterior under which a turn comes back empty (default DEFAULT_MIN_CONFIDENCE; 0: that check off) */
  minConfidence?: number;
  /** decoder options after the model's (default DEFAULT_DECODER_ARGS) */
  decoderArgs?: readonly string[];
  /**
   * a long turn is cut at its quietest moments into this many parts at most, decoded at once by
   * as many children when as many cores are idle (default: DEFAULT_SPLIT_PARTS or the CPUs, the
   * fewer; 1: never cut)
   */
  splitParts?: number;
  /** shortest part worth a child of its own (default DEFAULT_MIN_PART_SECONDS) */
  minPartSeconds?: number;
  /** called with the process id (the shell's) of each child handed a turn, for the benchmark */
  onChild?: (pid: number) => void;
};

export type PocketsphinxResult = {
  /** the transcript: the words heard, or '' when they were rejected */
  text: string;
  /** the words as decoded, before the checks */
  heard: string;
  /** mean posterior of the words, 0…1 (1 when there are none) */
  confidence: number;
  /** whether the decoder reached the end of its sentence (it does not on noise) */
  ended: boolean;
  /** why the words were taken for garbage, if they were */
  rejected: Rejection | null;
  words: Segment[];
};

export type Rejection = 'unfinished' | 'doubtful' | 'stretched';
/** a lone word longer than this is the decoder fitting a word to noise (spoken ones are shorter) */
export const MAX_LONE_WORD_SECONDS = 0.75;

/**
 * Whether the words look like garbage rather than speech (measured in bench/speech.ts):
 * - unfinished: the search never reached the end of a sentence (`</s>`): nothing it knows fits;
 * - doubtful: the words' mean posterior is under `minConfidence`;
 * - stretched: a single word held over most of a second (hum, noise).
 */
export function rejection(
  r: { words: Segment[]; ended: boolean; confidence: number },
  minConfidence: number,
): Rejection | null {
  if (r.words.length === 0) return null;
  if (!r.ended) return 'unfinished';
  if (r.confidence < minConfidence) return 'doubtful';
  const [only] = r.words;
  if (r.words.length === 1 && only.endS - only.startS > MAX_LONE_WORD_SECONDS) return 'stretched';
  return null;
}

export type PocketsphinxTranscriber = Omit<Transcriber, 'recognize'> & {
  kind: 'builtin';
  /** transcribe() with the details (confidence, word times) */
  recognize: (wav: Buffer, signal: AbortSignal) => Promise<PocketsphinxResult>;
  /** resolves once a warm spare is waiting (a call about to start, benchmarks: a turn then pays no model loading) */
  warmUp: () => Promise<void>;
  /** keeps the spares while a call runs, whatever the time between its turns; returns the release */
  hold: () => () => void;
  /** stops the spares of this configuration */
  close: () => void;
};

export class SpeechRecognitionError extends Error {}

export function createPocketsphinxTranscriber(opts: PocketsphinxOptions): PocketsphinxTranscriber {
  const minConfidence = opts.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  const limit = opts.timeLimit ?? { baseMs: 3000, perAudioSecondMs: 1000 };
  const pool = poolFor(opts);

  const parallel = Math.max(1, opts.splitParts ?? Math.min(DEFAULT_SPLIT_PARTS, pool.maxConcurrent));
  const minPartSeconds = opts.minPartSeconds ?? DEFAULT_MIN_PART_SECONDS;

  async function recognize(wav: Buffer, signal: AbortSignal): Promise<PocketsphinxResult> {
    const pcm = pcmOfWav(wav);
    signal.throwIfAborted();
    const audioSeconds = pcm.length / 2 / SAMPLE_RATE;
    const limitMs = Math.round(limit.baseMs + limit.perAudioSecondMs * audioSeconds);
    // idle cores shorten a long turn's wait: it is cut in parts decoded at once (never when other
    // turns are being decoded: the parts would only queue behind them)
    const parts = splitAtPauses(
      pcm,
      Math.min(parallel, Math.floor(audioSeconds / minPartSeconds), pool.idleSlots()),
    );
    // one part failing stops the others
    const failed = new AbortController();
    const both = AbortSignal.any([signal, failed.signal]);
    const outputs = await Promise.all(
      parts.map(async (part) => {
        try {
          const out = await pool.decode(part.pcm, both, limitMs, opts.onChild);
          const shift = part.startSample / SAMPLE_RATE;
          return parseBatchOutput(out.ctm, out.hypseg, shift);
        } catch (err) {
          failed.abort(err);
          throw signal.aborted ? signal.reason : err;
        }
      }),
    );
    // the turn's end is in its last part (earlier parts may end mid-sentence at a short pause)
    const ended = outputs.at(-1)?.ended ?? true;
    const words = outputs.flatMap((o) => o.words);
    const heard = words.map((w) => w.word).join(' ');
    const confidence = words.length ? words.reduce((sum, w) => sum + w.posterior, 0) / words.length : 1;
    const rejected = rejection({ words, ended, confidence }, minConfidence);
    return { text: rejected ? '' : heard, heard, confidence, ended, rejected, words };
  }

  return {
    kind: 'builtin',
    recognize,
    async transcribe(wav, signal) {
      return (await recognize(wav, signal)).text;
    },
    warmUp: () => pool.warm(),
    hold: () => pool.hold(),
    close: () => pool.close(),
  };
}

const SAMPLE_RATE = 16_000;
/** a turn is cut only into parts this long at least (shorter ones lose accuracy: bench/speech.ts) */
export const DEFAULT_MIN_PART_SECONDS = 4;
/** how long warm spares outlive the last turn or call (a call's warm-up starts them again) */
export const DEFAULT_SPARE_IDLE_MS = 30_000;
/** parts a turn is cut into at most, by default (each needs a child, and a spare to be quick) */
export const DEFAULT_SPLIT_PARTS = 2;

/**
 * The turn cut into `parts` pieces (at most) at its quietest 100 ms near each even division, so
 * that no word is cut where the speaker paused; bytes of PCM16 with their first sample's index.
 */
export function splitAtPauses(pcm: Buffer, parts: number): { pcm: Buffer; startSample: number }[] {
  const samples = pcm.length >> 1;
  if (parts <= 1) return [{ pcm, startSample: 0 }];
  const frame = SAMPLE_RATE / 100; // 10 ms
  const energy: number[] = [];
  for (let f = 0; (f + 1) * frame <= samples; f++) {
    let sum = 0;
    for (let i = f * frame; i < (f + 1) * frame; i++) {
      const v = pcm.readInt16LE(i * 2);
      sum += v * v;
    }
    energy.push(sum);
  }
  const WINDOW = 10; // frames: 100 ms
  const cuts: number[] = [];
  for (let k = 1; k < parts; k++) {
    const ideal = Math.round((energy.length * k) / parts);
    const reach = Math.floor(energy.length / parts / 3);
    let best = ideal;
    let bestSum = Number.POSITIVE_INFINITY;
    for (let f = Math.max(WINDOW, ideal - reach); f <= Math.min(energy.length - WINDOW, ideal + reach); f++) {
      let sum = 0;
      for (let j = f - WINDOW / 2; j < f + WINDOW / 2; j++) sum += energy[j];
      if (sum < bestSum) {
        bestSum = sum;
        best = f;
      }
    }
    cuts.push(best * frame);
  }
  const bounds = [0, ...cuts, samples];
  return bounds.slice(0, -1).map((start, i) => ({
    pcm: pcm.subarray(start * 2, bounds[i + 1] * 2),
    startSample: start,
  }));
}

/** The samples of a 16 kHz mono PCM16 WAV file (as bytes); anything else is refused. */
export function pcmOfWav(wav: Buffer): Buffer {
  if (wav.length < 12 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new SpeechRecognitionError('not a WAV file');
  }
  let format: { tag: number; channels: number; rate: number; bits: number } | null = null;
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ' && body + 16 <= wav.length) {
      format = {
        tag: wav.readUInt16LE(body),
        channels: wav.readUInt16LE(body + 2),
        rate: wav.readUInt32LE(body + 4),
        bits: wav.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (format?.tag !== 1 || format.channels !== 1 || format.rate !== SAMPLE_RATE || format.bits !== 16) {
        throw new SpeechRecognitionError('the recogniser takes 16 kHz mono 16-bit PCM WAV');
      }
      const end = Math.min(wav.length, body + size);
      return wav.subarray(body, body + ((end - body) & ~1));
    }
    at = body + size + (size & 1);
  }
  throw new SpeechRecognitionError('the WAV file has no data');
}

const FILLER = /^(<s>|<\/s>|<sil>|\[.*\]|\+\+.*\+\+)$/;

export type Segment = { word: string; startS: number; endS: number; posterior: number };

/**
 * The decoder's output: its CTM lines ("utterance channel start duration word posterior") give
 * the words, fillers left out; its segmentation line ("utterance S … T … A … L …" then
 * "frame acoustic-score lm-score word" groups) says whether the search ended at `</s>`.
 */
export function parseBatchOutput(
  ctm: string,
  hypseg: string,
  shiftS = 0,
): { words: Segment[]; ended: boolean } {
  const words: Segment[] = [];
  for (const line of ctm.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 6) continue;
    const [start, duration, word, posterior] = [Number(f[2]), Number(f[3]), f[4], Number(f[5])];
    if (!Number.isFinite(start) || !Number.isFinite(duration) || FILLER.test(word)) continue;
    words.push({
      word: word.replace(/\(\d+\)$/, ''),
      startS: Math.round((start + shiftS) * 1000) / 1000,
      endS: Math.round((start + duration + shiftS) * 1000) / 1000,
      posterior: Number.isFinite(posterior) ? Math.min(1, Math.max(0, posterior)) : 0,
    });
  }
  const tokens = hypseg.trim().split(/\s+/);
  // "<id> S n T n A n L n" then groups of four, the last ending the utterance; words without a
  // segmentation line are not taken for a finished sentence
  const ended = tokens.length >= 13 ? tokens[tokens.length - 2] === '</s>' : words.length === 0;
  return { words, ended };
}

// ---- children ----

const STDERR_TAIL = 4096;
/** the decoder logs this line once its model is loaded, just before it reads its control line */
const READY_LINE = 'non-root channels';
const TURN = 'turn';

export type DecoderOutput = { ctm: string; hypseg: string };

/** the private directories of the children alive, removed if this process exits first */
const liveDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of liveDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** One decoder process, started (loading its model) before it is given a turn. */
class Decoder {
  readonly child: ChildProcess;
  readonly done: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly ready: Promise<boolean>;
  /** private: the turn's audio and the decoder's output files */
  readonly dir: string;
  stderrTail = '';
  exited = false;

  constructor(binary: string, args: readonly string[]) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pocketsphinx-'));
    const io = [
      ...['-adcin', 'yes', '-cepdir', this.dir, '-cepext', '.raw'],
      // `cat |`: the decoder opens /dev/stdin, which must be a pipe (Node's end is a socket)
      ...['-ctl', '/dev/stdin'],
      ...['-ctm', path.join(this.dir, 'out.ctm'), '-hypseg', path.join(this.dir, 'out.seg')],
    ];
    this.child = spawn('/bin/sh', ['-c', 'cat | "$0" "$@"', binary, ...io, ...args], {
      detached: true,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    this.child.stderr?.setEncoding('utf8');
    let signalReady: (ok: boolean) => void = () => {};
    this.ready = new Promise((resolve) => {
      signalReady = resolve;
    });
    this.child.stderr?.on('data', (d: string) => {
      this.stderrTail = (this.stderrTail + d).slice(-STDERR_TAIL);
      if (this.stderrTail.includes(READY_LINE)) signalReady(true);
    });
    // a child that is killed or dies before reading may leave a write pending: not an error here
    this.child.stdin?.on('error', () => {});
    this.done = new Promise((resolve) => {
      const finish = (code: number | null, signal: NodeJS.Signals | null) => {
        this.exited = true;
        signalReady(false);
        resolve({ code, signal });
      };
      this.child.on('error', (err) => {
        this.stderrTail += `\n${err.message}`;
        finish(null, null);
      });
      this.child.on('close', finish);
    });
    // the turn's audio is removed with the child, whatever ended it (once its output has been
    // read), or with this process
    liveDirs.add(this.dir);
    void this.done
      .then(() => this.outputRead)
      .then(() => {
        liveDirs.delete(this.dir);
        return fs.promises.rm(this.dir, { recursive: true, force: true });
      })
      .catch(() => {});
  }

  /** the reading of the output files, which the directory's removal waits for */
  private outputRead: Promise<unknown> = Promise.resolve();

  /** Hands the decoder its turn (raw PCM16): the file, then its name; resolves with the output. */
  async decode(pcm: Buffer): Promise<DecoderOutput | null> {
    await fs.promises.writeFile(path.join(this.dir, `${TURN}.raw`), pcm, { mode: 0o600 });
    const read = (name: string) => fs.promises.readFile(path.join(this.dir, name), 'utf8').catch(() => '');
    const output = this.done.then(async ({ code }) =>
      code === 0 ? { ctm: await read('out.ctm'), hypseg: await read('out.seg') } : null,
    );
    this.outputRead = output.catch(() => {});
    this.child.stdin?.end(`${TURN}\n`);
    return output;
  }

  /** whether it keeps this server's event loop alive (a waiting spare does not) */
  hold(held: boolean): void {
    const handles = [this.child.stdin, this.child.stdout, this.child.stderr] as unknown as (Socket | null)[];
    for (const h of handles) {
      if (held) h?.ref?.();
      else h?.unref?.();
    }
    if (held) this.child.ref();
    else this.child.unref();
  }

  kill(): void {
    const pid = this.child.pid;
    if (this.exited || pid === undefined) return;
    // The shell's children (cat, the decoder) first, so that the shell reaps them and exits:
    // killed along with it they would be left as zombies of whatever runs as PID 1 (often this
    // very server in a container, which does not reap them). The group is killed if that fails.
    const children = childrenOf(pid);
    for (const child of children) {
      try {
        process.kill(child, 'SIGKILL');
      } catch {}
    }
    if (children.length > 0) {
      setTimeout(() => this.killGroup(), 1000).unref();
      return;
    }
    this.killGroup();
  }

  private killGroup(): void {
    const pid = this.child.pid;
    if (this.exited || pid === undefined) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      this.child.kill('SIGKILL');
    }
  }

  /** the decoder's last error line, for the error message */
  lastError(): string {
    const lines = this.stderrTail.split('\n').filter((l) => /ERROR|FATAL|No such|not found/i.test(l));
    return (lines.at(-1) ?? this.stderrTail.trim().split('\n').at(-1) ?? '').trim().slice(0, 300);
  }
}

/** a process's children (Linux /proc; none where it cannot be read) */
function childrenOf(pid: number): number[] {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  /** resolves when a place is free; the caller must release() it */
  async acquire(signal: AbortSignal): Promise<void> {
    if (this.active < this.max) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal.removeEventListener('abort', onAbort);
        this.active += 1;
        resolve();
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(grant);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(grant);
    });
  }

  release(): void {
    this.active -= 1;
    this.waiting.shift()?.();
  }
}

class DecoderPool {
  readonly maxConcurrent: number;
  private decoding = 0;
  private readonly slots: Semaphore;
  private readonly spares: Decoder[] = [];
  private idleTimer: NodeJS.Timeout | null = null;
  /** calls holding the spares (see hold) */
  private holders = 0;
  /** settled once the decoders' arguments name the cut dictionary, if one could be made */
  private prepared: Promise<void> | null = null;

  constructor(
    private readonly binary: string,
    private args: readonly string[],
    private readonly spareCount: number,
    private readonly spareIdleMs: number,
    maxConcurrent: number,
    /** makes the model's dictionary cut to its language model's words (lm-dictionary.ts) */
    private readonly dictionary: () => Promise<string | null> = async () => null,
  ) {
    this.maxConcurrent = maxConcurrent;
    this.slots = new Semaphore(maxConcurrent);
  }

  /**
   * Has the cut dictionary made, with the first call (not as the server starts: the whole
   * dictionary read and split is some 30 MB of garbage an idle server would keep for a while).
   */
  private prepare(): Promise<void> {
    this.prepared ??= this.dictionary().then((file) => {
      const at = this.args.indexOf('-dict');
      if (file && at >= 0) this.args = this.args.with(at + 1, file);
    });
    return this.prepared;
  }

  /** decodes that could start now */
  idleSlots(): number {
    return this.maxConcurrent - this.decoding;
  }

  async decode(
    pcm: Buffer,
    signal: AbortSignal,
    limitMs: number,
    onChild?: (pid: number) => void,
  ): Promise<DecoderOutput> {
    const deadline = AbortSignal.timeout(limitMs);
    const stop = AbortSignal.any([signal, deadline]);
    const failure = () =>
      signal.aborted
        ? signal.reason
        : new SpeechRecognitionError(`speech recognition took longer than ${limitMs} ms`);
    try {
      await this.slots.acquire(stop);
    } catch {
      throw failure();
    }
    // a turn with no warm-up before it (tests, the admin's test) does not wait: the next decoders will
    void this.prepare();
    let decoder: Decoder | null = null;
    this.decoding += 1;
    try {
      decoder = this.takeSpare() ?? new Decoder(this.binary, this.args);
      if (decoder.child.pid !== undefined) onChild?.(decoder.child.pid);
      decoder.hold(true);
      const d = decoder;
      // a cancel or the time limit answers at once; the child is killed (in `finally`)
      const outcome = await new Promise<DecoderOutput | null | 'stopped'>((resolve, reject) => {
        const onStop = () => resolve('stopped');
        if (stop.aborted) onStop();
        stop.addEventListener('abort', onStop, { once: true });
        d.decode(pcm).then(
          (out) => {
            stop.removeEventListener('abort', onStop);
            resolve(out);
          },
          (err) => {
            stop.removeEventListener('abort', onStop);
            reject(err);
          },
        );
      });
      if (outcome === 'stopped' || stop.aborted) throw failure();
      if (!outcome) {
        const { code, signal: killedBy } = await d.done;
        throw new SpeechRecognitionError(
          `the speech recogniser failed (${killedBy ?? `exit ${code}`}): ${d.lastError() || 'no message'}`,
        );
      }
      return outcome;
    } finally {
      this.decoding -= 1;
      decoder?.kill();
      this.slots.release();
      this.refill();
    }
  }

  /** resolves when the spares have loaded their model (at once when spares are off) */
  async warm(): Promise<void> {
    // a call's spares load the smaller dictionary (a turn that cannot wait for it does not)
    await this.prepare();
    this.refill();
    const spares = [...this.spares];
    // waited for, they keep the process alive until they are ready
    for (const d of spares) d.hold(true);
    await Promise.all(spares.map((d) => d.ready));
    for (const d of spares) if (this.spares.includes(d)) d.hold(false);
  }

  close(): void {
    this.clearIdleTimer();
    for (const d of this.spares.splice(0)) d.kill();
  }

  /**
   * Keeps the spares while the holder (a call) runs: a caller thinking for minutes still finds one
   * waiting. Once the last holder lets go they stop after `spareIdleMs`, not minutes later for
   * every call that has ended; the next call's warm-up starts them again.
   */
  hold(): () => void {
    this.holders += 1;
    this.clearIdleTimer();
    return releaseOnce(() => {
      this.holders -= 1;
      if (this.holders === 0 && this.spares.length > 0) this.armIdleTimer();
    });
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private armIdleTimer(): void {
    this.clearIdleTimer();
    this.idleTimer = setTimeout(() => this.close(), this.spareIdleMs);
    this.idleTimer.unref();
  }

  private takeSpare(): Decoder | null {
    while (this.spares.length > 0) {
      const d = this.spares.shift() as Decoder;
      if (!d.exited) return d;
    }
    return null;
  }

  private refill(): void {
    if (this.spareCount <= 0) return;
    for (let i = this.spares.length - 1; i >= 0; i--) if (this.spares[i].exited) this.spares.splice(i, 1);
    // the children decoding count against the spares: under load no more than the decodes at once
    while (this.spares.length < this.spareCount - this.decoding) {
      const d = new Decoder(this.binary, this.args);
      d.hold(false);
      this.spares.push(d);
    }
    if (this.holders === 0) this.armIdleTimer();
  }
}

/** One pool per decoder command line (and pool settings), shared by every transcriber made with it. */
const pools = new Map<string, DecoderPool>();

function poolFor(opts: PocketsphinxOptions): DecoderPool {
  const args = [
    '-hmm',
    opts.model.hmm,
    '-lm',
    opts.model.lm,
    '-dict',
    opts.model.dict,
    ...(opts.decoderArgs ?? DEFAULT_DECODER_ARGS),
  ];
  const maxConcurrent = Math.max(1, opts.maxConcurrent ?? os.availableParallelism());
  const spares = opts.spares ?? Math.max(1, opts.splitParts ?? Math.min(DEFAULT_SPLIT_PARTS, maxConcurrent));
  const idleMs = opts.spareIdleMs ?? DEFAULT_SPARE_IDLE_MS;
  const key = JSON.stringify([opts.binary, args, maxConcurrent, spares, idleMs]);
  let pool = pools.get(key);
  if (!pool) {
    pool = new DecoderPool(opts.binary, args, spares, idleMs, maxConcurrent, () =>
      dictionaryForModel(opts.model),
    );
    pools.set(key, pool);
  }
  return pool;
}

/** Stops every waiting spare (tests, benchmarks, shutdown). */
export function closePocketsphinxSpares(): void {
  for (const pool of pools.values()) pool.close();
}

// bench/speech: the built-in speech recogniser (pocketsphinx, src/server/providers/stt/pocketsphinx.ts)
// on the human recordings of Debian's pocketsphinx-testdata, which come with their transcripts:
// five LibriVox read-speech sentences (public domain) and five short spoken card names.
// For each decoder setting tried:
// - word error rate (Levenshtein over normalised lower-case words), clean and with pink noise
//   mixed in at 15 dB SNR (noise generated here from a fixed seed; the level is set against the
//   clip's active speech: the 20 ms frames within 35 dB of its loudest);
// - end-of-speech → final transcript latency, p50/p95: from handing the turn's WAV to the
//   recogniser to receiving its text, as a call does (a warm spare waiting, unless "cold");
// - real-time factor (that latency / the audio's length) and the decoder's CPU seconds per
//   second of audio (less sensitive to other work on the machine than the wall clock);
// - the decoder's peak memory (VmHWM of its process, sampled from /proc);
// - garbage rejection: noise alone, silence and a tone must come back empty ("didn't catch
//   that"), with the confidence threshold; and what each threshold costs on the speech.
// Needs: apt-get install -y pocketsphinx pocketsphinx-en-us pocketsphinx-testdata
// - calls talking at once on the server's settings: decoders alive, their memory, latency
//   (`--calls-at-once` runs only that part).
// `npx tsx bench/speech.ts [--all] [--calls-at-once] [part of a setting's name…]`
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { wavFile } from '../src/server/audio/pcm.js';
import {
  closePocketsphinxSpares,
  createPocketsphinxTranscriber,
  DEFAULT_DECODER_ARGS,
  DEFAULT_MIN_CONFIDENCE,
  findPocketsphinx,
  type PocketsphinxOptions,
  type PocketsphinxResult,
  pcmOfWav,
  rejection,
} from '../src/server/providers/stt/pocketsphinx.js';
import { wordEdits, wordErrorRate } from '../src/server/providers/stt/word-error-rate.js';

const TARGET = { werClean: 0.35, werNoisy: 0.5, p50Ms: 500, rtf: 0.5 };
const SNR_DB = 15;
const RATE = 16_000;
const DATA = '/usr/share/pocketsphinx/test/data';
const THRESHOLDS = [0, 0.1, 0.2, 0.3, 0.4, 0.5];

type Clip = { set: string; id: string; text: string; samples: Int16Array };
type Setting = {
  name: string;
  args: readonly string[];
  spares: number;
  split: number;
  minPart?: number;
  /** the streaming decoder, pocketsphinx_continuous, instead (a cold start per turn) */
  streaming?: boolean;
};

const SETTINGS: Setting[] = [
  { name: 'streaming, stock', args: [], spares: 0, split: 1, streaming: true },
  { name: 'streaming, fast search', args: DEFAULT_DECODER_ARGS, spares: 0, split: 1, streaming: true },
  { name: 'batch, stock, cold start', args: [], spares: 0, split: 1 },
  { name: 'batch, stock', args: [], spares: 1, split: 1 },
  { name: 'batch, fast search', args: DEFAULT_DECODER_ARGS, spares: 1, split: 1 },
  // what the server runs (the defaults of createPocketsphinxTranscriber on 2 or more CPUs)
  { name: 'batch, fast, parts ≥ 4 s *', args: DEFAULT_DECODER_ARGS, spares: 2, split: 2, minPart: 4 },
  { name: 'batch, fast, parts ≥ 1.5 s', args: DEFAULT_DECODER_ARGS, spares: 2, split: 2, minPart: 1.5 },
];
/** also tried, and not kept (`npx tsx bench/speech.ts --all` runs them too) */
const REJECTED: Setting[] = [
  // more weight on the language model; fewer Gaussians a frame; every other frame
  ['-lw 10', ['-fwdflat', 'no', '-lw', '10']],
  ['-topn 2', ['-fwdflat', 'no', '-topn', '2']],
  ['-ds 2', ['-fwdflat', 'no', '-ds', '2']],
  ['-maxhmmpf 3000', ['-fwdflat', 'no', '-wbeam', '1e-24', '-maxhmmpf', '3000']],
  ['-maxwpf 10', ['-fwdflat', 'no', '-maxwpf', '10']],
  ['-beam 1e-40', ['-fwdflat', 'no', '-beam', '1e-40']],
  ['-remove_noise no', [...DEFAULT_DECODER_ARGS, '-remove_noise', 'no']],
].map(([name, args]) => ({ name: `batch, ${name}`, args: args as string[], spares: 1, split: 1 }));

const all = process.argv.includes('--all');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const found = findPocketsphinx();
if (!found.available || !fs.existsSync(path.join(DATA, 'librivox', 'transcription'))) {
  console.error(
    `bench/speech needs pocketsphinx and its test recordings: apt-get install -y pocketsphinx pocketsphinx-en-us pocketsphinx-testdata${found.available ? '' : ` (${found.reason})`}`,
  );
  process.exit(1);
}

// ---- clips ----

function samplesOf(file: string): Int16Array {
  const pcm = pcmOfWav(fs.readFileSync(file));
  return new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.length));
}

function loadClips(): Clip[] {
  const clips: Clip[] = [];
  // "<s> words </s> (id)" lines
  const sets = [
    { set: 'librivox', dir: 'librivox', transcription: 'transcription' },
    { set: 'cards', dir: 'cards', transcription: 'cards.transcription' },
  ];
  for (const { set, dir, transcription } of sets) {
    const lines = fs.readFileSync(path.join(DATA, dir, transcription), 'utf8').split('\n');
    for (const line of lines) {
      const m = /^(.*)\(([^)]+)\)\s*$/.exec(line.trim());
      if (!m) continue;
      const text = m[1].replace(/<\/?s>/g, ' ').trim();
      clips.push({ set, id: m[2], text, samples: samplesOf(path.join(DATA, dir, `${m[2]}.wav`)) });
    }
  }
  return clips;
}

/** Seeded pseudo-random numbers (mulberry32), so every run hears the same noise. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pink (1/f) noise, unit RMS (Paul Kellet's filter over white noise). */
function pinkNoise(n: number, seed: number): Float64Array {
  const rnd = random(seed);
  const out = new Float64Array(n);
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  let b3 = 0;
  let b4 = 0;
  let b5 = 0;
  let b6 = 0;
  for (let i = 0; i < n; i++) {
    const white = rnd() * 2 - 1;
    b0 = 0.99886 * b0 + white * 0.0555179;
    b1 = 0.99332 * b1 + white * 0.0750759;
    b2 = 0.969 * b2 + white * 0.153852;
    b3 = 0.8665 * b3 + white * 0.3104856;
    b4 = 0.55 * b4 + white * 0.5329522;
    b5 = -0.7616 * b5 - white * 0.016898;
    out[i] = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362;
    b6 = white * 0.115926;
  }
  const rms = Math.sqrt(out.reduce((s, v) => s + v * v, 0) / n);
  for (let i = 0; i < n; i++) out[i] /= rms;
  return out;
}

/** RMS of the clip's speech: its 20 ms frames within 35 dB of the loudest one. */
function speechLevel(samples: Int16Array): number {
  const frame = RATE / 50;
  const energies: number[] = [];
  for (let i = 0; i + frame <= samples.length; i += frame) {
    let s = 0;
    for (let j = i; j < i + frame; j++) s += samples[j] * samples[j];
    energies.push(s / frame);
  }
  const floor = Math.max(...energies) * 10 ** (-35 / 10);
  const active = energies.filter((e) => e >= floor);
  return Math.sqrt(active.reduce((a, b) => a + b, 0) / active.length);
}

function withNoise(samples: Int16Array, snrDb: number, seed: number): Int16Array {
  const noise = pinkNoise(samples.length, seed);
  const gain = speechLevel(samples) / 10 ** (snrDb / 20);
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    out[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i] + noise[i] * gain)));
  }
  return out;
}

/** Sounds that are not words: each should come back empty. */
function garbage(clips: Clip[]): { id: string; samples: Int16Array }[] {
  const tone = new Int16Array(RATE);
  for (let i = 0; i < tone.length; i++) tone[i] = Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / RATE));
  const noise = pinkNoise(3 * RATE, 7).map((v) => v * 1500);
  const hum = new Int16Array(2 * RATE);
  const rnd = random(11);
  for (let i = 0; i < hum.length; i++)
    hum[i] = Math.round((rnd() * 2 - 1) * 300 + 2000 * Math.sin((2 * Math.PI * 50 * i) / RATE));
  const clicks = new Int16Array(2 * RATE);
  for (let k = 0; k < 14; k++) {
    const at = Math.floor(rnd() * (clicks.length - 400));
    for (let i = 0; i < 300; i++) clicks[at + i] = Math.round((rnd() * 2 - 1) * 12000 * Math.exp(-i / 40));
  }
  // babble: speech-like sound with no words in it (four sentences played backwards, overlaid)
  const speech = clips.filter((c) => c.set === 'librivox').slice(0, 4);
  const babble = new Int16Array(Math.min(...speech.map((c) => c.samples.length)));
  for (const c of speech) {
    for (let i = 0; i < babble.length; i++) babble[i] += Math.round(c.samples[c.samples.length - 1 - i] / 4);
  }
  const reversed = Int16Array.from(speech[1].samples).reverse();
  return [
    { id: 'pink noise 3 s', samples: Int16Array.from(noise, Math.round) },
    { id: 'keyboard-like clicks 2 s', samples: clicks },
    { id: 'babble (4 voices backwards)', samples: babble },
    { id: 'a sentence backwards', samples: reversed },
    { id: 'silence 2 s', samples: new Int16Array(2 * RATE) },
    { id: 'tone 1 s (the admin test)', samples: tone },
    { id: 'mains hum + hiss 2 s', samples: hum },
  ];
}

// ---- measuring the decoder process ----

function descendants(pid: number): number[] {
  const all: number[] = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop() as number;
    try {
      const kids = fs
        .readFileSync(`/proc/${p}/task/${p}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean);
      for (const k of kids) {
        all.push(Number(k));
        stack.push(Number(k));
      }
    } catch {}
  }
  return all;
}

/** clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux) */
const TICK = 100;
type ProcSample = { peakKb: number; cpuS: number };

/** Samples the decoder (the shell's descendants) every 10 ms until it is gone. */
function watch(pid: number, cold: boolean): Promise<ProcSample> {
  const seen = new Map<number, ProcSample>();
  const atStart = new Map<number, number>();
  return new Promise((resolve) => {
    const tick = () => {
      const pids = [pid, ...descendants(pid)];
      for (const p of pids) {
        try {
          const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
          if (!/^Name:\s*pocketsphinx/m.test(status)) continue;
          const hwm = Number(/VmHWM:\s*(\d+)/.exec(status)?.[1] ?? 0);
          const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          const cpuS = (Number(fields[11]) + Number(fields[12])) / TICK;
          // a cold child's model loading counts; a warm spare's was done before the turn
          if (!atStart.has(p)) atStart.set(p, cold ? 0 : cpuS);
          seen.set(p, { peakKb: hwm, cpuS: cpuS - (atStart.get(p) ?? 0) });
        } catch {}
      }
      if (!fs.existsSync(`/proc/${pid}`)) {
        const all = [...seen.values()];
        resolve({
          peakKb: Math.max(0, ...all.map((s) => s.peakKb)),
          cpuS: all.reduce((a, s) => a + s.cpuS, 0),
        });
        return;
      }
      setTimeout(tick, 10);
    };
    tick();
  });
}

// ---- the streaming decoder, for comparison ----

/**
 * pocketsphinx_continuous on the turn's file (`-infile`, word times and posteriors with
 * `-time yes`), a cold start per turn: it reads the audio as a stream, normalising it by a
 * running cepstral mean that starts from the model's default.
 */
function streamingTranscriber(opts: {
  model: { hmm: string; lm: string; dict: string };
  decoderArgs?: readonly string[];
  onChild?: (pid: number) => void;
}) {
  const binary = 'pocketsphinx_continuous';
  const m = opts.model;
  return {
    warmUp: async () => {},
    close: () => {},
    async recognize(wav: Buffer): Promise<PocketsphinxResult> {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-speech-'));
      const file = path.join(dir, 'turn.wav');
      fs.writeFileSync(file, wav);
      const args = [
        '-infile',
        file,
        '-hmm',
        m.hmm,
        '-lm',
        m.lm,
        '-dict',
        m.dict,
        '-time',
        'yes',
        '-logfn',
        '/dev/null',
      ];
      const child = spawn(binary, [...args, ...(opts.decoderArgs ?? [])], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      if (child.pid !== undefined) opts.onChild?.(child.pid);
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      await new Promise((r) => child.on('close', r));
      fs.rmSync(dir, { recursive: true, force: true });
      // "word start end posterior" lines; a </s> closes each utterance
      const segs = out
        .split('\n')
        .map((l) => l.trim().split(' '))
        .filter((f) => f.length === 4 && f.slice(1).every((x) => Number.isFinite(Number(x))));
      const words = segs
        .filter(([w]) => !/^(<s>|<\/s>|<sil>|\[.*\])$/.test(w))
        .map(([w, a, b, p]) => ({ word: w.replace(/\(\d+\)$/, ''), startS: +a, endS: +b, posterior: +p }));
      const ended = segs.filter(([w]) => w === '</s>').length >= segs.filter(([w]) => w === '<s>').length;
      const heard = words.map((w) => w.word).join(' ');
      const confidence = words.length ? words.reduce((a, w) => a + w.posterior, 0) / words.length : 1;
      const rejected = rejection({ words, ended, confidence }, DEFAULT_MIN_CONFIDENCE);
      return { text: rejected ? '' : heard, heard, confidence, ended, rejected, words };
    },
  };
}

// ---- running ----

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
const seconds = (v: number) => `${Math.round(v * 1000)}`;

type Decoded = PocketsphinxResult & {
  id: string;
  set: string;
  noisy: boolean;
  reference: string;
  /** hand-over → text, wall clock */
  ms: number;
  audioS: number;
  /** decoder CPU after the hand-over, all parts */
  cpuS: number;
  /** the longest part's decoder CPU: the latency on idle cores */
  criticalCpuS: number;
  peakKb: number;
};

async function runSetting(setting: Setting, clips: Clip[]) {
  let watching: Promise<ProcSample>[] = [];
  const stt = (setting.streaming ? streamingTranscriber : createPocketsphinxTranscriber)({
    binary: found.available ? found.binary : '',
    model: found.available ? found.model : { hmm: '', lm: '', dict: '' },
    decoderArgs: setting.args,
    spares: setting.spares,
    splitParts: setting.split,
    minPartSeconds: setting.minPart,
    // the checks are applied below, threshold by threshold
    minConfidence: 0,
    onChild: (pid) => {
      watching.push(watch(pid, setting.spares === 0));
    },
  });
  const decode = async (samples: Int16Array) => {
    // between two turns of a call the spares have had the agent's reply to load their model
    if (setting.spares > 0) await stt.warmUp();
    const wav = wavFile(samples, RATE);
    watching = [];
    const started = performance.now();
    const r = await stt.recognize(wav, new AbortController().signal);
    const ms = performance.now() - started;
    const procs = await Promise.all(watching);
    return {
      ...r,
      ms,
      audioS: samples.length / RATE,
      peakKb: Math.max(0, ...procs.map((p) => p.peakKb)),
      cpuS: procs.reduce((a, p) => a + p.cpuS, 0),
      criticalCpuS: Math.max(0, ...procs.map((p) => p.cpuS)),
    };
  };

  const decoded: Decoded[] = [];
  for (const noisy of [false, true]) {
    for (const [i, clip] of clips.entries()) {
      const samples = noisy ? withNoise(clip.samples, SNR_DB, 1000 + i) : clip.samples;
      decoded.push({ ...(await decode(samples)), id: clip.id, set: clip.set, noisy, reference: clip.text });
    }
  }
  // a long answer: the LibriVox sentences one after the other, with short pauses
  const long: Decoded[] = [];
  const sentences = clips.filter((c) => c.set === 'librivox');
  const gap = new Int16Array(RATE * 0.4);
  const joined = Int16Array.from(sentences.flatMap((c) => [...c.samples, ...gap]));
  const text = sentences.map((c) => c.text).join(' ');
  for (const noisy of [false, true]) {
    const samples = noisy ? withNoise(joined, SNR_DB, 99) : joined;
    long.push({ ...(await decode(samples)), id: 'long', set: 'long', noisy, reference: text });
  }
  const junk: (PocketsphinxResult & { id: string })[] = [];
  for (const g of garbage(clips)) junk.push({ ...(await decode(g.samples)), id: g.id });
  stt.close();
  return { decoded, long, junk };
}

/** The transcript with the garbage checks at a threshold (null: no checks). */
const judged = (r: PocketsphinxResult, threshold: number | null) =>
  threshold === null || !rejection(r, threshold) ? r.heard : '';

/** WER figures of a run: a rejected turn counts as an empty transcript. */
function wer(decoded: Decoded[], threshold: number | null) {
  const perClip = decoded.map((d) => {
    const { edits, words: refWords } = wordEdits(d.reference, judged(d, threshold));
    return { ...d, edits, refWords, wer: edits / refWords };
  });
  type Row = (typeof perClip)[number];
  const mean = (xs: Row[]) => xs.reduce((s, x) => s + x.wer, 0) / xs.length;
  const corpus = (xs: Row[]) => xs.reduce((s, x) => s + x.edits, 0) / xs.reduce((s, x) => s + x.refWords, 0);
  const part = (noisy: boolean, set?: string) =>
    perClip.filter((x) => x.noisy === noisy && (!set || x.set === set));
  return {
    perClip,
    clean: mean(part(false)),
    noisy: mean(part(true)),
    cleanBySet: `${pct(corpus(part(false, 'librivox')))} / ${pct(corpus(part(false, 'cards')))}`,
    noisyBySet: `${pct(corpus(part(true, 'librivox')))} / ${pct(corpus(part(true, 'cards')))}`,
    rejectedSpeech: perClip.filter((x) => x.heard && !judged(x, threshold)).length,
  };
}

const clips = loadClips();
const audioTotal = clips.reduce((s, c) => s + c.samples.length / RATE, 0);
const count = (set: string) => clips.filter((c) => c.set === set).length;
console.log(
  `pocketsphinx: ${found.binary}, model ${found.model.hmm}, LM ${found.model.lm}\n` +
    `${clips.length} human clips (${count('librivox')} LibriVox sentences, ${count('cards')} spoken card names; ${audioTotal.toFixed(1)} s), clean and with pink noise at ${SNR_DB} dB SNR\n` +
    `${os.availableParallelism()} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at start (other work on the machine slows the wall clock; CPU figures are less affected)`,
);

// ---- calls talking at once ----

/** simultaneous calls of the "calls at once" part, each speaking TURNS_PER_CALL answers */
const CALLS_AT_ONCE = 6;
const TURNS_PER_CALL = 4;
/** the persona's reply between two answers of a call */
const REPLY_MS = 1500;

/** PSS of a process (shared pages counted once across the decoders), kB */
function pssKb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
const decoderPids = () =>
  descendants(process.pid).filter((p) => {
    try {
      return fs.readFileSync(`/proc/${p}/comm`, 'utf8').startsWith('pocketsphinx');
    } catch {
      return false;
    }
  });

/**
 * The server's recogniser (its defaults) under CALLS_AT_ONCE calls that talk at once, each holding
 * it as the gateway does and answering TURNS_PER_CALL times with a human clip, REPLY_MS apart:
 * the decoders alive at most and their memory, each turn's latency, and what is left once the
 * calls have ended (their spares stop spareIdleMs after the last one, 30 s).
 */
async function callsAtOnce(speech: Clip[], engine: Pick<PocketsphinxOptions, 'binary' | 'model'>) {
  const stt = createPocketsphinxTranscriber(engine);
  await stt.warmUp();
  let most = 0;
  let mostPss = 0;
  const sample = setInterval(() => {
    const pids = decoderPids();
    most = Math.max(most, pids.length);
    mostPss = Math.max(
      mostPss,
      pids.reduce((sum, p) => sum + pssKb(p), 0),
    );
  }, 25);
  const ms: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CALLS_AT_ONCE }, async (_, c) => {
      const letGo = stt.hold();
      await new Promise((r) => setTimeout(r, c * 250));
      for (let t = 0; t < TURNS_PER_CALL; t++) {
        const clip = speech[(c * TURNS_PER_CALL + t) % speech.length];
        const t0 = performance.now();
        await stt.recognize(wavFile(clip.samples, RATE), new AbortController().signal);
        ms.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, REPLY_MS));
      }
      letGo();
    }),
  );
  clearInterval(sample);
  const wall = (performance.now() - started) / 1000;
  ms.sort((a, b) => a - b);
  const after = decoderPids();
  console.log(
    `\n=== ${CALLS_AT_ONCE} calls talking at once (the server's settings, ${os.availableParallelism()} CPUs), ${TURNS_PER_CALL} answers each (${speech.length} human clips in turn), ${REPLY_MS} ms apart, ${wall.toFixed(1)} s\n` +
      `  decoders alive at most ${most}, their memory at most ${Math.round(mostPss / 1024)} MB (PSS)\n` +
      `  final transcript latency p50 / p95 / max ${Math.round(percentile(ms, 50))} / ${Math.round(percentile(ms, 95))} / ${Math.round(ms.at(-1) ?? 0)} ms\n` +
      `  as the last call ends: ${after.length} spare decoder(s), ${Math.round(after.reduce((s, p) => s + pssKb(p), 0) / 1024)} MB, kept for spareIdleMs`,
  );
  stt.close();
}

if (process.argv.includes('--calls-at-once')) {
  await callsAtOnce(
    clips.filter((c) => c.set === 'librivox'),
    found,
  );
  closePocketsphinxSpares();
  process.exit(0);
}

const summary: string[] = [];
const col = (v: string, w = 7) => v.padStart(w);
for (const setting of all ? [...SETTINGS, ...REJECTED] : SETTINGS) {
  if (only.length && !only.some((o) => setting.name.includes(o))) continue;
  const { decoded, long, junk } = await runSetting(setting, clips);
  const longWer = long.map((d) => wordErrorRate(d.reference, judged(d, DEFAULT_MIN_CONFIDENCE)));
  const raw = wer(decoded, null);
  const checked = wer(decoded, DEFAULT_MIN_CONFIDENCE);
  const ms = decoded.map((d) => d.ms);
  const critical = decoded.map((d) => d.criticalCpuS);
  const audio = decoded.reduce((s, d) => s + d.audioS, 0);
  const rtf = decoded.reduce((s, d) => s + d.ms / 1000, 0) / audio;
  const cpuRtf = decoded.reduce((s, d) => s + d.cpuS, 0) / audio;
  const peakMb = Math.max(...decoded.map((d) => d.peakKb)) / 1024;
  const junkRejected = (t: number | null) => junk.filter((j) => !judged(j, t)).length;

  console.log(
    `\n=== ${setting.name}: ${setting.spares ? `${setting.spares} warm spare(s)` : 'a cold start per turn'}, ${setting.split > 1 ? `turns cut at pauses in up to ${setting.split} parts of ${setting.minPart} s or more, decoded at once` : 'whole turns'}; decoder args: ${setting.args.join(' ') || '(stock)'}`,
  );
  for (const d of raw.perClip) {
    const flag = rejection(d, DEFAULT_MIN_CONFIDENCE) ?? '';
    console.log(
      `  ${d.noisy ? 'noisy' : 'clean'} ${d.set.padEnd(8)} ${d.id.slice(-4).padStart(4)} WER ${col(pct(d.wer))}  conf ${d.confidence.toFixed(2)} ${flag.padEnd(10)} ${col(String(Math.round(d.ms)), 5)} ms / ${d.audioS.toFixed(1)} s  "${d.heard}"`,
    );
  }
  for (const j of junk) {
    const flag = rejection(j, DEFAULT_MIN_CONFIDENCE) ?? (j.heard ? 'KEPT' : '');
    console.log(
      `  garbage: ${j.id.padEnd(28)} conf ${j.confidence.toFixed(2)} ${flag.padEnd(10)} "${j.heard}"`,
    );
  }
  console.log(
    '  garbage checks at each posterior threshold → mean WER clean / noisy, speech clips rejected, garbage rejected:',
  );
  for (const t of [null, ...THRESHOLDS]) {
    const w = wer(decoded, t);
    const label = t === null ? 'off ' : `${t.toFixed(1)}${t === DEFAULT_MIN_CONFIDENCE ? '*' : ' '}`;
    console.log(
      `    ${label}  ${col(pct(w.clean))} / ${col(pct(w.noisy))}   ${w.rejectedSpeech}/${decoded.length}   ${junkRejected(t)}/${junk.length}`,
    );
  }
  const line = (label: string, value: string, target: string, ok: boolean) =>
    `  ${label.padEnd(40)} ${value.padStart(18)}   target ${target.padEnd(9)} ${ok ? 'ok' : 'MISSED'}`;
  const note = (label: string, value: string, after = '') =>
    `  ${label.padEnd(40)} ${value.padStart(18)}   ${after}`;
  console.log(
    [
      line(
        'mean WER clean (checks on)',
        pct(checked.clean),
        `≤ ${pct(TARGET.werClean)}`,
        checked.clean <= TARGET.werClean,
      ),
      line(
        `mean WER, noise at ${SNR_DB} dB SNR (checks on)`,
        pct(checked.noisy),
        `≤ ${pct(TARGET.werNoisy)}`,
        checked.noisy <= TARGET.werNoisy,
      ),
      note('  mean WER clean / noisy, checks off', `${pct(raw.clean)} / ${pct(raw.noisy)}`),
      note('  corpus WER clean: LibriVox / cards', checked.cleanBySet),
      note('  corpus WER noisy: LibriVox / cards', checked.noisyBySet),
      line(
        'final transcript latency p50 / p95',
        `${Math.round(percentile(ms, 50))} / ${Math.round(percentile(ms, 95))} ms`,
        `≤ ${TARGET.p50Ms} ms`,
        percentile(ms, 50) <= TARGET.p50Ms,
      ),
      note(
        '  same, decoder CPU on the critical path',
        `${seconds(percentile(critical, 50))} / ${seconds(percentile(critical, 95))} ms`,
        '(≈ the latency on idle cores)',
      ),
      line('real-time factor (wall)', rtf.toFixed(2), `≤ ${TARGET.rtf}`, rtf <= TARGET.rtf),
      note(
        '  decoder CPU per second of audio',
        cpuRtf.toFixed(2),
        setting.spares ? '' : '(model loading included: cold start)',
      ),
      note(
        'decoder peak memory (RSS, per child)',
        `${peakMb.toFixed(0)} MB`,
        setting.spares ? `(× ${setting.spares} waiting spare(s) between turns)` : '',
      ),
      note('garbage rejected (checks on)', `${junkRejected(DEFAULT_MIN_CONFIDENCE)}/${junk.length}`),
      note(
        `long answer (${long[0].audioS.toFixed(1)} s): WER clean / noisy`,
        `${pct(longWer[0])} / ${pct(longWer[1])}`,
      ),
      note(
        '  latency clean / noisy (wall; CPU)',
        `${Math.round(long[0].ms)} / ${Math.round(long[1].ms)} ms`,
        `(${seconds(long[0].criticalCpuS)} / ${seconds(long[1].criticalCpuS)} ms)`,
      ),
    ].join('\n'),
  );
  summary.push(
    [
      setting.name.padEnd(26),
      col(pct(raw.clean)),
      col(pct(raw.noisy)),
      col(pct(checked.clean)),
      col(pct(checked.noisy)),
      col(String(Math.round(percentile(ms, 50))), 6),
      col(String(Math.round(percentile(ms, 95))), 6),
      col(seconds(percentile(critical, 50)), 6),
      col(rtf.toFixed(2), 5),
      col(cpuRtf.toFixed(2), 5),
      col(peakMb.toFixed(0), 5),
      col(`${junkRejected(DEFAULT_MIN_CONFIDENCE)}/${junk.length}`, 6),
      col(pct(longWer[0]), 7),
      col(seconds(long[0].criticalCpuS), 6),
    ].join(' '),
  );
}
if (!only.length)
  await callsAtOnce(
    clips.filter((c) => c.set === 'librivox'),
    found,
  );
closePocketsphinxSpares();

const header = [
  'setting'.padEnd(26),
  col('clean'),
  col('noisy'),
  col('cl+chk'),
  col('no+chk'),
  col('p50', 6),
  col('p95', 6),
  col('cpu50', 6),
  col('RTF', 5),
  col('CPU/s', 5),
  col('MB', 5),
  col('junk', 6),
  col('longWER'),
  col('lngcpu', 6),
];
const targets = [
  'targets'.padEnd(26),
  col(''),
  col(''),
  col('≤35 %'),
  col('≤50 %'),
  col('≤500', 6),
  col('', 6),
  col('', 6),
  col('≤0.5', 5),
  col('', 5),
  col('', 5),
  col('', 6),
  col(''),
  col('', 6),
];
console.log(
  `\nSummary — WER: mean of per-clip WER, checks off / on ("+chk": garbage checks with posterior threshold ${DEFAULT_MIN_CONFIDENCE}); latency (ms, wall) from handing over the WAV to the text; cpu50: the decoder CPU of the median turn's critical path; junk: garbage sounds rejected; longWER, lngcpu: the long answer (clean), its WER and critical-path CPU\n${header.join(' ')}\n${summary.join('\n')}\n${targets.join(' ')}\n* the server's settings\nload average at end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

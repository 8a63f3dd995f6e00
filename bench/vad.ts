// bench/vad: where the caller's spoken answers start and end, as the voice gateway's turn detector
// finds them (docs/decisions/004-voice-activity-detection.md).
// Streams of 20 answers separated by 1.5–3.5 s pauses, one per voice: three espeak-ng voices and,
// when Debian's pocketsphinx-testdata is installed (or VAD_CLIPS_DIR points at a copy), recordings
// of human speakers. Each under four backgrounds: digital silence; white noise 30 dB and 15 dB
// below the answers; and 15 dB below answers raised to -14 dBFS (a loud talker close to the
// microphone, so the noise is loud too). Fed in 100 ms chunks like the browser's microphone
// messages. Compared: the energy detector the gateway used before (copied below) and the WebRTC VAD
// (libfvad) in modes 1–3, each with a 500 ms and a 700 ms hang-over (the VOICE_SILENCE_MS
// default), mode 3 with 600 ms, and mode 3 with a 90 ms start minimum instead of 150 ms.
// Printed per detector and background: answers found, false starts (turns over no answer), answers
// split in several turns, answers sharing a turn with another, |start| and |end| error p50/p95,
// answers with both ends within 200 ms, barge-in delay (true start → the speech_start event) and
// turn-end delay (true end → the turn_end event), p50 over the answers with a turn of their own,
// in 100 ms steps as the events come with a chunk; and CPU per second of audio (% of one core).
// Target: 20/20 found in every stream, nothing false, split or merged, both ends within 200 ms.
// Truth: an answer spans its first to its last 10 ms frame within 35 dB of its loud frames and
// 10 dB above its quiet ones, measured on the clean audio (speechSpan).
import fs from 'node:fs';
import path from 'node:path';
import { parseWav, rms } from '../src/server/audio/pcm.js';
import { createEspeakEngine, espeakInstalled } from '../src/server/providers/tts/espeak-engine.js';
import { whiteNoise } from '../src/server/voice/testing.js';
import { TurnDetector, type TurnEvent } from '../src/server/voice/turn-detector.js';

const SR = 16_000;
const CHUNK = SR / 10;
const ANSWER_COUNT = 20;
const SNR_DB = 15;
const QUIET_SNR_DB = 30;
/** a loud talker close to the microphone: the noise is louder too */
const LOUD_DBFS = -14;
const TARGET_MS = 200;
const VOICES = ['en-us+m3', 'en-us+f2', 'en-gb+m1'];
const CLIPS_DIR = process.env.VAD_CLIPS_DIR ?? '/usr/share/pocketsphinx/test/data';
const ANSWERS = [
  'Yes, I am ready.',
  'I led the migration of our billing system, and it took us about three months.',
  'About two years.',
  'We measured activation every week. Then we interviewed twenty merchants to find out why they left.',
  'The hardest part was getting the finance team to trust the new numbers.',
  'No.',
  'I would start with the funnel data, then talk to customers, then test the riskiest assumption first.',
  'Honestly, I made the wrong call on the pricing page, and we rolled it back after a week.',
  'Sure.',
  'My manager wanted a launch date. I gave her a range instead, and explained what it depended on.',
  'We cut support tickets by a third.',
  'I think the main risk is the data quality, so I would fix that before anything else.',
  'It was a team of five engineers, one designer and me.',
  'That is a good question. Let me think. I would say communication, mostly.',
  'Yes, twice.',
  'We shipped the first version in six weeks, then iterated based on what the logs told us.',
  'I disagreed with the roadmap, wrote down why, and we changed the order of two projects.',
  'Probably the on-call rotation.',
  'I learned to ask for help earlier, before a problem becomes a crisis.',
  'Thank you, that is all from me.',
];

// ---- the energy detector the gateway used before the WebRTC VAD, kept for comparison ----

class EnergyTurnDetector {
  private readonly frame: number;
  private readonly minLevel = 0.02;
  private readonly noiseRatio = 3;
  private readonly startFrames: number;
  private readonly hangoverFrames: number;
  private carry = new Int16Array(0);
  private noise = 0.003;
  private voicedRun = 0;
  private silentRun = 0;
  private inSpeech = false;

  constructor(opts: { sampleRate: number; startMs?: number; hangoverMs?: number }) {
    this.frame = Math.round((opts.sampleRate * 20) / 1000);
    this.startFrames = Math.max(1, Math.round((opts.startMs ?? 120) / 20));
    this.hangoverFrames = Math.max(1, Math.round((opts.hangoverMs ?? 700) / 20));
  }

  push(chunk: Int16Array): TurnEvent[] {
    const events: TurnEvent[] = [];
    const carried = this.carry.length;
    const data = carried === 0 ? chunk : concat([this.carry, chunk]);
    let i = 0;
    for (; i + this.frame <= data.length; i += this.frame) {
      const level = rms(data, i, i + this.frame);
      const voiced = level >= this.minLevel && level >= this.noise * this.noiseRatio;
      const frameEnd = i + this.frame - carried;
      if (voiced) {
        this.voicedRun += 1;
        this.silentRun = 0;
        if (!this.inSpeech && this.voicedRun >= this.startFrames) {
          this.inSpeech = true;
          events.push({ kind: 'speech_start', offset: frameEnd - this.voicedRun * this.frame });
        }
      } else {
        this.voicedRun = 0;
        if (!this.inSpeech) this.noise = this.noise * 0.95 + level * 0.05;
        if (this.inSpeech) {
          this.silentRun += 1;
          if (this.silentRun >= this.hangoverFrames) {
            this.inSpeech = false;
            this.silentRun = 0;
            events.push({ kind: 'turn_end', offset: frameEnd - this.hangoverFrames * this.frame });
          }
        }
      }
    }
    this.carry = data.slice(i);
    return events;
  }
}

// ---- streams ----

type Span = { start: number; end: number };
type Stream = { name: string; pcm: Int16Array; answers: Span[] };

function concat(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/**
 * first to last 10 ms frame within 35 dB of the clip's loud (p95) frames and 10 dB above its quiet
 * (p10) ones: weak consonants count, a recording's own background does not
 */
function speechSpan(pcm: Int16Array): Span {
  const f = SR / 100;
  const levels: number[] = [];
  for (let i = 0; i + f <= pcm.length; i += f) levels.push(rms(pcm, i, i + f));
  const sorted = [...levels].sort((a, b) => a - b);
  const loud = sorted[Math.floor(sorted.length * 0.95)];
  const quiet = sorted[Math.floor(sorted.length * 0.1)];
  const threshold = Math.max(loud * 10 ** (-35 / 20), quiet * 10 ** (10 / 20));
  const first = levels.findIndex((l) => l >= threshold);
  let last = levels.length - 1;
  while (last > first && levels[last] < threshold) last--;
  return { start: first * f, end: (last + 1) * f };
}

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function buildStream(name: string, clips: Int16Array[], seed: number): Stream {
  const random = seeded(seed);
  const parts: Int16Array[] = [new Int16Array(2 * SR)];
  const answers: Span[] = [];
  let at = 2 * SR;
  for (const clip of clips) {
    const span = speechSpan(clip);
    answers.push({ start: at + span.start, end: at + span.end });
    parts.push(clip);
    at += clip.length;
    const pause = new Int16Array(Math.round((1.5 + 2 * random()) * SR));
    parts.push(pause);
    at += pause.length;
  }
  return { name, pcm: concat(parts), answers };
}

/** RMS of the stream's answers, as a share of full scale */
function answerLevel(stream: Stream): number {
  let energy = 0;
  let n = 0;
  for (const a of stream.answers) {
    for (let i = a.start; i < a.end; i++) energy += stream.pcm[i] * stream.pcm[i];
    n += a.end - a.start;
  }
  return Math.sqrt(energy / n) / 32768;
}

/** the same stream with white noise `snrDb` below the level of its answers, the answers at `speechDbfs` if given */
function withNoise(stream: Stream, snrDb: number, seed: number, speechDbfs?: number): Stream {
  const level = answerLevel(stream);
  const gain = speechDbfs === undefined ? 1 : 10 ** (speechDbfs / 20) / level;
  const noise = whiteNoise(stream.pcm.length / SR, (level * gain) / 10 ** (snrDb / 20), seed);
  const pcm = new Int16Array(stream.pcm.length);
  for (let i = 0; i < pcm.length; i++) {
    pcm[i] = Math.max(-32768, Math.min(32767, Math.round(stream.pcm[i] * gain) + noise[i]));
  }
  return { ...stream, pcm };
}

function readClip(file: string): Int16Array {
  const bytes = fs.readFileSync(file);
  if (file.endsWith('.wav')) {
    const { samples, sampleRate } = parseWav(bytes);
    if (sampleRate !== SR) throw new Error(`${file}: ${sampleRate} Hz`);
    return samples;
  }
  // headerless 16 kHz PCM16 little-endian
  return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + (bytes.length & ~1)));
}

function humanClips(): string[] {
  const files: string[] = [];
  for (const sub of ['cards', 'librivox']) {
    const dir = path.join(CLIPS_DIR, sub);
    if (fs.existsSync(dir)) {
      for (const f of fs.readdirSync(dir).sort()) if (f.endsWith('.wav')) files.push(path.join(dir, f));
    }
  }
  for (const f of ['goforward.raw', 'numbers.raw', 'something.raw']) {
    if (fs.existsSync(path.join(CLIPS_DIR, f))) files.push(path.join(CLIPS_DIR, f));
  }
  return files;
}

const clean: Stream[] = [];
if (espeakInstalled()) {
  const espeak = await createEspeakEngine();
  for (const [v, voice] of VOICES.entries()) {
    const clips: Int16Array[] = [];
    for (const text of ANSWERS) clips.push(await espeak.speak(text, voice));
    clean.push(buildStream(`espeak ${voice}`, clips, 100 + v));
  }
} else {
  console.log('espeak-ng (optional dependency) is not installed: no synthetic voices');
}
const humanFiles = humanClips();
if (humanFiles.length > 0) {
  const clips = Array.from({ length: ANSWER_COUNT }, (_, i) => readClip(humanFiles[i % humanFiles.length]));
  clean.push(buildStream(`human (${humanFiles.length} pocketsphinx clips)`, clips, 200));
} else {
  console.log(
    `no human speech clips in ${CLIPS_DIR} (apt install pocketsphinx-testdata, or set VAD_CLIPS_DIR)`,
  );
}
if (clean.length === 0) throw new Error('no speech to run on');
const conditions: [string, Stream[]][] = [
  ['silent', clean],
  [`${QUIET_SNR_DB} dB`, clean.map((s, i) => withNoise(s, QUIET_SNR_DB, 300 + i))],
  [`${SNR_DB} dB`, clean.map((s, i) => withNoise(s, SNR_DB, 400 + i))],
  [`${SNR_DB} dB!`, clean.map((s, i) => withNoise(s, SNR_DB, 500 + i, LOUD_DBFS))],
];

// ---- detectors and scoring ----

type Detector = { push: (pcm: Int16Array) => TurnEvent[] };
type Config = { name: string; make: () => Detector };

const configs: Config[] = [];
for (const hangoverMs of [500, 700]) {
  configs.push({
    name: `energy (old), ${hangoverMs} ms`,
    make: () => new EnergyTurnDetector({ sampleRate: SR, hangoverMs }),
  });
  for (const mode of [1, 2, 3] as const) {
    configs.push({
      name: `fvad mode ${mode}, ${hangoverMs} ms`,
      make: () => new TurnDetector({ sampleRate: SR, mode, hangoverMs }),
    });
  }
}
configs.push({
  name: 'fvad mode 3, 600 ms',
  make: () => new TurnDetector({ sampleRate: SR, mode: 3, hangoverMs: 600 }),
});
configs.push({
  name: 'fvad mode 3, 700 ms, start 90',
  make: () => new TurnDetector({ sampleRate: SR, mode: 3, hangoverMs: 700, startMs: 90 }),
});

/** `startFired`, `endFired`: the end of the chunk whose push answered the event */
type Turn = Span & { startFired: number; endFired: number };

function run(make: () => Detector, pcm: Int16Array): { turns: Turn[]; cpuUs: number } {
  const detector = make();
  const turns: Turn[] = [];
  let open: Turn | null = null;
  const cpu = process.cpuUsage();
  for (let i = 0; i < pcm.length; i += CHUNK) {
    for (const e of detector.push(pcm.subarray(i, i + CHUNK))) {
      const fired = Math.min(i + CHUNK, pcm.length);
      if (e.kind === 'speech_start') open = { start: i + e.offset, end: -1, startFired: fired, endFired: -1 };
      else if (open) {
        open.end = i + e.offset;
        open.endFired = fired;
        turns.push(open);
        open = null;
      }
    }
  }
  const used = process.cpuUsage(cpu);
  if (open) turns.push({ ...open, end: pcm.length, endFired: pcm.length });
  return { turns, cpuUs: used.user + used.system };
}

type Score = {
  found: number;
  answers: number;
  falseStarts: number;
  split: number;
  merged: number;
  startErr: number[];
  endErr: number[];
  bothWithin: number;
  bargeIn: number[];
  endLatency: number[];
};

function score(answers: Span[], turns: Turn[]): Score {
  const overlaps = (a: Span, t: Span) => t.start < a.end && t.end > a.start;
  const s: Score = {
    found: 0,
    answers: answers.length,
    falseStarts: turns.filter((t) => !answers.some((a) => overlaps(a, t))).length,
    split: 0,
    merged: 0,
    startErr: [],
    endErr: [],
    bothWithin: 0,
    bargeIn: [],
    endLatency: [],
  };
  for (const a of answers) {
    const mine = turns.filter((t) => overlaps(a, t));
    if (mine.length === 0) continue;
    s.found++;
    if (mine.length > 1) s.split++;
    const shared = mine.some((t) => answers.some((other) => other !== a && overlaps(other, t)));
    if (shared) s.merged++;
    const startErr = Math.abs(mine[0].start - a.start) / (SR / 1000);
    const endErr = Math.abs(mine[mine.length - 1].end - a.end) / (SR / 1000);
    s.startErr.push(startErr);
    s.endErr.push(endErr);
    if (startErr <= TARGET_MS && endErr <= TARGET_MS) s.bothWithin++;
    if (!shared) {
      s.bargeIn.push((mine[0].startFired - a.start) / (SR / 1000));
      s.endLatency.push((mine[mine.length - 1].endFired - a.end) / (SR / 1000));
    }
  }
  return s;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (v: number) => (Number.isNaN(v) ? '—' : `${Math.round(v)}`);
const pad = (s: string | number, n: number) => String(s).padEnd(n);

const audioSeconds = (streams: Stream[]) => streams.reduce((n, s) => n + s.pcm.length, 0) / SR;
console.log(
  `streams: ${clean.map((s) => s.name).join(', ')}; ${ANSWER_COUNT} answers each, ` +
    `${Math.round(audioSeconds(clean))} s of audio per condition`,
);
console.log(
  `background between and under the answers: silent (digital zero), or white noise ${QUIET_SNR_DB} dB / ${SNR_DB} dB below them; ` +
    `${SNR_DB} dB!: the same with the answers raised to ${LOUD_DBFS} dBFS (the noise with them)`,
);
console.log(
  `answer levels (dBFS): ${clean.map((s) => `${s.name} ${(20 * Math.log10(answerLevel(s))).toFixed(0)}`).join(', ')}`,
);
console.log(
  `target: ${ANSWER_COUNT}/${ANSWER_COUNT} found in every stream, 0 false starts / splits / merges, both ends within ${TARGET_MS} ms\n`,
);
const perStream = (scores: Score[], pick: (s: Score) => number) =>
  `${scores.reduce((n, s) => n + pick(s), 0)}/${scores.reduce((n, s) => n + s.answers, 0)} (${scores.map(pick).join(' ')})`;
/** column widths; negative: right-aligned */
const WIDTHS = [31, 8, 22, -6, -6, -7, -16, -14, -28, -9, -10, -9];
const row = (cells: (string | number)[]) =>
  cells
    .map((c, i) => (WIDTHS[i] < 0 ? String(c).padStart(-WIDTHS[i]) : String(c).padEnd(WIDTHS[i])))
    .join('');
console.log(
  row([
    'detector',
    'noise',
    'found (per stream)',
    'false',
    'split',
    'merged',
    '|start| p50/p95',
    '|end| p50/p95',
    'both ≤200 ms (per stream)',
    'barge-in',
    'turn ends',
    'CPU',
  ]),
);

for (const config of configs) {
  for (const [condition, streams] of conditions) {
    const scores: Score[] = [];
    let cpuUs = 0;
    for (const stream of streams) {
      const { turns, cpuUs: used } = run(config.make, stream.pcm);
      cpuUs += used;
      scores.push(score(stream.answers, turns));
    }
    const all = (pick: (s: Score) => number[]) => scores.flatMap(pick);
    const sum = (pick: (s: Score) => number) => scores.reduce((n, s) => n + pick(s), 0);
    const p50p95 = (values: number[]) => `${ms(percentile(values, 50))}/${ms(percentile(values, 95))}`;
    console.log(
      row([
        config.name,
        condition,
        perStream(scores, (s) => s.found),
        sum((s) => s.falseStarts),
        sum((s) => s.split),
        sum((s) => s.merged),
        p50p95(all((s) => s.startErr)),
        p50p95(all((s) => s.endErr)),
        perStream(scores, (s) => s.bothWithin),
        `${ms(
          percentile(
            all((s) => s.bargeIn),
            50,
          ),
        )} ms`,
        `${ms(
          percentile(
            all((s) => s.endLatency),
            50,
          ),
        )} ms`,
        `${((cpuUs / 1e6 / audioSeconds(streams)) * 100).toFixed(3)} %`,
      ]),
    );
  }
}

// How close the hang-over comes to splitting an answer: the longest pause inside each answer as
// mode 3 hears it (each voiced run is a turn when start and hang-over are one frame).
console.log('\nlongest pause inside an answer (fvad mode 3, silent background), p50 / max, ms:');
for (const stream of clean) {
  const { turns } = run(
    () => new TurnDetector({ sampleRate: SR, mode: 3, startMs: 30, hangoverMs: 30 }),
    stream.pcm,
  );
  const longest = stream.answers.map((a) => {
    const inside = turns.filter((t) => t.start < a.end && t.end > a.start);
    let gap = 0;
    for (let i = 1; i < inside.length; i++) gap = Math.max(gap, inside[i].start - inside[i - 1].end);
    return gap / (SR / 1000);
  });
  console.log(`  ${pad(stream.name, 34)}${ms(percentile(longest, 50))} / ${ms(Math.max(...longest))}`);
}

import { describe, expect, it } from 'vitest';
import type { Transcriber } from '../providers/stt/types.js';
import type { SpeechSynthesizer } from '../providers/tts/types.js';
import { fakeSynthesizer, settle } from './testing.js';
import { createVoiceWarmUp, voiceWarmParts, type WarmPart } from './warm-up.js';

/** a part whose start the test finishes (or fails) by hand, counting how often it was asked */
function manualPart(name: string) {
  const starts: { resolve: () => void; reject: (err: Error) => void }[] = [];
  const part: WarmPart = {
    name,
    warm: () => new Promise<void>((resolve, reject) => starts.push({ resolve, reject })),
  };
  return { part, starts };
}

function recordingLog() {
  const lines: { obj: object; msg: string }[] = [];
  return { lines, log: { warn: (obj: object, msg: string) => void lines.push({ obj, msg }) } };
}

const noRecordings = async () => {};
const noDialogue = async () => {};

describe('which engines a call about to begin warms', () => {
  it("the offline voice and recogniser, the recordings encoder and the persona's dialogue", () => {
    const tts: SpeechSynthesizer = { ...fakeSynthesizer(), warmUp: async () => {} };
    const stt: Transcriber = { kind: 'builtin', transcribe: async () => '', warmUp: async () => {} };
    expect(voiceWarmParts({ tts, stt }, noRecordings, noDialogue).map((p) => p.name)).toEqual([
      'recording encoder',
      'persona dialogue',
      'builtin voice',
      'builtin recogniser',
    ]);
  });

  it('only the recordings encoder and the dialogue when the voice and recogniser are cloud services or off', () => {
    const cloudTts: SpeechSynthesizer = { kind: 'openai', synthesize: fakeSynthesizer().synthesize };
    const cloudStt: Transcriber = { kind: 'openai', transcribe: async () => '' };
    expect(
      voiceWarmParts({ tts: cloudTts, stt: cloudStt }, noRecordings, noDialogue).map((p) => p.name),
    ).toEqual(['recording encoder', 'persona dialogue']);
    expect(voiceWarmParts({ tts: null, stt: null }, noRecordings, noDialogue).map((p) => p.name)).toEqual([
      'recording encoder',
      'persona dialogue',
    ]);
  });
});

describe('voice warm-up', () => {
  it('starts each part once however many calls ask while it starts, and again once it has', async () => {
    const voice = manualPart('voice');
    const encoder = manualPart('encoder');
    const warmUp = createVoiceWarmUp([voice.part, encoder.part], recordingLog().log);
    const burst = Array.from({ length: 20 }, () => warmUp());
    await settle();
    expect(voice.starts).toHaveLength(1);
    expect(encoder.starts).toHaveLength(1);

    voice.starts[0].resolve();
    encoder.starts[0].resolve();
    await Promise.all(burst);
    // started: the next call about to begin asks the engine again (a warm one answers at once)
    void warmUp();
    await settle();
    expect(voice.starts).toHaveLength(2);
    expect(encoder.starts).toHaveLength(2);
  });

  it('logs a part that fails to start, still starts the others, and never rejects', async () => {
    const { lines, log } = recordingLog();
    const voice = manualPart('voice');
    const encoder = manualPart('encoder');
    const throwing: WarmPart = {
      name: 'recogniser',
      warm: () => {
        throw new Error('no model');
      },
    };
    const warmUp = createVoiceWarmUp([voice.part, throwing, encoder.part], log);
    const done = warmUp();
    await settle();
    voice.starts[0].reject(new Error('espeak-ng is not installed'));
    encoder.starts[0].resolve();
    await expect(done).resolves.toBeUndefined();
    expect(lines.map((l) => l.msg)).toEqual([
      'voice warm-up: the recogniser could not start',
      'voice warm-up: the voice could not start',
    ]);
    expect(lines.map((l) => (l.obj as { err: Error }).err.message)).toEqual([
      'no model',
      'espeak-ng is not installed',
    ]);
    // a failed start is not remembered: the next call tries again
    void warmUp();
    await settle();
    expect(voice.starts).toHaveLength(2);
  });
});

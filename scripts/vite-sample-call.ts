// Vite plugin: the landing page's sample call as real audio, spoken by the offline voice (eSpeak NG,
// the server's built-in speech: src/server/providers/tts/espeak-engine.ts) from the sample call's
// transcript (src/web/features/landing/demo-call.ts) and encoded as MP3. It is build output, never
// committed: `vite build` writes it to dist/web/sample-call.mp3, and the dev server makes it on
// its first request. Without the optional espeak-ng package the build goes on without it and the
// sample call's player says the recording is unavailable.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { createEncoder } from 'wasm-media-encoders';
import {
  createEspeakEngine,
  ESPEAK_PERSONA_VOICES,
  espeakInstalled,
} from '../src/server/providers/tts/espeak-engine.js';
import { DEMO_CALL, SAMPLE_CALL_AUDIO_URL } from '../src/web/features/landing/demo-call.js';

const RATE = 16_000;
const KBPS = 32;
/** before the first line, between two lines, after the last */
const LEAD_MS = 300;
const GAP_MS = 550;
const TAIL_MS = 600;

const silence = (ms: number) => new Float32Array(Math.round((RATE * ms) / 1000));

/** The sample call as MP3 bytes: each transcript line in its speaker's voice, with pauses. */
export async function renderSampleCall(
  lines: readonly { speaker: string; text: string }[] = DEMO_CALL.transcript,
): Promise<Uint8Array> {
  const engine = await createEspeakEngine();
  const parts: Float32Array[] = [silence(LEAD_MS)];
  for (const [i, line] of lines.entries()) {
    // the interviewer in the persona's voice (Sarah), the candidate in the other one
    const voice = line.speaker === 'You' ? ESPEAK_PERSONA_VOICES.michael : ESPEAK_PERSONA_VOICES.sarah;
    const pcm = await engine.speak(line.text, voice);
    parts.push(Float32Array.from(pcm, (s) => s / 32768));
    parts.push(silence(i === lines.length - 1 ? TAIL_MS : GAP_MS));
  }
  const wasm = await WebAssembly.compile(
    await fs.promises.readFile(createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3')),
  );
  const encoder = await createEncoder('audio/mpeg', wasm);
  encoder.configure({ sampleRate: RATE, channels: 1, bitrate: KBPS });
  const chunks: Uint8Array[] = [];
  // the encoder's output lives in its memory and is reused by the next call: copy each piece
  for (const part of parts) chunks.push(encoder.encode([part]).slice());
  chunks.push(encoder.finalize().slice());
  return Buffer.concat(chunks);
}

export function sampleCallAudio(): Plugin {
  const fileName = SAMPLE_CALL_AUDIO_URL.replace(/^\//, '');
  let rendered: Promise<Uint8Array> | null = null;
  const render = () => {
    rendered ??= renderSampleCall();
    return rendered;
  };
  return {
    name: 'sample-call-audio',
    async generateBundle() {
      if (!espeakInstalled()) {
        this.warn('the optional espeak-ng package is not installed: the sample call has no audio');
        return;
      }
      this.emitFile({ type: 'asset', fileName, source: await render() });
    },
    configureServer(server) {
      server.middlewares.use(SAMPLE_CALL_AUDIO_URL, (_req, res, next) => {
        if (!espeakInstalled()) return next();
        render().then(
          (mp3) => {
            res.setHeader('content-type', 'audio/mpeg');
            res.end(mp3);
          },
          (err: unknown) => next(err),
        );
      });
    },
  };
}

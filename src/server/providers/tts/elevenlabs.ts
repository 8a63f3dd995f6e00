// ElevenLabs text-to-speech (streaming endpoint, pcm_16000 output: the gateway's own format).
// The two persona voices map to ElevenLabs voice ids from config.
import { pcmChunksFromBody } from './pcm-stream.js';
import type { SpeechSynthesizer } from './types.js';

export type ElevenLabsSpeechOptions = {
  apiKey: string;
  /** default https://api.elevenlabs.io */
  baseUrl?: string;
  model: string;
  voices: Record<string, string>;
  timeoutMs: number;
};

export function createElevenLabsSpeech(opts: ElevenLabsSpeechOptions): SpeechSynthesizer {
  const base = (opts.baseUrl ?? 'https://api.elevenlabs.io').replace(/\/$/, '');
  return {
    kind: 'elevenlabs',
    async *synthesize(text, voice, signal) {
      const voiceId = encodeURIComponent(opts.voices[voice] ?? voice);
      const res = await fetch(`${base}/v1/text-to-speech/${voiceId}/stream?output_format=pcm_16000`, {
        method: 'POST',
        headers: { 'xi-api-key': opts.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ text, model_id: opts.model }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(opts.timeoutMs)]),
      });
      if (!res.ok) throw new Error(`ElevenLabs speech failed with HTTP ${res.status}`);
      yield* pcmChunksFromBody(res.body, 16_000, 16_000);
    },
  };
}

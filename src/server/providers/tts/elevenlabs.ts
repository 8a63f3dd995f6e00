// ElevenLabs text-to-speech (pcm_16000 output: the gateway's own format). The two persona voices
// map to ElevenLabs voice ids from config. The admin's voice settings apply per request: stability
// and similarity boost as voice_settings, and streaming chooses the /stream endpoint (audio passed
// on as it arrives) or the plain one (the whole phrase, then passed on).
import { pcmChunksFromBody, wholeBody } from './pcm-stream.js';
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
    async *synthesize(text, voice, signal, settings = {}) {
      const voiceId = encodeURIComponent(opts.voices[voice] ?? voice);
      const streaming = settings.streaming ?? true;
      const voiceSettings = {
        ...(settings.stability === undefined ? {} : { stability: settings.stability }),
        ...(settings.similarityBoost === undefined ? {} : { similarity_boost: settings.similarityBoost }),
      };
      const res = await fetch(
        `${base}/v1/text-to-speech/${voiceId}${streaming ? '/stream' : ''}?output_format=pcm_16000`,
        {
          method: 'POST',
          headers: { 'xi-api-key': opts.apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({
            text,
            model_id: opts.model,
            ...(Object.keys(voiceSettings).length > 0 ? { voice_settings: voiceSettings } : {}),
          }),
          signal: AbortSignal.any([signal, AbortSignal.timeout(opts.timeoutMs)]),
        },
      );
      if (!res.ok) throw new Error(`ElevenLabs speech failed with HTTP ${res.status}`);
      if (streaming) {
        yield* pcmChunksFromBody(res.body, 16_000, 16_000);
        return;
      }
      yield* pcmChunksFromBody(wholeBody(await res.arrayBuffer()), 16_000, 16_000);
    },
  };
}

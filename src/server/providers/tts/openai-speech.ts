// OpenAI-compatible speech (`POST /audio/speech`, response_format pcm: 24 kHz PCM16), streamed
// and resampled to the gateway's 16 kHz. Works with OpenAI and servers that copy its API. Of the
// admin's voice settings only streaming applies (the API has no stability or similarity boost):
// off, the whole phrase is read before it goes on.
import { lazyAudioClient } from '../llm/openai-client.js';
import { pcmChunksFromBody, wholeBody } from './pcm-stream.js';
import type { SpeechSynthesizer } from './types.js';

const OPENAI_PCM_RATE = 24_000;

export type OpenAiSpeechOptions = {
  baseURL?: string;
  apiKey?: string;
  model: string;
  /** persona voice name → provider voice */
  voices: Record<string, string>;
  timeoutMs: number;
};

export function createOpenAiSpeech(opts: OpenAiSpeechOptions): SpeechSynthesizer {
  const connect = lazyAudioClient(opts);
  return {
    kind: 'openai',
    async *synthesize(text, voice, signal, settings = {}) {
      const res = await (await connect()).audio.speech.create(
        {
          model: opts.model,
          voice: opts.voices[voice] ?? voice,
          input: text,
          response_format: 'pcm',
        },
        { signal },
      );
      const body = settings.streaming === false ? wholeBody(await res.arrayBuffer()) : res.body;
      yield* pcmChunksFromBody(body, OPENAI_PCM_RATE, 16_000);
    },
  };
}

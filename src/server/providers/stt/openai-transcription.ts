// OpenAI-compatible transcription (`POST /audio/transcriptions`, multipart upload of the turn as
// a WAV file): OpenAI Whisper, or a local Whisper server exposing the same API.
import OpenAI, { toFile } from 'openai';
import type { Transcriber } from './types.js';

export type OpenAiTranscriptionOptions = {
  baseURL?: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
};

export function createOpenAiTranscriber(opts: OpenAiTranscriptionOptions): Transcriber {
  const client = new OpenAI({
    baseURL: opts.baseURL,
    apiKey: opts.apiKey ?? 'not-needed',
    timeout: opts.timeoutMs,
    maxRetries: 1,
  });
  return {
    kind: 'openai',
    async transcribe(wav, signal) {
      const file = await toFile(wav, 'turn.wav', { type: 'audio/wav' });
      const res = await client.audio.transcriptions.create(
        { file, model: opts.model, response_format: 'json' },
        { signal },
      );
      return res.text.trim();
    },
  };
}

// OpenAI-compatible transcription (`POST /audio/transcriptions`, multipart upload of the turn as
// a WAV file): OpenAI Whisper, or a local Whisper server exposing the same API.
import type OpenAI from 'openai';
import { loadOpenAi } from '../llm/openai-client.js';
import type { Transcriber } from './types.js';

export type OpenAiTranscriptionOptions = {
  baseURL?: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
};

export function createOpenAiTranscriber(opts: OpenAiTranscriptionOptions): Transcriber {
  // made on the first turn: the package is not loaded by a server that never transcribes this way
  let client: OpenAI | null = null;
  return {
    kind: 'openai',
    async transcribe(wav, signal) {
      const { default: OpenAIClient, toFile } = await loadOpenAi();
      client ??= new OpenAIClient({
        baseURL: opts.baseURL,
        apiKey: opts.apiKey ?? 'not-needed',
        timeout: opts.timeoutMs,
        maxRetries: 1,
      });
      const file = await toFile(wav, 'turn.wav', { type: 'audio/wav' });
      const res = await client.audio.transcriptions.create(
        { file, model: opts.model, response_format: 'json' },
        { signal },
      );
      return res.text.trim();
    },
  };
}

// OpenAI-compatible transcription (`POST /audio/transcriptions`, multipart upload of the turn as
// a WAV file): OpenAI Whisper, or a local Whisper server exposing the same API.
import { lazyAudioClient, loadOpenAi } from '../llm/openai-client.js';
import type { Transcriber } from './types.js';

export type OpenAiTranscriptionOptions = {
  baseURL?: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
};

export function createOpenAiTranscriber(opts: OpenAiTranscriptionOptions): Transcriber {
  const client = lazyAudioClient(opts);
  return {
    kind: 'openai',
    async transcribe(wav, signal) {
      const openai = await client();
      const { toFile } = await loadOpenAi();
      const file = await toFile(wav, 'turn.wav', { type: 'audio/wav' });
      const res = await openai.audio.transcriptions.create(
        { file, model: opts.model, response_format: 'json' },
        { signal },
      );
      return res.text.trim();
    },
  };
}

// /api/health must name the speech engines the voice gateway really uses, or the admin's provider
// list and its "Test connection" would describe a different engine than the calls run on.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { providersStatus } from './service.js';

const status = (env: Record<string, string>) => providersStatus(loadConfig({ NODE_ENV: 'test', ...env }));

describe('providersStatus follows the voice gateway’s engine choice', () => {
  it('reports the offline engines with no keys', () => {
    const p = status({});
    expect(p.textToSpeech.kind).toBe('built-in');
    expect(p.speechToText.kind).toBe('built-in');
  });

  it('reports ElevenLabs speech with its key, unless VOICE_TTS picks another engine', () => {
    expect(status({ ELEVENLABS_API_KEY: 'xi-key' }).textToSpeech.kind).toBe('elevenlabs');
    expect(status({ ELEVENLABS_API_KEY: 'xi-key', VOICE_TTS: 'builtin' }).textToSpeech.kind).toBe('built-in');
    expect(status({ VOICE_TTS: 'none' }).textToSpeech.kind).toBe('none');
  });

  it('counts an API key without a base URL as the OpenAI service', () => {
    expect(status({ TTS_API_KEY: 'sk-tts' }).textToSpeech).toMatchObject({
      kind: 'openai-compatible',
      detail: 'api.openai.com',
    });
    expect(status({ STT_API_KEY: 'sk-stt' }).speechToText).toMatchObject({
      kind: 'openai-compatible',
      detail: 'api.openai.com',
    });
    expect(status({ STT_API_KEY: 'sk-stt', VOICE_STT: 'none' }).speechToText.kind).toBe('built-in');
  });
});

import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test-support/test-app.js';
import { createVoiceEngines, VoiceEngineConfigError } from './index.js';

const summary = (env: Record<string, string> = {}) => createVoiceEngines(testConfig(env)).summary;

describe('voice engine selection', () => {
  it('runs fully offline with no keys: scripted interviewer, built-in voice, no transcription', () => {
    expect(summary()).toEqual({ brain: 'scripted', tts: 'builtin', stt: 'none' });
  });

  it('switches to the real services when their keys are set', () => {
    expect(
      summary({
        LLM_BASE_URL: 'http://127.0.0.1:1/v1',
        TTS_API_KEY: 'k',
        STT_BASE_URL: 'http://127.0.0.1:1/v1',
      }),
    ).toEqual({ brain: 'llm', tts: 'openai', stt: 'openai' });
    expect(summary({ ELEVENLABS_API_KEY: 'k', TTS_API_KEY: 'k' }).tts).toBe('elevenlabs');
  });

  it('follows an explicit choice over the keys', () => {
    expect(
      summary({ LLM_API_KEY: 'k', VOICE_BRAIN: 'scripted', VOICE_TTS: 'builtin', TTS_API_KEY: 'k' }),
    ).toEqual({
      brain: 'scripted',
      tts: 'builtin',
      stt: 'none',
    });
    expect(summary({ VOICE_TTS: 'none' }).tts).toBe('none');
    expect(summary({ STT_API_KEY: 'k', VOICE_STT: 'none' }).stt).toBe('none');
  });

  it('refuses to start with an engine chosen but not configured', () => {
    expect(() => summary({ VOICE_BRAIN: 'llm' })).toThrow(VoiceEngineConfigError);
    expect(() => summary({ VOICE_TTS: 'elevenlabs' })).toThrow(/ELEVENLABS_API_KEY/);
    expect(() => summary({ VOICE_STT: 'openai' })).toThrow(/STT_BASE_URL/);
  });
});

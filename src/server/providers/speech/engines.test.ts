import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test-support/test-app.js';
import { DEBIAN_EN_US_MODEL, type PocketsphinxAvailability } from '../stt/pocketsphinx.js';
import { createSpeechEngines, type SpeechEngines, sttChoice } from './index.js';

// whether pocketsphinx is installed is given, not looked up: the tests do not depend on the machine
const installed = (): PocketsphinxAvailability => ({
  available: true,
  binary: '/usr/bin/pocketsphinx_continuous',
  model: DEBIAN_EN_US_MODEL,
});
const missing = (): PocketsphinxAvailability => ({
  available: false,
  reason: 'pocketsphinx_continuous is not installed (apt-get install -y pocketsphinx pocketsphinx-en-us)',
});

/** what runs, as kinds */
const kinds = (s: SpeechEngines) => ({
  tts: s.tts?.kind ?? 'none',
  stt: s.stt?.kind ?? 'none',
  builtinStt: s.builtinStt,
  sttUnavailable: s.sttUnavailable,
});
const summary = (env: Record<string, string> = {}, builtinStt = missing) =>
  kinds(createSpeechEngines(testConfig(env), { builtinStt, warn: () => {} }));

describe('speech engine selection', () => {
  it('runs fully offline with no keys: built-in voice, no transcription', () => {
    expect(summary()).toMatchObject({ tts: 'builtin', stt: 'none', builtinStt: false });
  });

  it('switches to the real services when their keys are set', () => {
    expect(
      summary({
        LLM_BASE_URL: 'http://127.0.0.1:1/v1',
        TTS_API_KEY: 'k',
        STT_BASE_URL: 'http://127.0.0.1:1/v1',
      }),
    ).toMatchObject({ tts: 'openai', stt: 'openai' });
    expect(summary({ ELEVENLABS_API_KEY: 'k', TTS_API_KEY: 'k' }).tts).toBe('elevenlabs');
  });

  it('follows an explicit choice over the keys', () => {
    expect(
      summary({ LLM_API_KEY: 'k', VOICE_BRAIN: 'scripted', VOICE_TTS: 'builtin', TTS_API_KEY: 'k' }),
    ).toMatchObject({
      tts: 'builtin',
      stt: 'none',
    });
    expect(summary({ VOICE_TTS: 'none' }).tts).toBe('none');
    expect(summary({ STT_API_KEY: 'k', VOICE_STT: 'none' }).stt).toBe('none');
  });

  it('refuses to start with an engine chosen but not configured', () => {
    expect(() => summary({ VOICE_TTS: 'elevenlabs' })).toThrow(/ELEVENLABS_API_KEY/);
    expect(() => summary({ VOICE_STT: 'openai' })).toThrow(/STT_BASE_URL/);
  });
});

describe('speech-to-text selection', () => {
  const cloud = { STT_BASE_URL: 'http://127.0.0.1:1/v1' };

  it('auto: the cloud service when STT_* is set, else the built-in recogniser when installed, else none', () => {
    expect(summary(cloud, installed).stt).toBe('openai');
    expect(summary({ STT_API_KEY: 'k' }, missing).stt).toBe('openai');
    expect(summary({}, installed)).toMatchObject({ stt: 'builtin', builtinStt: true });
    expect(summary({}, installed).sttUnavailable).toBeUndefined();
    expect(summary({}, missing)).toMatchObject({
      stt: 'none',
      builtinStt: false,
      sttUnavailable: expect.stringMatching(/no transcription service.*pocketsphinx/),
    });
  });

  it('builtin: the built-in recogniser even with STT_* set', () => {
    const engines = createSpeechEngines(testConfig({ ...cloud, VOICE_STT: 'builtin' }), {
      builtinStt: installed,
    });
    expect(engines.stt?.kind).toBe('builtin');
  });

  it('builtin without pocketsphinx: says so at start and does without, rather than failing mid-call', () => {
    const warn = vi.fn();
    const engines = createSpeechEngines(testConfig({ VOICE_STT: 'builtin' }), { builtinStt: missing, warn });
    expect(engines.stt).toBeNull();
    expect(kinds(engines)).toMatchObject({
      stt: 'none',
      builtinStt: false,
      sttUnavailable: expect.stringContaining('VOICE_STT=builtin'),
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/VOICE_STT=builtin.*not installed.*apt-get install/);
  });

  it('openai and none follow the explicit choice whatever is installed', () => {
    expect(summary({ ...cloud, VOICE_STT: 'openai' }, installed).stt).toBe('openai');
    expect(() => summary({ VOICE_STT: 'openai' }, installed)).toThrow(/STT_BASE_URL/);
    expect(summary({ ...cloud, VOICE_STT: 'none' }, installed)).toMatchObject({
      stt: 'none',
      builtinStt: true,
      sttUnavailable: 'switched off (VOICE_STT=none)',
    });
  });

  it('sttChoice (the health view) makes the same choice', () => {
    expect(sttChoice(testConfig(), installed)).toBe('builtin');
    expect(sttChoice(testConfig(), missing)).toBe('none');
    expect(sttChoice(testConfig(cloud), installed)).toBe('openai');
    expect(sttChoice(testConfig({ VOICE_STT: 'builtin' }), missing)).toBe('none');
  });
});

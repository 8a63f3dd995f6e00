import { describe, expect, it } from 'vitest';
import type { SpeechEngines } from '../../providers/speech/index.js';
import { VoiceEngineConfigError } from '../../providers/speech/index.js';
import { testConfig, testLlm } from '../../test-support/test-app.js';
import { createVoiceEngines } from './index.js';

const speech: SpeechEngines = {
  tts: null,
  stt: null,
  builtinStt: false,
  sttUnavailable: 'switched off (VOICE_STT=none)',
};
const llm = testLlm('http://127.0.0.1:1/v1');
const brain = (env: Record<string, string>, withModel: boolean) =>
  createVoiceEngines({ config: testConfig(env), llm: withModel ? llm : null, speech }).summary.brain;

describe('voice brain selection', () => {
  it('is the scripted persona without a model, the model when the app has one', () => {
    expect(brain({}, false)).toBe('scripted');
    expect(brain({}, true)).toBe('llm');
  });

  it('follows an explicit choice over the model', () => {
    expect(brain({ VOICE_BRAIN: 'scripted' }, true)).toBe('scripted');
    expect(brain({ VOICE_BRAIN: 'llm' }, true)).toBe('llm');
  });

  it('refuses to start with the model chosen but none configured', () => {
    expect(() => brain({ VOICE_BRAIN: 'llm' }, false)).toThrow(VoiceEngineConfigError);
  });

  it('reports the speech engines it was given', () => {
    expect(createVoiceEngines({ config: testConfig(), llm: null, speech }).summary).toEqual({
      brain: 'scripted',
      tts: 'none',
      stt: 'none',
      builtinStt: false,
      sttUnavailable: 'switched off (VOICE_STT=none)',
    });
  });
});

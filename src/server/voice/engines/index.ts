// Picks the gateway's brain, speech synthesiser and transcriber from config. 'auto' means: the
// real service when its keys are set, the built-in offline engine otherwise.

import type { Config } from '../../config.js';
import { createLlmClient } from '../../providers/llm/openai-client.js';
import { createOpenAiTranscriber } from '../../providers/stt/openai-transcription.js';
import type { Transcriber } from '../../providers/stt/types.js';
import { createElevenLabsSpeech } from '../../providers/tts/elevenlabs.js';
import { createEspeakSynthesizer } from '../../providers/tts/espeak.js';
import { createOpenAiSpeech } from '../../providers/tts/openai-speech.js';
import type { SpeechSynthesizer } from '../../providers/tts/types.js';
import type { BrainFactory } from './brain.js';
import { createLlmBrainFactory } from './llm-brain.js';
import { createScriptedBrain } from './scripted-brain.js';

export type VoiceEngines = {
  brainFor: BrainFactory;
  tts: SpeechSynthesizer | null;
  stt: Transcriber | null;
  /** what is active, for logs and the admin view */
  summary: {
    brain: 'scripted' | 'llm';
    tts: SpeechSynthesizer['kind'] | 'none';
    stt: Transcriber['kind'] | 'none';
  };
};

const DEFAULT_VOICE_MODEL = 'gpt-4o-mini';

export class VoiceEngineConfigError extends Error {}

export function createVoiceEngines(config: Config): VoiceEngines {
  const brain = pickBrain(config);
  const tts = pickTts(config);
  const stt = pickStt(config);
  return {
    brainFor: brain.factory,
    tts,
    stt,
    summary: { brain: brain.kind, tts: tts?.kind ?? 'none', stt: stt?.kind ?? 'none' },
  };
}

function pickBrain(config: Config): { kind: 'scripted' | 'llm'; factory: BrainFactory } {
  const client = createLlmClient(config);
  if (config.VOICE_BRAIN === 'llm' && !client) {
    throw new VoiceEngineConfigError('VOICE_BRAIN=llm needs LLM_BASE_URL or LLM_API_KEY');
  }
  if (config.VOICE_BRAIN !== 'scripted' && client) {
    const model = config.VOICE_LLM_MODEL ?? config.LLM_MODEL ?? DEFAULT_VOICE_MODEL;
    return { kind: 'llm', factory: createLlmBrainFactory(client, model) };
  }
  return { kind: 'scripted', factory: createScriptedBrain };
}

/** Which synthesiser the gateway speaks with (the health view reports the same choice). */
export function ttsChoice(config: Config): 'elevenlabs' | 'openai' | 'builtin' | 'none' {
  const choice = config.VOICE_TTS;
  if (choice !== 'auto') return choice;
  if (config.ELEVENLABS_API_KEY) return 'elevenlabs';
  if (config.TTS_BASE_URL || config.TTS_API_KEY) return 'openai';
  return 'builtin';
}

/** Which transcriber turns the caller's audio into text (none: typed and browser-recognised text). */
export function sttChoice(config: Config): 'openai' | 'none' {
  const configured = Boolean(config.STT_BASE_URL || config.STT_API_KEY);
  if (config.VOICE_STT === 'none' || (config.VOICE_STT === 'auto' && !configured)) return 'none';
  return 'openai';
}

function pickTts(config: Config): SpeechSynthesizer | null {
  const choice = ttsChoice(config);
  if (choice === 'none') return null;
  if (choice === 'elevenlabs') {
    if (!config.ELEVENLABS_API_KEY) {
      throw new VoiceEngineConfigError('VOICE_TTS=elevenlabs needs ELEVENLABS_API_KEY');
    }
    return createElevenLabsSpeech({
      apiKey: config.ELEVENLABS_API_KEY,
      baseUrl: config.ELEVENLABS_API_BASE_URL,
      model: config.ELEVENLABS_TTS_MODEL,
      voices: { michael: config.ELEVENLABS_VOICE_MICHAEL, sarah: config.ELEVENLABS_VOICE_SARAH },
      timeoutMs: config.LLM_TIMEOUT_MS,
    });
  }
  if (choice === 'openai') {
    if (!config.TTS_BASE_URL && !config.TTS_API_KEY) {
      throw new VoiceEngineConfigError('VOICE_TTS=openai needs TTS_BASE_URL or TTS_API_KEY');
    }
    return createOpenAiSpeech({
      baseURL: config.TTS_BASE_URL,
      apiKey: config.TTS_API_KEY,
      model: config.TTS_MODEL,
      voices: { michael: config.TTS_VOICE_MICHAEL, sarah: config.TTS_VOICE_SARAH },
      timeoutMs: config.LLM_TIMEOUT_MS,
    });
  }
  return createEspeakSynthesizer();
}

function pickStt(config: Config): Transcriber | null {
  if (sttChoice(config) === 'none') return null;
  if (!config.STT_BASE_URL && !config.STT_API_KEY)
    throw new VoiceEngineConfigError('VOICE_STT=openai needs STT_BASE_URL or STT_API_KEY');
  return createOpenAiTranscriber({
    baseURL: config.STT_BASE_URL,
    apiKey: config.STT_API_KEY,
    model: config.STT_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
  });
}

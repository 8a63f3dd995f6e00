// Picks the speech synthesiser and transcriber from config (the voice gateway speaks and listens
// with them; the voice preview and the admin's connection test use the same ones). 'auto' means:
// the real service when its keys are set, the built-in offline engine otherwise (for
// speech-to-text: pocketsphinx when it is installed, else none: typed and browser-recognised
// answers). Nothing slow starts here: the offline voice and recogniser start on first use.

import type { Config } from '../../config.js';
import { createOpenAiTranscriber } from '../stt/openai-transcription.js';
import {
  createPocketsphinxTranscriber,
  type PocketsphinxAvailability,
  pocketsphinxAvailability,
} from '../stt/pocketsphinx.js';
import type { Transcriber } from '../stt/types.js';
import { createElevenLabsSpeech } from '../tts/elevenlabs.js';
import { createEspeakSynthesizer } from '../tts/espeak.js';
import { createOpenAiSpeech } from '../tts/openai-speech.js';
import type { SpeechSynthesizer } from '../tts/types.js';

export type SpeechEngines = {
  tts: SpeechSynthesizer | null;
  stt: Transcriber | null;
  /** whether the built-in speech recogniser (pocketsphinx) is installed on this server (for the log) */
  builtinStt: boolean;
  /** why spoken answers are not transcribed here (stt null: a pre-call check says "typing only") */
  sttUnavailable?: string;
};

export type SpeechEngineOptions = {
  /** whether the built-in recogniser can run (default: its binary and model looked up on this machine) */
  builtinStt?: () => PocketsphinxAvailability;
  /** told when a chosen engine cannot run and the gateway does without (default: a process warning, once) */
  warn?: (message: string) => void;
};

export class VoiceEngineConfigError extends Error {}

export function createSpeechEngines(config: Config, opts: SpeechEngineOptions = {}): SpeechEngines {
  const builtinStt = (opts.builtinStt ?? pocketsphinxAvailability)();
  const tts = pickTts(config);
  const stt = pickStt(config, builtinStt);
  const sttUnavailable = stt ? undefined : sttOffReason(config, builtinStt);
  if (config.VOICE_STT === 'builtin' && !builtinStt.available) {
    (opts.warn ?? warnOnce)(
      `VOICE_STT=builtin, but ${builtinStt.reason}: spoken answers are not transcribed on this server (answers are typed or come from the browser's speech recognition)`,
    );
  }
  return { tts, stt, builtinStt: builtinStt.available, ...(sttUnavailable ? { sttUnavailable } : {}) };
}

const warned = new Set<string>();
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  process.emitWarning(message, { code: 'VOICE_ENGINE_UNAVAILABLE' });
}

/** Which synthesiser the gateway speaks with (the health view reports the same choice). */
export function ttsChoice(config: Config): 'elevenlabs' | 'openai' | 'builtin' | 'none' {
  const choice = config.VOICE_TTS;
  if (choice !== 'auto') return choice;
  if (config.ELEVENLABS_API_KEY) return 'elevenlabs';
  if (config.TTS_BASE_URL || config.TTS_API_KEY) return 'openai';
  return 'builtin';
}

/**
 * Which transcriber turns the caller's audio into text: the OpenAI-compatible service, the
 * built-in recogniser (when installed), or none (typed and browser-recognised text). `auto` picks
 * them in that order; `builtin` without pocketsphinx installed is none (and said at start).
 */
export function sttChoice(
  config: Config,
  builtinStt: () => PocketsphinxAvailability = pocketsphinxAvailability,
): 'openai' | 'builtin' | 'none' {
  const choice = config.VOICE_STT;
  if (choice === 'none' || choice === 'openai') return choice;
  if (choice === 'auto' && (config.STT_BASE_URL || config.STT_API_KEY)) return 'openai';
  return builtinStt().available ? 'builtin' : 'none';
}

function sttOffReason(config: Config, builtinStt: PocketsphinxAvailability): string {
  if (config.VOICE_STT === 'none') return 'switched off (VOICE_STT=none)';
  const missing = builtinStt.available ? '' : builtinStt.reason;
  return config.VOICE_STT === 'builtin'
    ? `VOICE_STT=builtin, but ${missing}`
    : `no transcription service (STT_*) and no built-in recogniser: ${missing}`;
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
  return createEspeakSynthesizer({ wordsPerMinute: config.VOICE_WORDS_PER_MINUTE });
}

function pickStt(config: Config, builtinStt: PocketsphinxAvailability): Transcriber | null {
  const choice = sttChoice(config, () => builtinStt);
  if (choice === 'none') return null;
  if (choice === 'builtin') {
    if (!builtinStt.available) return null;
    return createPocketsphinxTranscriber({ binary: builtinStt.binary, model: builtinStt.model });
  }
  if (!config.STT_BASE_URL && !config.STT_API_KEY)
    throw new VoiceEngineConfigError('VOICE_STT=openai needs STT_BASE_URL or STT_API_KEY');
  return createOpenAiTranscriber({
    baseURL: config.STT_BASE_URL,
    apiKey: config.STT_API_KEY,
    model: config.STT_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
  });
}

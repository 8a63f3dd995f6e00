// The gateway's engines: the brain (who the agent is: the scripted persona, or an
// OpenAI-compatible chat model when one is configured and VOICE_BRAIN allows it) with the speech
// synthesiser and transcriber the app's dependencies carry (providers/speech).

import type { Config } from '../../config.js';
import type { LlmClient } from '../../providers/llm/openai-client.js';
import { type SpeechEngines, VoiceEngineConfigError } from '../../providers/speech/index.js';
import type { Transcriber } from '../../providers/stt/types.js';
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
    /** whether the built-in speech recogniser (pocketsphinx) is installed on this server */
    builtinStt: boolean;
    /** why spoken answers are not transcribed here (stt 'none': a pre-call check says "typing only") */
    sttUnavailable?: string;
  };
};

const DEFAULT_VOICE_MODEL = 'gpt-4o-mini';

export function createVoiceEngines(deps: {
  config: Config;
  llm: LlmClient | null;
  speech: SpeechEngines;
}): VoiceEngines {
  const { tts, stt, builtinStt, sttUnavailable } = deps.speech;
  const brain = pickBrain(deps.config, deps.llm);
  return {
    brainFor: brain.factory,
    tts,
    stt,
    summary: {
      brain: brain.kind,
      tts: tts?.kind ?? 'none',
      stt: stt?.kind ?? 'none',
      builtinStt,
      ...(sttUnavailable ? { sttUnavailable } : {}),
    },
  };
}

function pickBrain(
  config: Config,
  client: LlmClient | null,
): { kind: 'scripted' | 'llm'; factory: BrainFactory } {
  if (config.VOICE_BRAIN === 'llm' && !client) {
    throw new VoiceEngineConfigError('VOICE_BRAIN=llm needs LLM_BASE_URL or LLM_API_KEY');
  }
  if (config.VOICE_BRAIN !== 'scripted' && client) {
    const model = config.VOICE_LLM_MODEL ?? config.LLM_MODEL ?? DEFAULT_VOICE_MODEL;
    return { kind: 'llm', factory: createLlmBrainFactory(client, model) };
  }
  return { kind: 'scripted', factory: createScriptedBrain };
}

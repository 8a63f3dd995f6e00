// ElevenLabs Conversational AI is the voice provider when both its key and agent id are set;
// otherwise calls use the built-in gateway.
import type { Config } from '../../config.js';
import { createElevenLabsConvai, type ElevenLabsConvai } from './elevenlabs-convai.js';

export type { ConvaiConversation, ConvaiTurn, ElevenLabsConvai } from './elevenlabs-convai.js';
export { ConvaiError, createElevenLabsConvai } from './elevenlabs-convai.js';

export function convaiFromConfig(config: Config): ElevenLabsConvai | null {
  if (!config.ELEVENLABS_API_KEY || !config.ELEVENLABS_AGENT_ID) return null;
  return createElevenLabsConvai({
    apiKey: config.ELEVENLABS_API_KEY,
    agentId: config.ELEVENLABS_AGENT_ID,
    baseUrl: config.ELEVENLABS_API_BASE_URL,
  });
}

/** The app's two fixed voices as ElevenLabs voice ids; any other value is taken as an id already. */
export function elevenLabsVoiceId(config: Config, voiceId: string): string {
  if (voiceId === 'michael') return config.ELEVENLABS_VOICE_MICHAEL;
  if (voiceId === 'sarah') return config.ELEVENLABS_VOICE_SARAH;
  return voiceId;
}

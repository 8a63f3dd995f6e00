// Text-to-speech behind one small interface. Every implementation answers 16 kHz mono PCM16,
// the gateway's output format, in chunks as they become available.

/** The persona's voice as stored on the interviewer ('michael' or 'sarah'), or a provider's own id. */
export type VoiceId = string;

/**
 * The admin's voice settings (Admin → LLM Config → Voice), read when a call starts. Each
 * synthesiser applies what its service has: ElevenLabs all three; OpenAI-compatible speech only
 * `streaming`; the built-in voice none (it speaks a phrase whole, with no such controls).
 */
export type SynthesisSettings = {
  /** 0–1: higher is steadier, lower more expressive (ElevenLabs voice_settings.stability) */
  stability?: number;
  /** 0–1: how closely to keep to the original voice (ElevenLabs voice_settings.similarity_boost) */
  similarityBoost?: number;
  /** true: audio is passed on as it arrives; false: once the whole phrase has been made */
  streaming?: boolean;
};

export type SpeechSynthesizer = {
  readonly kind: 'builtin' | 'openai' | 'elevenlabs';
  synthesize: (
    text: string,
    voice: VoiceId,
    signal: AbortSignal,
    settings?: SynthesisSettings,
  ) => AsyncIterable<Int16Array>;
  /** starts whatever is slow to start (a model, a WASM module) before the first call needs it */
  warmUp?: () => Promise<void>;
};

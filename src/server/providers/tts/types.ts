// Text-to-speech behind one small interface. Every implementation answers 16 kHz mono PCM16,
// the gateway's output format, in chunks as they become available.

/** The persona's voice as stored on the interviewer ('michael' or 'sarah'), or a provider's own id. */
export type VoiceId = string;

export type SpeechSynthesizer = {
  readonly kind: 'builtin' | 'openai' | 'elevenlabs';
  synthesize: (text: string, voice: VoiceId, signal: AbortSignal) => AsyncIterable<Int16Array>;
  /** starts whatever is slow to start (a model, a WASM module) before the first call needs it */
  warmUp?: () => Promise<void>;
};

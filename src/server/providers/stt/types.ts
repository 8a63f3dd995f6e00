// Speech-to-text behind one small interface: one finished user turn in, its text out.

export type Transcriber = {
  readonly kind: 'openai' | 'builtin';
  /** `wav`: the turn as a 16 kHz mono WAV file */
  transcribe: (wav: Buffer, signal: AbortSignal) => Promise<string>;
};

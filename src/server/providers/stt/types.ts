// Speech-to-text behind one small interface: one finished user turn in, its text out.

export type Transcriber = {
  readonly kind: 'openai' | 'builtin';
  /** `wav`: the turn as a 16 kHz mono WAV file */
  transcribe: (wav: Buffer, signal: AbortSignal) => Promise<string>;
  /**
   * A recogniser whose text is approximate (the built-in one) also says how sure it was (0..1):
   * the call stores it with the line, the transcript marks the line and the evaluator weighs it less.
   */
  recognize?: (wav: Buffer, signal: AbortSignal) => Promise<{ text: string; confidence: number }>;
  /** starts whatever is slow to start (the built-in recogniser's model) before the first turn needs it */
  warmUp?: () => Promise<void>;
  /** keeps what warmUp started while a call runs (the built-in recogniser's spares); returns the release */
  hold?: () => () => void;
};

// What the app needs from the outside world, passed in explicitly so tests can supply their own.
// Every provider (model, speech, recordings, payments, the ElevenLabs agent) is built here, once,
// from config; modules and the voice gateway take them from AppDeps and never build their own.
// Building them starts nothing heavy: SDKs, models and worker threads load on first use.
import type { Deal } from '../shared/contracts/evaluation.js';
import type { Turn } from '../shared/domain/transcript.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { convaiFromConfig, type ElevenLabsConvai } from './providers/convai/index.js';
import { createLlmClient, type LlmClient } from './providers/llm/openai-client.js';
import { createPaymentProvider, type PaymentProvider } from './providers/payments/index.js';
import {
  createSpeechEngines,
  type SpeechEngineOptions,
  type SpeechEngines,
} from './providers/speech/index.js';
import { type BlobStore, createBlobStore } from './providers/storage/index.js';
import { readDeal } from './voice/engines/dialogue/index.js';

/** The time, and waiting for some of it: `sleep` (none: a real timer) lets a test's clock record
 * the waits asked for and answer at once. */
export type Clock = { now: () => Date; sleep?: (ms: number) => Promise<void> };
export const systemClock: Clock = { now: () => new Date() };

/** The outside services, each chosen by config (README: configuration). */
export type Providers = {
  /** the OpenAI-compatible model (evaluation, scenario generation, the voice brain); null: built-in ones */
  llm: LlmClient | null;
  /** the voice gateway's synthesiser and transcriber (null: none) */
  speech: SpeechEngines;
  /** call recordings */
  blobs: BlobStore;
  /** card payments: Stripe, the sandbox, or none */
  payments: PaymentProvider;
  /** ElevenLabs Conversational AI when its key and agent are set; null: the built-in voice gateway */
  convai: ElevenLabsConvai | null;
  /** what a call's bargaining came to, read by the built-in persona's rules from its brief and the
   * conversation (null: no terms, or the persona bargained its own way); the evaluation shows it */
  deals: (brief: string, turns: readonly Turn[]) => Deal | null;
};

export type AppDeps = {
  config: Config;
  database: Database;
  clock: Clock;
} & Providers;

/** The providers config chooses, but the recording store (built apart: an S3 store loads its SDK). */
export function providersFromConfig(
  config: Config,
  opts: { speech?: SpeechEngineOptions } = {},
): Omit<Providers, 'blobs'> {
  return {
    llm: createLlmClient(config),
    speech: createSpeechEngines(config, opts.speech),
    payments: createPaymentProvider(config),
    convai: convaiFromConfig(config),
    deals: readDeal,
  };
}

/** Everything the app needs, built from config around an open database (main.ts, benchmarks). */
export async function buildDeps(
  config: Config,
  database: Database,
  clock: Clock = systemClock,
): Promise<AppDeps> {
  return {
    config,
    database,
    clock,
    blobs: await createBlobStore(config),
    ...providersFromConfig(config),
  };
}

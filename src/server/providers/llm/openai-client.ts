// The one OpenAI-compatible adapter (OpenAI, Azure, Ollama, vLLM, LM Studio, Groq…): the `openai`
// package pointed at LLM_BASE_URL. No retries inside the client: callers own their time budget.
// The package is loaded on first use, not at start: a server that never asks a model (or has no
// endpoint) does not hold it in memory.
import type OpenAI from 'openai';
import type { Config } from '../../config.js';

/** the `openai` package, loaded once, on first use */
export const loadOpenAi = () => import('openai');

/**
 * The client of an OpenAI-compatible audio endpoint (speech, transcription), made on the first
 * call: the package is not loaded by a server that never speaks or transcribes this way. One retry,
 * unlike the chat client: a phrase or a turn is short enough to afford it.
 */
export function lazyAudioClient(opts: { baseURL?: string; apiKey?: string; timeoutMs: number }) {
  let client: OpenAI | null = null;
  return async (): Promise<OpenAI> => {
    const { default: OpenAIClient } = await loadOpenAi();
    client ??= new OpenAIClient({
      baseURL: opts.baseURL,
      // Local servers need no key, but the client insists on one.
      apiKey: opts.apiKey ?? 'not-needed',
      timeout: opts.timeoutMs,
      maxRetries: 1,
    });
    return client;
  };
}

/** An OpenAI-compatible endpoint whose client is made on first use. */
export type LlmClient = {
  /** the endpoint's API address (its /v1) */
  readonly baseURL: string;
  /** the client (the package is loaded and the client made on the first call) */
  openai: () => Promise<OpenAI>;
};

/** A client when an endpoint is configured (a base URL, or a key for OpenAI itself), else null. */
export function createLlmClient(
  config: Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_TIMEOUT_MS'>,
): LlmClient | null {
  if (!config.LLM_BASE_URL && !config.LLM_API_KEY) return null;
  const baseURL = config.LLM_BASE_URL ?? 'https://api.openai.com/v1';
  return lazyLlmClient(baseURL, async () => {
    const { default: OpenAIClient } = await loadOpenAi();
    return new OpenAIClient({
      baseURL,
      // Local servers (Ollama, LM Studio) need no key, but the client insists on one.
      apiKey: config.LLM_API_KEY ?? 'not-needed',
      timeout: config.LLM_TIMEOUT_MS,
      maxRetries: 0,
    });
  });
}

/** An LlmClient that makes its client with `make` on first use (once; again after a failure). */
export function lazyLlmClient(baseURL: string, make: () => Promise<OpenAI>): LlmClient {
  let client: Promise<OpenAI> | null = null;
  return {
    baseURL,
    openai() {
      client ??= make().catch((err) => {
        client = null;
        throw err;
      });
      return client;
    },
  };
}

/** An OpenAI client already made (a test's fake, a benchmark's own), as an LlmClient. */
export function llmClientOf(client: OpenAI, baseURL = client.baseURL): LlmClient {
  return { baseURL, openai: async () => client };
}

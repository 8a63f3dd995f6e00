// The one OpenAI-compatible adapter (OpenAI, Azure, Ollama, vLLM, LM Studio, Groq…): the `openai`
// package pointed at LLM_BASE_URL. No retries inside the client: callers own their time budget.
import OpenAI from 'openai';
import type { Config } from '../../config.js';

export type LlmClient = OpenAI;

/** A client when an endpoint is configured (a base URL, or a key for OpenAI itself), else null. */
export function createLlmClient(
  config: Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_TIMEOUT_MS'>,
): LlmClient | null {
  if (!config.LLM_BASE_URL && !config.LLM_API_KEY) return null;
  return new OpenAI({
    baseURL: config.LLM_BASE_URL ?? 'https://api.openai.com/v1',
    // Local servers (Ollama, LM Studio) need no key, but the client insists on one.
    apiKey: config.LLM_API_KEY ?? 'not-needed',
    timeout: config.LLM_TIMEOUT_MS,
    maxRetries: 0,
  });
}

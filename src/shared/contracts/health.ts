import { z } from 'zod';

export const providerStatus = z.object({
  kind: z.string().describe('which implementation is active, e.g. "built-in" or "openai-compatible"'),
  configured: z.boolean().describe('true when an outside service is configured for it'),
  detail: z.string().optional(),
});

export const providersResponse = z.object({
  llm: providerStatus,
  speechToText: providerStatus,
  textToSpeech: providerStatus,
  voiceAgent: providerStatus,
  payments: providerStatus,
  recordings: providerStatus,
});
export type ProvidersStatus = z.infer<typeof providersResponse>;

export const healthStatus = z.enum(['ok', 'degraded']);

/** What anyone but an admin learns from /api/health: whether the service is up. */
export const publicHealthResponse = z.object({ status: healthStatus });

/** An admin's /api/health: the database and which implementation of each provider is active. */
export const healthResponse = z.object({
  status: healthStatus,
  database: z.object({
    ok: z.boolean(),
    kind: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nullable(),
  }),
  providers: providersResponse,
});

/** The outside services an admin can test from the Model and voice settings tab. */
export const providerNames = [
  'llm',
  'speechToText',
  'textToSpeech',
  'voiceAgent',
  'payments',
  'recordings',
] as const;
export const providerName = z.enum(providerNames, {
  error: () => `Unknown provider: use one of ${providerNames.join(', ')}`,
});
export type ProviderName = z.infer<typeof providerName>;

export const providerTestParams = z.object({ provider: providerName });

export const providerTestResponse = z.object({
  ok: z.boolean().describe('false when the provider failed or did not answer in time'),
  provider: providerName,
  kind: z.string().describe('the implementation that was tested, as in /api/health'),
  message: z.string().describe('what was done, or the provider’s error (never a secret)'),
  latencyMs: z.number(),
});
export type ProviderTestResponse = z.infer<typeof providerTestResponse>;

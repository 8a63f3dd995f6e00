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

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    ok: z.boolean(),
    kind: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nullable(),
  }),
  providers: providersResponse,
});

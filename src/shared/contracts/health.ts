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

/** The server's memory: its own process and its child processes (the embedded PostgreSQL, the recogniser's decoders). */
export const memoryStatus = z.object({
  rssMb: z.number().describe("the server process's resident memory, worker threads included"),
  heapUsedMb: z.number().describe("the main thread's JS heap in use"),
  heapTotalMb: z.number(),
  externalMb: z.number().describe('buffers and WASM memory outside the JS heap'),
  recognisersMb: z
    .number()
    .nullable()
    .describe("the built-in recogniser's decoders (PSS); null where unreadable"),
  recognisers: z.number().describe('decoder processes alive'),
  otherChildrenMb: z
    .number()
    .nullable()
    .describe('other child processes (the embedded PostgreSQL), PSS; null where unreadable'),
});
export type MemoryStatus = z.infer<typeof memoryStatus>;

/** An admin's /api/health: the server's memory, the database and which implementation of each provider is active. */
export const healthResponse = z.object({
  status: healthStatus,
  memory: memoryStatus,
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

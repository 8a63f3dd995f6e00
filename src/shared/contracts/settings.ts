import { z } from 'zod';

/** One model task (evaluation or custom-scenario generation). */
export const modelTaskSettings = z.object({
  model: z.string().trim().min(1, 'Model is required').max(200),
  temperature: z
    .number()
    .min(0, 'Temperature must be between 0 and 2')
    .max(2, 'Temperature must be between 0 and 2'),
  jsonOutput: z.boolean(),
});
export type ModelTaskSettings = z.infer<typeof modelTaskSettings>;

const unit = z.number().min(0, 'Must be between 0 and 1').max(1, 'Must be between 0 and 1');
export const voiceSettings = z.object({
  stability: unit,
  similarityBoost: unit,
  streaming: z.boolean(),
  outputFormat: z.enum(['mp3', 'pcm']),
});
export type VoiceSettings = z.infer<typeof voiceSettings>;

export const modelSettings = z.object({
  evaluation: modelTaskSettings,
  generation: modelTaskSettings,
  voice: voiceSettings,
});
export type ModelSettings = z.infer<typeof modelSettings>;

/** PATCH /api/settings/models: any subset of fields. */
export const modelSettingsPatch = z
  .object({
    evaluation: modelTaskSettings.partial().strict().optional(),
    generation: modelTaskSettings.partial().strict().optional(),
    voice: voiceSettings.partial().strict().optional(),
  })
  .strict();
export type ModelSettingsPatch = z.infer<typeof modelSettingsPatch>;

/** GET/PATCH /api/settings/models answer: effective settings, their defaults, and what is active. */
export const modelSettingsResponse = z.object({
  settings: modelSettings,
  defaults: modelSettings,
  active: z.object({
    /** an OpenAI-compatible endpoint is configured (LLM_BASE_URL or LLM_API_KEY) */
    llmConfigured: z.boolean(),
    /** the endpoint's origin only, never a key */
    llmEndpoint: z.string().nullable(),
    evaluator: z.enum(['built-in', 'model']),
    generator: z.enum(['built-in', 'model']),
  }),
  updatedAt: z.string().nullable(),
});
export type ModelSettingsResponse = z.infer<typeof modelSettingsResponse>;

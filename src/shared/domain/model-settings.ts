// Defaults of the admin-editable model settings (spec: core-experience §9, administration §9):
// evaluation model gpt-4-turbo-preview at temperature 0.5 with JSON output; generation model
// gpt-4-0125-preview at 0.7 with JSON output; voice stability medium-high, similarity boost medium,
// MP3 streaming. LLM_MODEL, when set, replaces both default model names (a local model server
// rarely knows the OpenAI names).
import type { ModelSettings } from '../contracts/settings.js';

export const SPEC_EVALUATION_MODEL = 'gpt-4-turbo-preview';
export const SPEC_GENERATION_MODEL = 'gpt-4-0125-preview';

export function defaultModelSettings(envModel?: string): ModelSettings {
  return {
    evaluation: { model: envModel ?? SPEC_EVALUATION_MODEL, temperature: 0.5, jsonOutput: true },
    generation: { model: envModel ?? SPEC_GENERATION_MODEL, temperature: 0.7, jsonOutput: true },
    // ElevenLabs voice settings are 0–1: 0.75 is "medium-high" stability, 0.5 a "medium" boost.
    voice: { stability: 0.75, similarityBoost: 0.5, streaming: true, outputFormat: 'mp3' },
  };
}

/** Words for a 0–1 voice setting, as the admin tab shows them. */
export function levelLabel(value: number): string {
  if (value < 0.2) return 'low';
  if (value < 0.4) return 'medium-low';
  if (value < 0.6) return 'medium';
  if (value < 0.8) return 'medium-high';
  return 'high';
}

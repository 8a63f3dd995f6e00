// Admin-editable model settings, stored as overrides of the defaults in app_settings under one
// key. Reading merges the overrides onto the defaults, so a default that changes (LLM_MODEL, a
// new release) reaches every field an admin never touched.
import { eq } from 'drizzle-orm';
import {
  type ModelSettings,
  type ModelSettingsPatch,
  type ModelSettingsResponse,
  modelSettingsPatch,
} from '../../../shared/contracts/settings.js';
import { defaultModelSettings } from '../../../shared/domain/model-settings.js';
import type { DbOrTx } from '../../db/client.js';
import { appSettings } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { recordAudit } from '../audit/service.js';

export const MODEL_SETTINGS_KEY = 'models';

async function readOverrides(db: DbOrTx): Promise<{ overrides: ModelSettingsPatch; updatedAt: Date | null }> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, MODEL_SETTINGS_KEY));
  if (!row) return { overrides: {}, updatedAt: null };
  const parsed = modelSettingsPatch.safeParse(row.value);
  return { overrides: parsed.success ? parsed.data : {}, updatedAt: row.updatedAt };
}

function merge(base: ModelSettings, patch: ModelSettingsPatch): ModelSettings {
  return {
    evaluation: { ...base.evaluation, ...patch.evaluation },
    generation: { ...base.generation, ...patch.generation },
    voice: { ...base.voice, ...patch.voice },
  };
}

/** The effective settings every model call uses. */
export async function getModelSettings(deps: Pick<AppDeps, 'config' | 'database'>): Promise<ModelSettings> {
  const { overrides } = await readOverrides(deps.database.db);
  return merge(defaultModelSettings(deps.config.LLM_MODEL), overrides);
}

export async function getModelSettingsView(
  deps: Pick<AppDeps, 'config' | 'database' | 'llm'>,
): Promise<ModelSettingsResponse> {
  const defaults = defaultModelSettings(deps.config.LLM_MODEL);
  const { overrides, updatedAt } = await readOverrides(deps.database.db);
  // an OpenAI-compatible endpoint is configured: a base URL, or a key for the default OpenAI one
  const configured = deps.llm !== null;
  return {
    settings: merge(defaults, overrides),
    defaults,
    active: {
      llmConfigured: configured,
      llmEndpoint: deps.llm ? new URL(deps.llm.baseURL).origin : null,
      evaluator: configured ? 'model' : 'built-in',
      generator: configured ? 'model' : 'built-in',
    },
    updatedAt: updatedAt ? updatedAt.toISOString() : null,
  };
}

export async function updateModelSettings(
  deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'llm'>,
  actorId: number,
  patch: ModelSettingsPatch,
): Promise<ModelSettingsResponse> {
  await deps.database.db.transaction(async (tx) => {
    const { overrides } = await readOverrides(tx);
    const next: ModelSettingsPatch = {
      evaluation: { ...overrides.evaluation, ...patch.evaluation },
      generation: { ...overrides.generation, ...patch.generation },
      voice: { ...overrides.voice, ...patch.voice },
    };
    await tx
      .insert(appSettings)
      .values({ key: MODEL_SETTINGS_KEY, value: next, updatedBy: actorId })
      .onConflictDoUpdate({
        target: appSettings.key,
        set: { value: next, updatedBy: actorId, updatedAt: deps.clock.now() },
      });
    await recordAudit(tx, {
      actorId,
      action: 'settings.models.update',
      targetType: 'settings',
      targetId: MODEL_SETTINGS_KEY,
      details: patch,
    });
  });
  return getModelSettingsView(deps);
}

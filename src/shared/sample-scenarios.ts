// The ten scenarios of the landing page's Sample Scenarios carousel: the seeded presets as a
// visitor first meets them (sample-scenarios.json, copy an editor changes without touching code;
// presets.test.ts keeps it in step with src/server/db/seed/presets.json). Bundled, so the landing
// page needs no request before it can paint; checked against its schema once, when it loads.

import { z } from 'zod';
import { type DataFileSpec, dataComment, parseDataFile } from './data-file.js';
import sampleScenariosJson from './sample-scenarios.json';

const text = z.string().min(1);
const sampleScenario = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  name: text,
  role: text,
  company: text,
  callType: text,
  summary: text,
  /** a few of the preset's sample questions */
  questions: z.array(text).min(1),
});
export type SampleScenario = z.infer<typeof sampleScenario>;

const schema = z.strictObject({ $comment: dataComment, scenarios: z.array(sampleScenario).min(1) });
export const SAMPLE_SCENARIOS_DATA_FILE: DataFileSpec<typeof schema> = {
  file: 'src/shared/sample-scenarios.json',
  schema,
};

export const SAMPLE_SCENARIOS: SampleScenario[] = parseDataFile(
  SAMPLE_SCENARIOS_DATA_FILE,
  sampleScenariosJson,
).scenarios;

export const avatarSrc = (slug: string) => `/avatars/${slug}.svg`;

// The ten scenarios of the landing page's Sample Scenarios carousel: the seeded presets as a
// visitor first meets them (sample-scenarios.json, copy an editor changes without touching code;
// presets.test.ts keeps it in step with src/server/db/seed/presets.json). Bundled, so the landing
// page needs no request before it can paint. Unlike the server's data files it is not parsed at
// load: that would put zod on the visitor's first page (about 25 KB gzipped, over the landing
// page's budget); its schema (sample-scenarios.schema.ts) is checked by the data files' test in CI.

import sampleScenariosJson from './sample-scenarios.json';
import type { SampleScenario } from './sample-scenarios.schema.js';

export type { SampleScenario };
export const SAMPLE_SCENARIOS: SampleScenario[] = sampleScenariosJson.scenarios;

export const avatarSrc = (slug: string) => `/avatars/${slug}.svg`;

// The schema of sample-scenarios.json (see sample-scenarios.ts), checked by the data files' test.
import { z } from 'zod';
import { type DataFileSpec, dataComment } from './data-file.js';

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

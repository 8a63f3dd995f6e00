// The preset scenarios every installation starts with, read from presets.json (a table an editor
// changes without touching code) and checked against its schema once, when this module loads. The
// landing page's Sample Scenarios carousel shows these ten (src/shared/
// sample-scenarios.ts); presets.test.ts keeps the two lists in step.
import { z } from 'zod';
import { type DataFileSpec, dataComment, parseDataFile } from '../../../shared/data-file.js';
import type { RubricCriterion } from '../schema.js';
import presetsJson from './presets.json' with { type: 'json' };

export type PresetInterviewer = {
  /** file name of the avatar under public/avatars */
  slug: string;
  name: string;
  role: string;
  company: string;
  bio: string;
  voiceId: 'michael' | 'sarah';
  callType: string;
  systemPrompt: string;
  welcomeMessage: string;
  sampleQuestions: string[];
  rubricName: string;
  rubricCriteria: RubricCriterion[];
};

const text = z.string().min(1);
const presetSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]+$/, 'a slug is lower-case letters, digits and hyphens'),
  name: text,
  role: text,
  company: text,
  bio: text,
  voiceId: z.enum(['michael', 'sarah']),
  callType: text,
  /** one paragraph per entry; {voiceRules} stands for the file's voiceRules */
  systemPrompt: z.array(text).min(1),
  welcomeMessage: text,
  sampleQuestions: z.array(text).min(1),
  rubricName: text,
  rubricCriteria: z.array(z.strictObject({ name: text, description: text })).min(1),
});
const presetsSchema = z.strictObject({
  $comment: dataComment,
  /** rules every persona follows so the call works by voice */
  voiceRules: text,
  presets: z
    .array(presetSchema)
    .min(1)
    .refine((ps) => new Set(ps.map((p) => p.slug)).size === ps.length, { message: 'slugs must be unique' }),
});

export const PRESETS_DATA_FILE: DataFileSpec<typeof presetsSchema> = {
  file: 'src/server/db/seed/presets.json',
  schema: presetsSchema,
};

const data = parseDataFile(PRESETS_DATA_FILE, presetsJson);

export const PRESET_INTERVIEWERS: PresetInterviewer[] = data.presets.map((p) => ({
  ...p,
  systemPrompt: p.systemPrompt
    .map((paragraph) => paragraph.replaceAll('{voiceRules}', data.voiceRules))
    .join('\n\n'),
}));

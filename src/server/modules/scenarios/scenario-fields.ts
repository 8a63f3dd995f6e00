// A scenario's fields and what fills them when left blank: the defaults of a preset and of a
// user's custom scenario, and the default rubric (spec: core-experience §3, administration §3).
import type { InterviewerPatchRequest } from '../../../shared/contracts/scenarios.js';
import type { interviewers, RubricCriterion } from '../../db/schema.js';

/** Editor defaults for a new preset (spec: core-experience §3, administration §3). */
export const PRESET_DEFAULTS = {
  role: 'Product Manager',
  company: 'Tech Company',
  callType: 'Product Management Interview',
} as const;

/** Defaults for a user's custom scenario (spec: core-experience §3). */
export const CUSTOM_DEFAULTS = {
  role: 'Custom Interviewer',
  company: 'User Created',
  callType: 'Custom Scenario',
  sampleQuestions: [
    'Can you walk me through the situation from your side?',
    'What outcome are you hoping to reach in this conversation?',
    'How would you respond if I pushed back on that?',
  ],
} as const;

export const DEFAULT_RUBRIC_NAME = 'Default Rubric';
export const DEFAULT_RUBRIC_CRITERIA: RubricCriterion[] = [
  { name: 'Communication', description: 'Speaks clearly and concisely, with well-structured answers.' },
  {
    name: 'Problem Solving',
    description: 'Breaks the problem down and reasons towards a sound, practical answer.',
  },
];

const orDefault = (value: string | undefined, fallback: string) => (value ? value : fallback);
const cleanQuestions = (qs: string[]) => qs.map((q) => q.trim()).filter((q) => q !== '');

/** Fills blank fields with the defaults of the scenario's kind. */
export function normalise(input: InterviewerPatchRequest, isCustom: boolean) {
  const kind = isCustom ? CUSTOM_DEFAULTS : PRESET_DEFAULTS;
  const out: Partial<typeof interviewers.$inferInsert> = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.role !== undefined) out.role = orDefault(input.role, kind.role);
  if (input.company !== undefined) out.company = orDefault(input.company, kind.company);
  if (input.callType !== undefined) out.callType = orDefault(input.callType, kind.callType);
  if (input.bio !== undefined) out.bio = input.bio;
  if (input.avatar !== undefined) out.avatar = input.avatar;
  if (input.voiceId !== undefined) out.voiceId = input.voiceId;
  if (input.systemPrompt !== undefined) out.systemPrompt = input.systemPrompt;
  if (input.welcomeMessage !== undefined) out.welcomeMessage = input.welcomeMessage;
  if (input.sampleQuestions !== undefined) {
    const qs = cleanQuestions(input.sampleQuestions);
    out.sampleQuestions = qs.length === 0 && isCustom ? [...CUSTOM_DEFAULTS.sampleQuestions] : qs;
  }
  if (input.rubricName !== undefined) out.rubricName = orDefault(input.rubricName, DEFAULT_RUBRIC_NAME);
  if (input.rubricCriteria !== undefined) {
    out.rubricCriteria = input.rubricCriteria.length > 0 ? input.rubricCriteria : DEFAULT_RUBRIC_CRITERIA;
  }
  return out;
}

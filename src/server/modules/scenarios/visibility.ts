// Which scenarios (and their rubrics) a user may see and use: the presets and their own custom
// scenarios. One rule, used by the scenario lookups, the call start and the rubric lookup; and the
// live presets alone, which is what everyone may see (the public list, team assignments, seeds).
import { and, eq, or, type Placeholder, type SQL } from 'drizzle-orm';
import { interviewers } from '../../db/schema.js';

/** Presets and the user's own custom scenarios, archived or not. */
export const ownedOrPreset = (userId: number | Placeholder): SQL =>
  or(eq(interviewers.isCustomScenario, false), eq(interviewers.userId, userId)) as SQL;

/** What a user can pick for a call: presets and their own custom scenarios, not archived. */
export const usableBy = (userId: number | Placeholder): SQL =>
  and(eq(interviewers.isArchived, false), ownedOrPreset(userId)) as SQL;

/** The presets nobody has archived: open to every user. */
export const livePreset: SQL = and(
  eq(interviewers.isCustomScenario, false),
  eq(interviewers.isArchived, false),
) as SQL;

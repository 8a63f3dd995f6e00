// The API forms of a scenario: the full one (signed-in users, admins) and the public one (visitors).
import {
  type Interviewer,
  type PublicInterviewer,
  publicInterviewerResponse,
} from '../../../shared/contracts/scenarios.js';
import type { InterviewerRow } from './queries.js';

export function toInterviewerResponse(row: InterviewerRow): Interviewer {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    company: row.company,
    avatar: row.avatar,
    bio: row.bio,
    voiceId: row.voiceId,
    sampleQuestions: row.sampleQuestions,
    callType: row.callType,
    systemPrompt: row.systemPrompt,
    welcomeMessage: row.welcomeMessage,
    rubricId: row.rubricId,
    rubricName: row.rubricName,
    rubricCriteria: row.rubricCriteria,
    isCustomScenario: row.isCustomScenario,
    addedBy: row.addedBy,
    userId: row.userId,
    isArchived: row.isArchived,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const PUBLIC_FIELDS = Object.keys(publicInterviewerResponse.shape) as (keyof PublicInterviewer)[];

/** What visitors see: the fields the public contract picks, none of the prompts or ownership. */
export function toPublicInterviewerResponse(row: InterviewerRow): PublicInterviewer {
  return Object.fromEntries(PUBLIC_FIELDS.map((field) => [field, row[field]])) as PublicInterviewer;
}

import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from '../domain/limits.js';
import { rubricCriteriaList, rubricCriterion } from './evaluation.js';

export const interviewerResponse = z.object({
  id: z.number(),
  name: z.string(),
  role: z.string(),
  company: z.string(),
  avatar: z.string(),
  bio: z.string(),
  voiceId: z.string(),
  sampleQuestions: z.array(z.string()),
  callType: z.string(),
  systemPrompt: z.string(),
  welcomeMessage: z.string(),
  rubricId: z.number().nullable(),
  rubricName: z.string(),
  rubricCriteria: z.array(rubricCriterion),
  isCustomScenario: z.boolean(),
  addedBy: z.number().nullable(),
  userId: z.number().nullable(),
  isArchived: z.boolean(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Interviewer = z.infer<typeof interviewerResponse>;

/** What visitors see: no system prompt, welcome message or ownership fields. */
export const publicInterviewerResponse = interviewerResponse.pick({
  id: true,
  name: true,
  role: true,
  company: true,
  avatar: true,
  bio: true,
  voiceId: true,
  sampleQuestions: true,
  callType: true,
  rubricName: true,
  rubricCriteria: true,
});
export type PublicInterviewer = z.infer<typeof publicInterviewerResponse>;

const text = (max = MAX_TEXT_LENGTH) => z.string().trim().max(max);

export const interviewerWriteRequest = z.object({
  name: text(MAX_NAME_LENGTH).min(1, 'Name is required'),
  role: text(MAX_NAME_LENGTH).optional(),
  company: text(MAX_NAME_LENGTH).optional(),
  bio: text().optional(),
  avatar: text(2000).optional(),
  voiceId: z.enum(['michael', 'sarah']).optional(),
  callType: text(MAX_NAME_LENGTH).optional(),
  systemPrompt: text().optional(),
  welcomeMessage: text(4000).optional(),
  sampleQuestions: z.array(text(1000)).max(50).optional(),
  rubricName: text(MAX_NAME_LENGTH).optional(),
  rubricCriteria: rubricCriteriaList.optional(),
  isArchived: z.boolean().optional(),
  userId: z.number().int().positive().optional(),
});
export type InterviewerWriteRequest = z.infer<typeof interviewerWriteRequest>;

/**
 * PATCH body: any subset of the write fields; `isArchived` archives or unarchives. The owner of a
 * custom scenario edits its user-facing fields with it; ownership (`userId`) never changes, and
 * `isCustomScenario` / `addedBy` are not fields a request can set.
 */
export const interviewerPatchRequest = interviewerWriteRequest.partial();
export type InterviewerPatchRequest = z.infer<typeof interviewerPatchRequest>;

/**
 * DELETE /api/interviewers/:id answer: 'deleted' when nothing refers to the scenario; 'archived'
 * when calls (or a track or team assignment) use it, so their results stay: it is hidden from
 * every list and cannot be picked again, as a deleted one.
 */
export const interviewerDeleteResponse = z.object({
  id: z.number(),
  outcome: z.enum(['deleted', 'archived']),
});
export type InterviewerDeleteResponse = z.infer<typeof interviewerDeleteResponse>;

/** GET /api/interviewers query. `page` switches the answer to `{items,total}`; `callType` repeats. */
export const interviewerListQuery = z.object({
  includeArchived: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  search: z.string().trim().max(MAX_NAME_LENGTH).optional(),
  callType: z
    .union([z.string().max(MAX_NAME_LENGTH), z.array(z.string().max(MAX_NAME_LENGTH)).max(50)])
    .optional(),
});
export type InterviewerListQuery = z.infer<typeof interviewerListQuery>;

/** GET /api/interviewers without filters or paging */
export const interviewerListResponse = z.array(interviewerResponse);
export const interviewerPage = z.object({ items: interviewerListResponse, total: z.number() });
export type InterviewerPage = z.infer<typeof interviewerPage>;

/** GET /api/how-it-works-images: the three landing-page step images, served by this server. */
export const howItWorksImagesResponse = z.object({
  setup: z.string(),
  practice: z.string(),
  review: z.string(),
});
export type HowItWorksImages = z.infer<typeof howItWorksImagesResponse>;

// Reviewing past calls: the paged list forms of the dashboard and All Calls, ratings, score
// trends and the utterance timings the transcript uses to seek the recording.
import { z } from 'zod';
import { listedInterviewResponse } from './calls.js';

/**
 * How many calls match a paged list's filters. A list counts no further than a window past the
 * page's start (LIST_COUNT_AHEAD): with `totalCapped`, more than `total` calls match.
 */
const listTotal = {
  total: z.number(),
  totalCapped: z.boolean(),
};

/** The dashboard's paged answer: one page, the filtered total, and the user's summary figures. */
export const interviewPageResponse = z.object({
  items: z.array(listedInterviewResponse),
  /** without filters, exactly summary.completedCount */
  ...listTotal,
  summary: z.object({
    /** every completed call of the user, whatever the filters */
    completedCount: z.number(),
    /** spec §9: mean over completed calls, a call without numeric scores counting as zero */
    averageScore: z.number(),
  }),
});
export type InterviewPage = z.infer<typeof interviewPageResponse>;

/** All Calls rows also name the caller. */
export const adminInterviewResponse = listedInterviewResponse.extend({
  userName: z.string().optional(),
  userEmail: z.string().optional(),
});
export type AdminInterview = z.infer<typeof adminInterviewResponse>;

export const adminInterviewPageResponse = z.object({
  items: z.array(adminInterviewResponse),
  ...listTotal,
});
export type AdminInterviewPage = z.infer<typeof adminInterviewPageResponse>;

export const trendsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** One completed call on the progress charts (oldest first). */
export const trendPoint = z.object({
  id: z.number(),
  date: z.string(),
  interviewerName: z.string(),
  averageScore: z.number().nullable(),
  criteria: z.array(z.object({ name: z.string(), score: z.number() })),
  wordsPerMinute: z.number().nullable(),
  fillersPer100Words: z.number().nullable(),
});
export type TrendPoint = z.infer<typeof trendPoint>;
export const trendsResponse = z.array(trendPoint);

/**
 * GET /api/interviews/open: the user's calls still open (started, not ended: a tab closed mid-call),
 * newest first, at most five. Each ends on its own at `endsBy`; ended before that, it is scored on
 * what was said, and gives its credit back if nothing was.
 */
export const openCall = z.object({
  id: z.number(),
  interviewerName: z.string(),
  startTime: z.string(),
  endsBy: z.string(),
});
export type OpenCall = z.infer<typeof openCall>;
export const openCallsResponse = z.array(openCall);

export const utteranceResponse = z.object({
  speaker: z.enum(['agent', 'user']),
  text: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  /** the built-in recogniser's confidence (0..1): the line's text is approximate; null: exact */
  confidence: z.number().nullable().optional(),
});
export type UtteranceTiming = z.infer<typeof utteranceResponse>;
export const utterancesResponse = z.array(utteranceResponse);

/** Test-only seeding (E2E_SEED=1): completed or unfinished calls for one user. */
export const seedCallsRequest = z.object({
  userId: z.number().int().positive().max(2_147_483_647),
  completed: z.number().int().min(0).max(20_000),
  unfinished: z.number().int().min(0).max(1000).default(0),
  /** attach a recording key and utterance timings to every completed call */
  withRecording: z.boolean().default(false),
});
export const ratingLabels = { 0: 'Poor', 1: 'OK', 2: 'Great' } as const;

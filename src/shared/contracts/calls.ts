import { z } from 'zod';
import { MAX_TEXT_LENGTH, MAX_TRANSCRIPT_LENGTH } from '../domain/limits.js';
import { boundedJson, isoDateTime } from './common.js';

export const interviewStatus = z.enum(['in_progress', 'completed', 'completed_with_errors', 'failed']);
export type InterviewStatus = z.infer<typeof interviewStatus>;

const rating = z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable();

export const interviewResponse = z.object({
  id: z.number(),
  userId: z.number(),
  type: z.enum(['single', 'panel']),
  startTime: z.string(),
  endTime: z.string().nullable(),
  interviewerId: z.number(),
  trackScenarioId: z.number().nullable(),
  transcript: z.string().nullable(),
  evaluation: z.unknown().nullable(),
  conversationId: z.string().nullable(),
  callRating: rating,
  callRatingNote: z.string().nullable(),
  evaluationRating: rating,
  evaluationRatingNote: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  /** joined, read-only */
  interviewerName: z.string().optional(),
  interviewerCallType: z.string().optional(),
});
export type Interview = z.infer<typeof interviewResponse>;

/**
 * A call as the lists answer it: with `transcripts=omit` (what the dashboard and All Calls ask for)
 * without its transcript, which the expanded card reads from GET /api/interviews/{id}.
 */
export const listedInterviewResponse = interviewResponse.extend({
  transcript: z.string().nullable().optional(),
});
export type ListedInterview = z.infer<typeof listedInterviewResponse>;

export const createInterviewRequest = z.object({
  type: z.enum(['single', 'panel']),
  startTime: isoDateTime(),
  interviewerId: z.number().int().positive().max(2_147_483_647),
  userId: z.number().int().positive().max(2_147_483_647),
  trackScenarioId: z.number().int().positive().max(2_147_483_647).nullish(),
});
export type CreateInterviewRequest = z.infer<typeof createInterviewRequest>;

export const patchInterviewRequest = z.object({
  endTime: isoDateTime().nullish(),
  transcript: z.string().max(MAX_TRANSCRIPT_LENGTH).nullish(),
  evaluation: boundedJson().optional(),
  conversationId: z.string().max(200).nullish(),
  notes: z.string().max(MAX_TEXT_LENGTH).nullish(),
  status: interviewStatus.optional(),
});

export const rateInterviewRequest = z.object({
  callRating: rating,
  evaluationRating: rating,
  callRatingNote: z.string().max(MAX_TEXT_LENGTH).nullish(),
  evaluationRatingNote: z.string().max(MAX_TEXT_LENGTH).nullish(),
});
export type RateInterviewRequest = z.infer<typeof rateInterviewRequest>;

export const voiceSessionResponse = z.object({
  provider: z.enum(['builtin', 'elevenlabs']),
  signedUrl: z.string(),
  /** overrides the browser passes to Conversation.startSession */
  overrides: z
    .object({
      agent: z.object({
        prompt: z.object({ prompt: z.string() }).optional(),
        firstMessage: z.string().optional(),
      }),
      tts: z
        .object({
          voiceId: z.string(),
          // the admin's voice settings (ElevenLabs agent only; the built-in gateway applies them itself)
          stability: z.number().min(0).max(1).optional(),
          similarityBoost: z.number().min(0).max(1).optional(),
        })
        .optional(),
    })
    .optional(),
});
export type VoiceSessionResponse = z.infer<typeof voiceSessionResponse>;

/** Query of the paged list forms (dashboard and All Calls). */
export const interviewListQuery = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  search: z.string().max(200).optional(),
  callType: z.string().max(200).optional(),
  interviewerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  callRating: z.enum(['0', '1', '2', 'unrated']).optional(),
  evaluationRating: z.enum(['0', '1', '2', 'unrated']).optional(),
  /** `omit`: the items carry no transcript (a page of five 30-minute calls is ~125 KB with them, ~5 KB
   * without); the spec's form, with them, is the default */
  transcripts: z.enum(['include', 'omit']).optional(),
});
export type InterviewListQuery = z.infer<typeof interviewListQuery>;

/** POST /api/interviews/{id}/end. ElevenLabs calls send the conversation id their SDK reported;
 * the server reads that conversation from ElevenLabs itself. Built-in calls send nothing. */
export const endInterviewRequest = z.object({ conversationId: z.string().max(200).optional() }).nullish();
export type EndInterviewRequest = z.infer<typeof endInterviewRequest>;

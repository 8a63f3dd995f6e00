// Practice tracks (administration §2 "Tracks", "Track detail", admin tracks tab; §3; §7).
import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from '../domain/limits.js';

export const trackMessages = {
  nameRequired: 'Track name is required',
  notFound: 'Track not found',
  archivedScenario: 'Archived scenarios cannot be added to tracks',
  customScenario: "A user's own scenario is private to them and cannot be added to a track",
  unknownScenario: 'One of the scenarios does not exist',
  notJoined: 'You have not joined this track',
  archivedTrack: 'This track is archived and cannot be joined',
} as const;

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);

export const trackScenarioInput = z.object({
  interviewerId: positiveId,
  sequenceOrder: z.number().int().min(0).max(10_000),
});

export const trackWriteRequest = z.object({
  name: z.string().trim().min(1, trackMessages.nameRequired).max(MAX_NAME_LENGTH),
  description: z.string().max(MAX_TEXT_LENGTH).optional(),
  estimatedCompletionTime: z.string().trim().max(100).optional(),
  isArchived: z.boolean().optional(),
  scenarios: z.array(trackScenarioInput).max(50).optional(),
});
export type TrackWriteRequest = z.infer<typeof trackWriteRequest>;
export const trackPatchRequest = trackWriteRequest.partial();
export type TrackPatchRequest = z.infer<typeof trackPatchRequest>;

export const trackListQuery = z.object({
  userId: positiveId.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  search: z.string().max(200).optional(),
  /** admin tab: list archived tracks too */
  includeArchived: z.enum(['true', 'false']).optional(),
});
export type TrackListQuery = z.infer<typeof trackListQuery>;

export const trackDetailQuery = z.object({ userId: positiveId.optional() });

export const trackScenarioResponse = z.object({
  id: z.number(),
  trackId: z.number(),
  interviewerId: z.number(),
  sequenceOrder: z.number(),
  interviewerName: z.string().nullable(),
  interviewerRubricName: z.string().nullable(),
  interviewerRole: z.string().nullable(),
  interviewerCompany: z.string().nullable(),
  interviewerCallType: z.string().nullable(),
});
export type TrackScenarioResponse = z.infer<typeof trackScenarioResponse>;

/** The caller's progress on a track; attempts and scores keyed by track scenario id. */
export const trackProgressResponse = z.object({
  isActive: z.boolean(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  percentComplete: z.number(),
  attempts: z.record(z.string(), z.number()),
  averageScores: z.record(z.string(), z.number()),
  bestScores: z.record(z.string(), z.number()),
});
export type TrackProgress = z.infer<typeof trackProgressResponse>;

export const trackResponse = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  estimatedCompletionTime: z.string(),
  isArchived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  scenarios: z.array(trackScenarioResponse),
  /** null when the caller never joined */
  progress: trackProgressResponse.nullable(),
});
export type Track = z.infer<typeof trackResponse>;

export const trackPage = z.object({ items: z.array(trackResponse), total: z.number() });

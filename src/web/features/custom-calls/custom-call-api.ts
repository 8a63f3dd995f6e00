// The custom-scenario requests (spec: core-experience §7): generate from the three texts, then
// create the scenario through the interviewers API (a non-admin's POST is always their own); the
// owner edits and deletes it there too.
import type { GenerateCustomCallRequest } from '@shared/contracts/custom-calls';
import type { InterviewerPatchRequest, InterviewerWriteRequest } from '@shared/contracts/scenarios';
import type { VoiceId } from '@shared/domain/limits';
import { api } from '@/lib/api-client';

export const generateCustomCall = (body: GenerateCustomCallRequest) =>
  api.post('/api/custom-calls/generate', { body });

export const createCustomScenario = (body: InterviewerWriteRequest) =>
  api.post('/api/interviewers', { body });

export const voicePreviewUrl = (voice: VoiceId) => `/api/custom-calls/voice-preview/${voice}`;

/** PATCH /api/interviewers/:id: the owner edits their custom scenario. */
export const updateCustomScenario = (id: number, body: InterviewerPatchRequest) =>
  api.patch('/api/interviewers/:id', { params: { id }, body });

/** DELETE /api/interviewers/:id: deleted, or archived when calls used it (their results stay). */
export const deleteCustomScenario = (id: number) => api.delete('/api/interviewers/:id', { params: { id } });

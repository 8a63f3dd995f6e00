// The custom-scenario requests (spec: core-experience §7): generate from the three texts, then
// create the scenario through the interviewers API (a non-admin's POST is always their own).
import type { CustomCallGeneration, GenerateCustomCallRequest } from '@shared/contracts/custom-calls';
import type { Interviewer, InterviewerWriteRequest } from '@shared/contracts/interviewers';
import type { VoiceId } from '@shared/domain/limits';
import { apiPost } from '@/lib/api';

export const generateCustomCall = (body: GenerateCustomCallRequest) =>
  apiPost<CustomCallGeneration>('/api/custom-calls/generate', body);

export const createCustomScenario = (body: InterviewerWriteRequest) =>
  apiPost<Interviewer>('/api/interviewers', body);

export const voicePreviewUrl = (voice: VoiceId) => `/api/custom-calls/voice-preview/${voice}`;

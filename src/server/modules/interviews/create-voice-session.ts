// POST /api/interviews/:id/voice-session: how the browser's ElevenLabs SDK connects for this
// call. With ElevenLabs configured, a signed URL for the agent plus the persona as overrides;
// otherwise a single-use URL on our own gateway, bound to this call and user.
import { randomBytes } from 'node:crypto';
import type { VoiceSessionResponse } from '../../../shared/contracts/interviews.js';
import type { AppDeps } from '../../deps.js';
import { conflict, HttpError } from '../../http/errors.js';
import { ConvaiError, convaiFromConfig, elevenLabsVoiceId } from '../../providers/convai/index.js';
import { mintVoiceSessionUrl } from '../../voice/session-tokens.js';
import { isPastDeadline } from './call-limits.js';
import { type Caller, getInterviewForCaller, interviewMessages } from './get-interview.js';

export const newBuiltinConversationId = () => `builtin_${randomBytes(16).toString('hex')}`;

export async function createVoiceSession(
  deps: AppDeps,
  caller: Caller,
  interviewId: number,
  /** the origin the browser reached us on; PUBLIC_URL wins when set */
  requestOrigin: string,
): Promise<VoiceSessionResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const { interview, interviewer } = await getInterviewForCaller(db, interviewId, caller, {
    ownerOnly: true,
  });
  if (interview.status !== 'in_progress' || interview.endTime || isPastDeadline(interview.createdAt, now)) {
    throw conflict(interviewMessages.callEnded);
  }

  const agent: NonNullable<VoiceSessionResponse['overrides']>['agent'] = {};
  if (interviewer.systemPrompt.trim()) agent.prompt = { prompt: interviewer.systemPrompt };
  if (interviewer.welcomeMessage.trim()) agent.firstMessage = interviewer.welcomeMessage;

  const convai = convaiFromConfig(deps.config);
  if (convai) {
    let signedUrl: string;
    try {
      signedUrl = await convai.getSignedUrl();
    } catch (err) {
      if (err instanceof ConvaiError) {
        throw new HttpError(502, 'Could not reach the voice service. Please try again.');
      }
      throw err;
    }
    return {
      provider: 'elevenlabs',
      signedUrl,
      overrides: { agent, tts: { voiceId: elevenLabsVoiceId(deps.config, interviewer.voiceId) } },
    };
  }

  const signedUrl = await mintVoiceSessionUrl(db, {
    interviewId: interview.id,
    userId: caller.id,
    origin: deps.config.PUBLIC_URL ?? requestOrigin,
    now,
    // The built-in gateway records under this id, so it is fixed before the first connection.
    conversationId: newBuiltinConversationId(),
  });
  return { provider: 'builtin', signedUrl, overrides: { agent, tts: { voiceId: interviewer.voiceId } } };
}

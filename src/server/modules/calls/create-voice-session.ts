// POST /api/interviews/:id/voice-session: how the browser's ElevenLabs SDK connects for this
// call. With ElevenLabs configured, a signed URL for the agent plus the persona as overrides;
// otherwise a single-use URL on our own gateway, bound to this call and user.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { VoiceSessionResponse } from '../../../shared/contracts/calls.js';
import type { Db } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import type { AppDeps } from '../../deps.js';
import { conflict, notFound, upstreamFailed } from '../../errors.js';
import { ConvaiError, elevenLabsVoiceId } from '../../providers/convai/index.js';
import { getModelSettings } from '../settings/service.js';
import { CALL_LIMIT_MS } from './call-limits.js';
import { type Caller, interviewMessages } from './get-call.js';
import { newVoiceSessionToken, voiceUrl } from './voice-session-tokens.js';

export const newBuiltinConversationId = () => `builtin_${randomBytes(16).toString('hex')}`;

type OpenedCall = {
  id: number;
  open: boolean;
  minted: boolean;
  system_prompt: string;
  welcome_message: string;
  voice_id: string;
};

/**
 * One statement: the caller's own call with its scenario's persona, whether it is still open (in
 * progress, not ended, before its deadline), and — for the built-in voice, only if it is open —
 * the token row and the call's conversation id (the gateway records under it, so it is fixed
 * before the first connection). One round trip on the way to every call.
 */
async function openCall(
  db: Db,
  input: {
    interviewId: number;
    userId: number;
    now: Date;
    builtin: { tokenHash: string; expiresAt: Date } | null;
  },
): Promise<OpenedCall | undefined> {
  // isPastDeadline(createdAt, now) ⇔ createdAt < now − CALL_LIMIT_MS
  const createdAfter = new Date(input.now.getTime() - CALL_LIMIT_MS).toISOString();
  const mint = input.builtin !== null;
  const result = await db.execute(sql`
    with target as (
      select i.id, i.conversation_id,
        (i.status = 'in_progress' and i.end_time is null and i.created_at >= ${createdAfter}::timestamptz) as open,
        v.system_prompt, v.welcome_message, v.voice_id
      from interviews i join interviewers v on v.id = i.interviewer_id
      where i.id = ${input.interviewId}::int and i.user_id = ${input.userId}::int
    ), conversation as (
      update interviews set conversation_id = ${mint ? newBuiltinConversationId() : null}::text
      where ${mint}::boolean and id = (select id from target where open and conversation_id is null)
    ), minted as (
      insert into voice_sessions (token_hash, interview_id, user_id, expires_at)
      select ${input.builtin?.tokenHash ?? null}::text, target.id, ${input.userId}::int,
        ${input.builtin?.expiresAt.toISOString() ?? null}::timestamptz
      from target where ${mint}::boolean and target.open
      returning 1
    )
    select target.id, target.open, exists (select 1 from minted) as minted,
      target.system_prompt, target.welcome_message, target.voice_id
    from target`);
  return sqlRows<OpenedCall>(result)[0];
}

export async function createVoiceSession(
  deps: AppDeps,
  caller: Caller,
  interviewId: number,
  /** the origin the browser reached us on; PUBLIC_URL wins when set */
  requestOrigin: string,
): Promise<VoiceSessionResponse> {
  const now = deps.clock.now();
  const { convai } = deps;
  const token = convai ? null : newVoiceSessionToken(now);
  // owner only: an admin may read anyone's call but not open its voice session
  const call = await openCall(deps.database.db, { interviewId, userId: caller.id, now, builtin: token });
  if (!call) throw notFound(interviewMessages.notFound);
  if (!call.open) throw conflict(interviewMessages.callEnded);

  const agent: NonNullable<VoiceSessionResponse['overrides']>['agent'] = {};
  if (call.system_prompt.trim()) agent.prompt = { prompt: call.system_prompt };
  if (call.welcome_message.trim()) agent.firstMessage = call.welcome_message;

  if (convai) {
    let signedUrl: string;
    try {
      signedUrl = await convai.getSignedUrl();
    } catch (err) {
      if (err instanceof ConvaiError) {
        throw upstreamFailed('Could not reach the voice service. Please try again.');
      }
      throw err;
    }
    // the admin's voice settings, as the agent's overrides (the agent must allow them to be
    // overridden in its ElevenLabs security settings; streaming has no switch there: it always streams)
    const { stability, similarityBoost } = (await getModelSettings(deps)).voice;
    return {
      provider: 'elevenlabs',
      signedUrl,
      overrides: {
        agent,
        tts: { voiceId: elevenLabsVoiceId(deps.config, call.voice_id), stability, similarityBoost },
      },
    };
  }

  if (!token || !call.minted) throw conflict(interviewMessages.callEnded);
  const signedUrl = voiceUrl(deps.config.PUBLIC_URL ?? requestOrigin, token.token);
  return { provider: 'builtin', signedUrl, overrides: { agent, tts: { voiceId: call.voice_id } } };
}

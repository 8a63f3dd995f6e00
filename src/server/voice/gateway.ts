// Joins one WebSocket connection to its call: checks the signed URL's token (single-use,
// unexpired, bound to this call and user), loads the persona and the call's earlier turns, opens
// the recording (continuing an earlier session's audio after a reconnect) and starts the session.

import { CALL_LENGTH_SECONDS } from '../../shared/domain/limits.js';
import type { AppDeps } from '../deps.js';
import { callDeadline } from '../modules/interviews/call-limits.js';
import { recordingKey } from '../providers/storage/index.js';
import { CallSession, realScheduler, type Scheduler, type VoiceSocket } from './call-session.js';
import { appendUtterance, findCallForGateway, storedTurns } from './call-store.js';
import type { VoiceEngines } from './engines/index.js';
import { endLiveCall, registerLiveCall, unregisterLiveCall } from './live-calls.js';
import { CLOSE } from './protocol.js';
import { CallRecorder, RECORDING_CONTENT_TYPE } from './recorder.js';
import { consumeVoiceSessionToken } from './session-tokens.js';

export type Refusal = { code: number; reason: string };

export const REFUSALS = {
  badLink: { code: CLOSE.policy, reason: 'This voice session link is invalid, expired or already used' },
  foreign: { code: CLOSE.policy, reason: 'This voice session belongs to another account' },
  ended: { code: CLOSE.policy, reason: 'This call has already ended' },
} satisfies Record<string, Refusal>;

export type GatewayLog = {
  warn: (obj: unknown, msg: string) => void;
  error: (obj: unknown, msg: string) => void;
};

export type JoinOptions = {
  deps: AppDeps;
  engines: VoiceEngines;
  token: string;
  /** the signed-in user of the connecting browser, when its cookie came along */
  sessionUserId: number | null;
  socket: VoiceSocket;
  log: GatewayLog;
  scheduler?: Scheduler;
  hangoverMs?: number;
};

export type Joined = { session: CallSession; interviewId: number };

/** Answers the session, ready to start, or the refusal to close the socket with. */
export async function joinCall(o: JoinOptions): Promise<Joined | Refusal> {
  const { deps } = o;
  const { db } = deps.database;
  const now = deps.clock.now();
  const claim = await consumeVoiceSessionToken(db, o.token, now);
  if (!claim) return REFUSALS.badLink;
  if (o.sessionUserId !== null && o.sessionUserId !== claim.userId) return REFUSALS.foreign;
  const call = await findCallForGateway(db, claim.interviewId);
  if (!call || call.userId !== claim.userId) return REFUSALS.badLink;
  const remainingMs = Math.min(
    CALL_LENGTH_SECONDS * 1000,
    callDeadline(call.createdAt).getTime() - now.getTime(),
  );
  if (call.status !== 'in_progress' || remainingMs <= 0 || !call.conversationId) return REFUSALS.ended;

  // a reconnect replaces the call's earlier session, which stores what it had first
  await endLiveCall(call.interviewId, 'replaced');
  const recorder = await openRecording(deps, call.conversationId, o.log);
  const history = await storedTurns(db, call.interviewId);

  const session: CallSession = new CallSession({
    conversationId: call.conversationId,
    socket: o.socket,
    scheduler: o.scheduler ?? realScheduler,
    brain: o.engines.brainFor(call.persona),
    tts: o.engines.tts,
    stt: o.engines.stt,
    voice: call.voice,
    history,
    callOffsetMs: Math.max(0, now.getTime() - call.createdAt.getTime()),
    remainingMs,
    recorder,
    saveUtterance: (u) => appendUtterance(db, call.interviewId, u),
    onEnded: () => unregisterLiveCall(call.interviewId, session),
    onError: (err, where) =>
      o.log.warn({ err, interviewId: call.interviewId }, `voice session: ${where} failed`),
    tuning: o.hangoverMs ? { hangoverMs: o.hangoverMs } : undefined,
  });
  registerLiveCall(call.interviewId, session);
  return { session, interviewId: call.interviewId };
}

/**
 * The call's recording, streamed into the blob store as it is encoded. After a reconnect the
 * earlier session's audio (MP3 frames, which concatenate) is written first, so one file holds
 * the whole call. Without a recording the call still runs.
 */
async function openRecording(
  deps: AppDeps,
  conversationId: string,
  log: GatewayLog,
): Promise<CallRecorder | null> {
  try {
    const key = recordingKey(conversationId);
    const earlier = await readAll(deps, key);
    const writer = deps.blobs.openWriter(key, RECORDING_CONTENT_TYPE);
    if (earlier.length) writer.write(earlier);
    return await CallRecorder.create({ write: (c) => writer.write(c), end: () => writer.end() });
  } catch (err) {
    log.error({ err, conversationId }, 'could not open the call recording');
    return null;
  }
}

async function readAll(deps: AppDeps, key: string): Promise<Buffer> {
  const info = await deps.blobs.stat(key);
  if (!info || info.size === 0) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of await deps.blobs.read(key)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

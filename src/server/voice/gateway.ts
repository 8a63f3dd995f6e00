// Joins one WebSocket connection to its call, in two steps:
// 1. `claimCall`, before the WebSocket upgrade: consumes the signed URL's token (single-use,
//    unexpired, bound to this call and user), checks the call is still open and takes the call's
//    live lease, so a second session of the call — on this server or another — is refused. A
//    refusal is an HTTP answer (401/403/409), never a 101: nothing unauthenticated gets a socket.
// 2. `startCall`, once upgraded: loads the persona and the call's earlier turns, opens the
//    recording (continuing an earlier session's audio after a reconnect), starts the session,
//    renews the lease while it runs and lets go of it once everything is stored.
import { randomUUID } from 'node:crypto';
import { CALL_LENGTH_SECONDS } from '../../shared/domain/limits.js';
import type { AppDeps } from '../deps.js';
import { callDeadline } from '../modules/calls/call-limits.js';
import { consumeVoiceSessionToken } from '../modules/calls/voice-session-tokens.js';
import { getModelSettings } from '../modules/settings/service.js';
import { recordingKey } from '../providers/storage/index.js';
import { CallSession, realScheduler, type Scheduler, type VoiceSocket } from './call-session.js';
import {
  appendUtterance,
  findCallForGateway,
  type JoinableCall,
  LIVE_LEASE_RENEW_MS,
  releaseLiveLease,
  renewLiveLease,
  storedTurns,
  takeLiveLease,
} from './call-store.js';
import type { VoiceEngines } from './engines/index.js';
import type { LiveCalls } from './live-calls.js';
import { CallRecorder, RECORDING_CONTENT_TYPE } from './recorder.js';

export type Refusal = { status: number; message: string };

export const REFUSALS = {
  badLink: { status: 401, message: 'This voice session link is invalid, expired or already used' },
  foreign: { status: 403, message: 'This voice session belongs to another account' },
  ended: { status: 409, message: 'This call has already ended' },
  busy: { status: 409, message: 'This call is already connected in another window or tab' },
} satisfies Record<string, Refusal>;

export type GatewayLog = {
  warn: (obj: unknown, msg: string) => void;
  error: (obj: unknown, msg: string) => void;
};

/** A call this connection may serve: its lease is held under `sessionId`. */
export type ClaimedCall = {
  call: JoinableCall & { conversationId: string };
  sessionId: string;
  remainingMs: number;
};

/** While the socket of a call is still closing here, a reconnect waits this long for it to let go. */
const RECONNECT_WAIT_MS = 3000;

export async function claimCall(o: {
  deps: AppDeps;
  liveCalls: LiveCalls;
  token: string;
  /** the signed-in user of the connecting browser, when its cookie came along */
  sessionUserId: number | null;
}): Promise<ClaimedCall | Refusal> {
  const { deps } = o;
  const { db } = deps.database;
  const now = deps.clock.now();
  const claim = await consumeVoiceSessionToken(db, o.token, now, o.sessionUserId);
  if (claim === 'foreign') return REFUSALS.foreign;
  if (!claim) return REFUSALS.badLink;
  const call = await findCallForGateway(db, claim.interviewId);
  if (!call || call.userId !== claim.userId) return REFUSALS.badLink;
  const remainingMs = Math.min(
    CALL_LENGTH_SECONDS * 1000,
    callDeadline(call.createdAt).getTime() - now.getTime(),
  );
  const { conversationId } = call;
  if (call.status !== 'in_progress' || remainingMs <= 0 || !conversationId) return REFUSALS.ended;

  const sessionId = randomUUID();
  let leased = await takeLiveLease(db, call.interviewId, sessionId, now);
  if (!leased) {
    // the browser reconnecting while its previous socket is still being wound up here
    const ending = o.liveCalls.ending(call.interviewId);
    if (ending) {
      await Promise.race([ending, new Promise((resolve) => setTimeout(resolve, RECONNECT_WAIT_MS))]);
      leased = await takeLiveLease(db, call.interviewId, sessionId, deps.clock.now());
    }
  }
  if (!leased) return REFUSALS.busy;
  return { call: { ...call, conversationId }, sessionId, remainingMs };
}

export type StartOptions = {
  deps: AppDeps;
  engines: VoiceEngines;
  liveCalls: LiveCalls;
  claimed: ClaimedCall;
  socket: VoiceSocket;
  log: GatewayLog;
  scheduler?: Scheduler;
  hangoverMs?: number;
};

/** Builds and registers the session; the caller starts it. Lets go of the lease if it fails. */
export async function startCall(o: StartOptions): Promise<CallSession> {
  const { deps, claimed } = o;
  const { db } = deps.database;
  const { call, sessionId } = claimed;
  const release = () =>
    releaseLiveLease(db, call.interviewId, sessionId).catch((err) =>
      o.log.warn({ err, interviewId: call.interviewId }, 'voice session: releasing the live lease failed'),
    );
  let recorder: CallRecorder | null = null;
  try {
    recorder = await openRecording(deps, call.conversationId, o.log);
    const history = await storedTurns(db, call.interviewId);
    // read per call, so a change in Admin → LLM Config applies to the next call without a restart
    const { stability, similarityBoost, streaming } = (await getModelSettings(deps)).voice;
    const session: CallSession = new CallSession({
      conversationId: call.conversationId,
      socket: o.socket,
      scheduler: o.scheduler ?? realScheduler,
      brain: o.engines.brainFor(call.persona),
      tts: o.engines.tts,
      stt: o.engines.stt,
      voice: call.voice,
      voiceSettings: { stability, similarityBoost, streaming },
      history,
      callOffsetMs: Math.max(0, deps.clock.now().getTime() - call.createdAt.getTime()),
      remainingMs: claimed.remainingMs,
      recorder,
      saveUtterance: (u) => appendUtterance(db, call.interviewId, u),
      onError: (err, where) =>
        o.log.warn({ err, interviewId: call.interviewId }, `voice session: ${where} failed`),
      tuning: o.hangoverMs ? { hangoverMs: o.hangoverMs } : undefined,
    });
    const heartbeat = setInterval(() => {
      renewLiveLease(db, call.interviewId, sessionId, deps.clock.now()).then(
        // the call ended on another server whose notification this one missed, or was taken over
        (held) => {
          if (!held) void session.end('ended_by_user');
        },
        (err) => o.log.warn({ err, interviewId: call.interviewId }, 'voice session: lease renewal failed'),
      );
    }, LIVE_LEASE_RENEW_MS);
    heartbeat.unref();
    const finished = session.whenEnded.then(async () => {
      clearInterval(heartbeat);
      await release();
    });
    o.liveCalls.register(call.interviewId, session, finished);
    return session;
  } catch (err) {
    // the recording keeps what an earlier session of the call had, and the lease is let go
    await recorder?.close(0).catch(() => {});
    await release();
    throw err;
  }
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

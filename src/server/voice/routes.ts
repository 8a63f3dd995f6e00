// GET /api/voice/:token — the built-in voice gateway's WebSocket (the signed URL that
// POST /api/interviews/:id/voice-session hands out). Speaks the ElevenLabs Conversational AI
// protocol with subprotocol `convai`; the SDK's `source`/`version` query parameters are accepted
// and ignored.
//
// What it enforces (docs in the README's security section):
// - the token is checked before the upgrade: a bad, reused, expired or foreign link, an ended
//   call, or a call already live in another session gets an HTTP 401/403/409, never a socket;
// - a message is at most VOICE_MAX_MESSAGE_BYTES (64 KiB; the SDK's microphone frames are about
//   8–11 KB) — a larger one closes the socket with 1009;
// - at most MAX_EARLY_MESSAGES / MAX_EARLY_BYTES are kept before the session is ready;
// - the session itself limits audio to real time, typed answers to a rate, and a call's stored
//   text (call-session.ts);
// - a call ended on any server stops here too (NOTIFY call_end), and this app's live calls end
//   first when it closes (app.ts).
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import type { App } from '../http/types.js';
import { CALL_END_CHANNEL } from '../modules/calls/stop-live-session.js';
import { holdEvaluatorWorker, warmEvaluator } from '../modules/evaluation/builtin-evaluator-thread.js';
import { retainEspeakWorker } from '../providers/tts/espeak.js';
import type { CallSession, VoiceSocket } from './call-session.js';
import { createVoiceEngines } from './engines/index.js';
import { type ClaimedCall, claimCall, startCall } from './gateway.js';
import {
  CLOSE,
  type ClientMessage,
  parseClientMessage,
  type ServerMessage,
  serializeServerMessage,
} from './protocol.js';
import { retainRecordingWorker } from './recorder.js';
import { createVoiceWarmUp, voiceWarmParts } from './warm-up.js';

/** largest WebSocket message accepted (set on the plugin in app.ts) */
export const VOICE_MAX_MESSAGE_BYTES = 64 * 1024;
/** messages a client may send before its session is ready (the SDK sends its init data at once) */
const MAX_EARLY_MESSAGES = 50;
const MAX_EARLY_BYTES = 512 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    voiceClaim?: ClaimedCall;
  }
}

export type VoiceRouteOptions = {
  /** start a call's engines when its voice session is asked for and as it connects (warm-up.ts) */
  warmUp: boolean;
};

export async function voiceRoutes(app: App, deps: AppDeps, opts: VoiceRouteOptions) {
  const engines = createVoiceEngines(deps);
  app.log.info(engines.summary, 'voice gateway engines');
  app.decorate('serverSpeech', !engines.stt ? 'none' : engines.stt.kind === 'openai' ? 'cloud' : 'builtin');
  // The offline voice is not started here: warm, it holds about 110 MB for as long as it runs
  // (docs/memory.md). A call about to begin warms it (POST voice-session, then as it connects,
  // below), and it stops after WORKER_IDLE_MS without work.
  // Without a model configured, the call is scored by the built-in evaluator on its thread: its
  // model loads while the call runs, and the thread is not stopped for idleness until it has ended.
  const builtinEvaluator = !deps.llm;
  const warmParts = voiceWarmParts(engines);
  if (builtinEvaluator) warmParts.push({ name: 'built-in evaluator', warm: warmEvaluator });
  const warmUp = opts.warmUp ? createVoiceWarmUp(warmParts, app.log) : null;
  if (warmUp) app.decorate('warmVoice', warmUp);
  const warmVoice = () => void warmUp?.();

  /** calls this app instance serves; app.ts ends them (and closes their recordings) when it closes */
  const { liveCalls } = app;
  // a call ended on any server (this one included) stops its session here
  const stopListening = await deps.database.listen(CALL_END_CHANNEL, {
    message: (payload) => {
      const [id, reason] = payload.split(':');
      void liveCalls.end(Number(id), reason === 'time_limit' ? 'time_limit' : 'ended_by_user');
    },
    lost: () => {},
    live: () => {},
  });
  // the worker threads of the recordings and the offline voice stop with the last app that uses them
  const idle = { idleMs: deps.config.WORKER_IDLE_MS };
  const releaseWorkers = [retainRecordingWorker(idle), retainEspeakWorker(idle)];
  app.addHook('onClose', async () => {
    await stopListening();
    await Promise.all(releaseWorkers.map((release) => release()));
  });

  app.get(
    '/api/voice/:token',
    {
      websocket: true,
      schema: {
        params: z.object({ token: z.string().max(200) }),
        querystring: z
          .object({ source: z.string().optional(), version: z.string().optional() })
          .passthrough(),
      },
      // before the upgrade: a refusal is an HTTP answer and no socket is opened
      preHandler: async (req) => {
        // a plain GET is answered 404 by the plugin and must not spend the token
        if (!req.ws) return;
        const { token } = req.params as { token: string };
        const claimed = await claimCall({ deps, liveCalls, token, sessionUserId: req.user?.id ?? null });
        if ('status' in claimed) throw new HttpError(claimed.status, claimed.message);
        // the welcome is spoken as soon as the session starts: start the voice while it does
        warmVoice();
        req.voiceClaim = claimed;
      },
    },
    (socket: WebSocket, req) => {
      const claimed = req.voiceClaim;
      if (!claimed) {
        socket.close(CLOSE.internal, 'The call could not be started');
        return;
      }
      const early: ClientMessage[] = [];
      let earlyBytes = 0;
      let session: CallSession | null = null;
      let closed = false;
      // an oversized message (1009) or a broken connection: ws closes the socket itself
      socket.on('error', (err) => req.log.debug({ err }, 'voice socket error'));
      socket.on('message', (data, isBinary) => {
        // nothing is read once the session is over (a flood stops costing at once)
        if (isBinary || session?.phase === 'ended') return;
        const raw = data.toString();
        if (!session) {
          // kept for the session, within bounds; the rest is dropped
          earlyBytes += raw.length;
          if (early.length >= MAX_EARLY_MESSAGES || earlyBytes > MAX_EARLY_BYTES) return;
        }
        const message = parseClientMessage(raw);
        if (!message) return;
        if (session) session.handleMessage(message);
        else early.push(message);
      });
      socket.on('close', () => {
        closed = true;
        if (session) void session.end('socket_closed');
      });

      const voiceSocket: VoiceSocket = {
        send: (message: ServerMessage) => {
          if (socket.readyState === socket.OPEN) socket.send(serializeServerMessage(message));
        },
        close: (code, reason) => {
          if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
            socket.close(code, reason);
        },
      };

      startCall({
        deps,
        engines,
        liveCalls,
        claimed,
        socket: voiceSocket,
        log: req.log,
        hangoverMs: deps.config.VOICE_SILENCE_MS,
      }).then(
        (started) => {
          session = started;
          // what the call will need again is kept until it ends: the evaluator's thread, the
          // recogniser's warm spares; then they stop when idle
          const letGo = [builtinEvaluator ? holdEvaluatorWorker() : null, engines.stt?.hold?.() ?? null];
          for (const release of letGo) if (release) started.whenEnded.then(release, release);
          if (closed) {
            void session.end('socket_closed');
            return;
          }
          session.start();
          for (const m of early.splice(0)) session.handleMessage(m);
        },
        (err) => {
          req.log.error({ err }, 'voice gateway could not start the call');
          voiceSocket.close(CLOSE.internal, 'The call could not be started');
        },
      );
    },
  );
}

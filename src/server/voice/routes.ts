// GET /api/voice/:token — the built-in voice gateway's WebSocket (the signed URL that
// POST /api/interviews/:id/voice-session hands out). Speaks the ElevenLabs Conversational AI
// protocol with subprotocol `convai`; the SDK's `source`/`version` query parameters are accepted
// and ignored. A bad, reused, expired or foreign link is closed with 1008 before initiation.
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import type { App } from '../http/types.js';
import { retainEspeakWorker } from '../providers/tts/espeak.js';
import type { CallSession, VoiceSocket } from './call-session.js';
import { createVoiceEngines } from './engines/index.js';
import { joinCall } from './gateway.js';
import { endLiveCall } from './live-calls.js';
import {
  CLOSE,
  type ClientMessage,
  parseClientMessage,
  type ServerMessage,
  serializeServerMessage,
} from './protocol.js';
import { retainRecordingWorker } from './recorder.js';

/** messages a client may send before its session is ready (the SDK sends its init data at once) */
const MAX_EARLY_MESSAGES = 200;

export async function voiceRoutes(app: App, deps: AppDeps) {
  const engines = createVoiceEngines(deps.config);
  app.log.info(engines.summary, 'voice gateway engines');
  // Starting the offline voice takes a moment; do it now rather than in the first call's turn.
  if (deps.config.NODE_ENV !== 'test') void engines.tts?.warmUp?.().catch(() => {});

  /** calls this app instance serves, ended (and their recordings closed) when it closes */
  const served = new Set<number>();
  // the worker threads of the recordings and the offline voice stop with the last app that uses them
  const releaseWorkers = [retainRecordingWorker(), retainEspeakWorker()];
  app.addHook('onClose', async () => {
    await Promise.allSettled([...served].map((id) => endLiveCall(id, 'server_shutdown')));
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
    },
    (socket: WebSocket, req) => {
      const early: ClientMessage[] = [];
      let session: CallSession | null = null;
      let closed = false;
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        const message = parseClientMessage(data.toString());
        if (!message) return;
        if (session) session.handleMessage(message);
        else if (early.length < MAX_EARLY_MESSAGES) early.push(message);
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

      const { token } = req.params as { token: string };
      joinCall({
        deps,
        engines,
        token,
        sessionUserId: req.user?.id ?? null,
        socket: voiceSocket,
        log: req.log,
        hangoverMs: deps.config.VOICE_SILENCE_MS,
      }).then(
        (joined) => {
          if ('code' in joined) {
            voiceSocket.close(joined.code, joined.reason);
            return;
          }
          session = joined.session;
          served.add(joined.interviewId);
          void session.whenEnded.then(() => served.delete(joined.interviewId));
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

// What a WebSocket's error means for the log (the @fastify/websocket errorHandler): a client's
// fault — a frame over the size cap, a bad frame, a connection dropped — closes that socket and is
// logged at debug level, as the voice route means it to be; anything else is the server's own
// failure and is logged as an error. The socket is closed either way.
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/** errors of a connection the client broke off */
const DISCONNECTS = new Set(['ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE', 'ETIMEDOUT']);

/** whether an error on a socket is the client's doing: ws's protocol errors (WS_ERR_…) or a dropped connection */
export function isClientFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('WS_ERR_') || DISCONNECTS.has(code));
}

export function socketErrorHandler(error: Error, socket: WebSocket, request: FastifyRequest): void {
  if (isClientFault(error)) request.log.debug({ err: error }, 'websocket closed on a client fault');
  else request.log.error({ err: error }, 'websocket handler failed');
  socket.terminate();
}

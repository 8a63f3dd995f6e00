// A frame over the size cap is the client's fault: the socket closes (1009) and the log has no
// error for it; a failure of the server's own is still an error.
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { isClientFault, socketErrorHandler } from './socket-errors.js';

/** the error ws gives the server's socket when a client sends `bytes` over a `maxPayload` cap */
async function oversizedFrameError(): Promise<{ error: Error; server: WebSocket; closeCode: number }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 1024 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const port = (wss.address() as AddressInfo).port;
  const seen = new Promise<{ error: Error; server: WebSocket }>((resolve) =>
    wss.once('connection', (server) => server.once('error', (error) => resolve({ error, server }))),
  );
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  const closed = new Promise<number>((resolve) => client.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve) => client.once('open', () => resolve()));
  client.send('x'.repeat(2048));
  const { error, server } = await seen;
  const closeCode = await closed;
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  return { error, server, closeCode };
}

const fakeRequest = () => {
  const log = { debug: vi.fn(), error: vi.fn() };
  return { log, request: { log } as unknown as FastifyRequest };
};

describe('socket errors', () => {
  it('logs a frame over the cap at debug level, closes the socket, and logs no error', async () => {
    const { error, server, closeCode } = await oversizedFrameError();
    expect(closeCode).toBe(1009);
    expect(isClientFault(error)).toBe(true);
    const { log, request } = fakeRequest();
    socketErrorHandler(error, server, request);
    expect(log.debug).toHaveBeenCalledOnce();
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs a failure of the server’s own as an error and closes the socket', () => {
    const { log, request } = fakeRequest();
    const socket = { terminate: vi.fn() } as unknown as WebSocket;
    socketErrorHandler(new TypeError('cannot read properties of undefined'), socket, request);
    expect(log.error).toHaveBeenCalledOnce();
    expect(socket.terminate).toHaveBeenCalledOnce();
    expect(isClientFault(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isClientFault(null)).toBe(false);
  });
});

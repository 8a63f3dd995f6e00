// The part every fake HTTP service in the tests shares (the OpenAI-compatible API, Stripe): a real
// server on a free port of 127.0.0.1 that hands each request over once its body has arrived.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type LocalHttpServer = {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** also ends open connections, so a reply left hanging on purpose does not hold the test up */
  close: () => Promise<void>;
};

export async function startLocalHttpServer(
  handle: (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => void,
): Promise<LocalHttpServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// A worker module for dedicated-worker.test.ts: state, ordering, errors and crashes on demand.
import { Transfer } from './protocol.js';
import { serveRequests } from './serve.js';

let calls = 0;
const api = {
  count: () => ++calls,
  echo: (value: unknown) => value,
  wait: async ({ ms, tag }: { ms: number; tag: string }) => {
    await new Promise((r) => setTimeout(r, ms));
    return tag;
  },
  double: ({ samples }: { samples: Float32Array }) => {
    const out = samples.map((s) => s * 2);
    return new Transfer({ samples: out, receivedBytes: samples.byteLength }, [out.buffer]);
  },
  fail: ({ message }: { message: string }) => {
    throw new RangeError(message);
  },
  exit: () => process.exit(3),
  throwLater: () => {
    setTimeout(() => {
      throw new Error('uncaught in the worker');
    });
    return new Promise(() => {});
  },
};
export type TestWorkerApi = typeof api;
serveRequests(api);

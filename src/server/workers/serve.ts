// The worker-thread side: answers requests one at a time, in the order they came (a request
// waits for the one before it even when that one awaits), so a stateful handler such as an
// encoder sees its inputs in order. A handler's error goes back to its caller; the thread lives on.
import { parentPort } from 'node:worker_threads';
import { Transfer, type WorkerApi, type WorkerReply, type WorkerRequest } from './protocol.js';

export function serveRequests(api: WorkerApi): void {
  const port = parentPort;
  if (!port) throw new Error('serveRequests runs only inside a worker thread');
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (request: WorkerRequest) => {
    queue = queue.then(async () => {
      try {
        const handler = Object.hasOwn(api, request.method) ? api[request.method] : undefined;
        if (!handler) throw new Error(`unknown worker method ${request.method}`);
        const answer = await handler(request.args);
        if (answer instanceof Transfer) {
          port.postMessage(
            { id: request.id, ok: true, value: answer.value } satisfies WorkerReply,
            answer.list,
          );
        } else {
          port.postMessage({ id: request.id, ok: true, value: answer } satisfies WorkerReply);
        }
      } catch (err) {
        const e = err instanceof Error ? err : new Error(String(err));
        port.postMessage({
          id: request.id,
          ok: false,
          error: { name: e.name, message: e.message, stack: e.stack },
        } satisfies WorkerReply);
      }
    });
  });
}

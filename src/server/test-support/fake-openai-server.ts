// A real HTTP server speaking just enough of the OpenAI chat-completions API for tests: each
// request takes the next queued reply (a completion, an error status, an HTML page, or a hang).
// Tests point LLM_BASE_URL / the client at `url` and read back what was sent in `requests`.
import { startLocalHttpServer } from './local-http-server.js';

export type FakeReply =
  | { kind: 'completion'; content: string | null }
  | { kind: 'raw'; status: number; body: string; contentType?: string }
  | { kind: 'hang' };

export type FakeOpenAi = {
  url: string;
  requests: { path: string; body: Record<string, unknown> }[];
  /** queues replies for the next requests; when the queue is empty the last reply repeats */
  reply: (...replies: FakeReply[]) => void;
  close: () => Promise<void>;
};

export const completion = (content: string | null): FakeReply => ({ kind: 'completion', content });
export const html = (status = 200): FakeReply => ({
  kind: 'raw',
  status,
  body: '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>',
  contentType: 'text/html',
});
export const status = (code: number, body = '{"error":{"message":"boom"}}'): FakeReply => ({
  kind: 'raw',
  status: code,
  body,
  contentType: 'application/json',
});
export const hang = (): FakeReply => ({ kind: 'hang' });

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  let last: FakeReply = completion('{}');
  const requests: FakeOpenAi['requests'] = [];
  const server = await startLocalHttpServer((req, raw, res) => {
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw.toString('utf8') || '{}');
    } catch {}
    requests.push({ path: req.url ?? '', body });
    const next = queue.shift() ?? last;
    last = next;
    if (next.kind === 'hang') return;
    if (next.kind === 'raw') {
      res.writeHead(next.status, { 'content-type': next.contentType ?? 'text/plain' });
      res.end(next.body);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: 0,
        model: String(body.model ?? 'fake'),
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: next.content } }],
      }),
    );
  });
  return {
    url: `${server.origin}/v1`,
    requests,
    reply: (...replies) => {
      queue.push(...replies);
    },
    close: server.close,
  };
}

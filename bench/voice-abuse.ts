// bench/voice-abuse: replays three abuses of the built-in voice gateway against a real server, and
// prints what they cost it next to targets. A measurement, not a test: it always exits 0 once it
// has run (1 if an attack could not run); read the "target … met / NOT met" column.
// The server is `node --import tsx src/server/main.ts` in a child process of its own (fresh
// embedded PGlite in a temporary DATA_DIR, scripted interviewer, offline voice, local recordings,
// NODE_ENV=production, 127.0.0.1 only), started afresh for each attack so that no attack's
// leftovers count in the next one's figures, and warmed up by one ordinary call before anything
// is measured (the first call starts the recordings' worker thread: tens of MB that are not the
// attack's). The attacker is this process.
//  (0) control: an ordinary call (its opening line, one typed answer, /end) measured the same
//      way, so the attacks' figures can be read against what a harmless call moves them by.
//  (a) audio flood: one signed-up user, one call, one voice socket sending FLOOD_FRAMES (150)
//      `{"user_audio_chunk":…}` text frames of 780,000 bytes of PCM16 at 16 kHz each (24.4 s of
//      audio per frame, 1.04 MB on the wire, just under the server's 1 MiB maxPayload) as fast as
//      the socket takes them, then POST /api/interviews/:id/end. Then the same with
//      FLOOD_LONG_FRAMES (400) when enough of the time budget is left.
//  (a″) the same 61 minutes of audio as (a) in 2,438 frames of 1.5 s (64,024 bytes each), which a
//      per-message cap of 64 KiB lets through: what is left of the flood once big frames are refused.
//  (b) pre-auth memory: no account; PREAUTH_SOCKETS (30) sockets to /api/voice/<random token>,
//      each sending up to 200 frames of ~1 MB as soon as it is open.
//  (c) message flood: one call, 3,000 `{"type":"user_message"}` of MESSAGE_CHARS (1,000) in 3 s,
//      then /end; what the call stored.
// Figures, per attack:
//  - server RSS (VmRSS of the server process from /proc): before (idle, right before the attack,
//    the call already created), peak (VmHWM, reset before the attack, and 20 ms samples) and
//    after (3 s after the call ended and its socket closed; 10 s too, to see whether a garbage
//    collection gave it back). The target is growth, not the absolute figure: the idle server
//    (PGlite in WASM, the offline voice) sits near 1 GB, and moves by tens of MB on its own.
//  - bytes the server read during the attack (rchar of /proc/<pid>/io: sockets and files).
//  - event-loop delay of the server, two ways: (1) from outside, GET /api/noop started every
//    20 ms from a worker thread of this process (so the attacker's own busy loop does not delay
//    the probe), p99 and max latency: the proxy the targets use; (2) from inside, for reference, a
//    `monitorEventLoopDelay` histogram (10 ms resolution) that a one-line `--import` preload
//    starts in the server and reports on SIGUSR2; nothing else in the server changes.
//  - (a) how long /end took, and the stored recording's duration (counted from its MP3 frame
//    headers) against the call's wall time (socket open → /end answered).
//  - (b) sockets upgraded (101) vs refused with an HTTP status, close codes, bytes the clients
//    got onto the wire before the server closed (an upper bound on what the server read).
//  - (c) utterance rows stored, transcript length against MAX_TRANSCRIPT_LENGTH (PATCH's limit).
// The server may close sockets or drop frames (that is the hardening this measures): every
// close is reported with its code and reason and the number of frames sent by then.
// Whole run bounded to ~3 minutes (BENCH_BUDGET_S, 170); usage: `npx tsx bench/voice-abuse.ts`.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import { MAX_TRANSCRIPT_LENGTH } from '../src/shared/domain/limits.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const BUDGET_MS = num('BENCH_BUDGET_S', 170) * 1000;
const FLOOD_FRAMES = num('FLOOD_FRAMES', 150);
const FLOOD_LONG_FRAMES = num('FLOOD_LONG_FRAMES', 400);
const FLOOD_PCM_BYTES = 780_000;
/** (a″): the same audio as (a) in frames of 1.5 s (64,024 bytes of JSON, under a 64 KiB cap) */
const SMALL_PCM_BYTES = 48_000;
const SMALL_FRAMES = Math.ceil((FLOOD_FRAMES * FLOOD_PCM_BYTES) / SMALL_PCM_BYTES);
const PREAUTH_SOCKETS = num('PREAUTH_SOCKETS', 30);
const PREAUTH_FRAMES = 200;
const PREAUTH_FRAME_BYTES = 1_000_000;
const MESSAGES = num('MESSAGES', 3000);
const MESSAGE_SECONDS = 3;
const MESSAGE_CHARS = num('MESSAGE_CHARS', 1000);
const AFTER_WAIT_MS = 3000;
const AFTER_LATE_MS = 10_000;
/** what the attacker lets queue on its side of a socket before waiting for the server to read */
const HIGH_WATER = 16 * 1024 * 1024;
const SAMPLE_RATE = 16_000;

const TARGET_RSS_GROWTH_MB = 20;
const TARGET_RECORDING_SLACK_S = 2;
const TARGET_LOOP_P99_MS = 100;

const root = path.resolve(import.meta.dirname, '..');
const startedAt = performance.now();
const remainingMs = () => BUDGET_MS - (performance.now() - startedAt);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

// ---------------------------------------------------------------- the server (child process)

/** Loaded into the server with --import: its event-loop delay, reported and reset on SIGUSR2. */
const LOOP_PRELOAD = `
import { monitorEventLoopDelay } from 'node:perf_hooks';
const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
const ms = (ns) => Math.round(ns / 1e4) / 100;
process.on('SIGUSR2', () => {
  process.stdout.write('LOOPDELAY ' + JSON.stringify({ p99: ms(h.percentile(99)), max: ms(h.max) }) + '\\n');
  h.reset();
});
`;

type LoopDelay = { p99: number; max: number };
type LogLine = { level: number; msg: string };

class Server {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly base: string;
  readonly logs: LogLine[] = [];
  exited: { code: number | null; signal: string | null } | null = null;
  warmUpFailure: string | null = null;
  private loopWaiters: ((d: LoopDelay) => void)[] = [];

  private constructor(
    readonly dataDir: string,
    readonly port: number,
  ) {
    this.base = `http://127.0.0.1:${port}`;
    // node itself, not npx or the tsx CLI: the pid is the server's, with no wrapper in between
    this.child = spawn(
      process.execPath,
      [
        '--import',
        `data:text/javascript,${encodeURIComponent(LOOP_PRELOAD)}`,
        '--import',
        'tsx',
        'src/server/main.ts',
      ],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        // not this shell's environment: no API keys (offline engines) and no DATABASE_URL
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          TMPDIR: process.env.TMPDIR,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
        },
      },
    );
    this.pid = this.child.pid as number;
    this.child.on('exit', (code, signal) => {
      this.exited = { code, signal };
    });
    const lines = (stream: NodeJS.ReadableStream) =>
      readline.createInterface({ input: stream }).on('line', (line) => this.onLine(line));
    lines(this.child.stdout as NodeJS.ReadableStream);
    lines(this.child.stderr as NodeJS.ReadableStream);
  }

  static async start(): Promise<Server> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-abuse-'));
    const server = new Server(dataDir, await freePort());
    live.add(server);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (server.exited) {
        await server.stop();
        throw new StartError(`the server exited while starting: ${server.startError()}`);
      }
      try {
        if ((await fetch(`${server.base}/api/noop`)).ok) {
          await warmUp(server);
          return server;
        }
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    await server.stop();
    throw new StartError(`the server did not answer within 60 s: ${server.startError()}`);
  }

  private onLine(line: string) {
    if (line.startsWith('LOOPDELAY ')) {
      const d = JSON.parse(line.slice(10)) as LoopDelay;
      for (const w of this.loopWaiters.splice(0)) w(d);
      return;
    }
    try {
      const j = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      this.logs.push({
        level: j.level ?? 0,
        msg: `${j.msg ?? ''}${j.err?.message ? `: ${j.err.message}` : ''}`,
      });
    } catch {
      this.logs.push({ level: 50, msg: line });
    }
  }

  /** What the server printed that is not a stack frame: enough to see why it did not start. */
  startError(): string {
    return (
      this.logs
        .map((l) => l.msg.trim())
        .filter((m) => m && !m.startsWith('at ') && !m.startsWith('^') && !m.startsWith('No built web app'))
        .slice(0, 6)
        .join(' | ') || 'nothing printed'
    );
  }

  /** The server's event-loop delay since the last call (null if it did not answer within 10 s). */
  async loopDelay(): Promise<LoopDelay | null> {
    if (this.exited) return null;
    const answer = new Promise<LoopDelay>((resolve) => this.loopWaiters.push(resolve));
    this.child.kill('SIGUSR2');
    return Promise.race([answer, sleep(10_000).then(() => null)]);
  }

  /** VmRSS and VmHWM in kB (null once the process is gone). */
  memory(): { rss: number; hwm: number } | null {
    try {
      const status = fs.readFileSync(`/proc/${this.pid}/status`, 'utf8');
      const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
      return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
    } catch {
      return null;
    }
  }

  /** Bytes the process has read through any descriptor (sockets and files: /proc/<pid>/io rchar). */
  bytesRead(): number {
    try {
      return Number(
        /^rchar:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${this.pid}/io`, 'utf8'))?.[1] ?? Number.NaN,
      );
    } catch {
      return Number.NaN;
    }
  }

  /** Resets VmHWM to the current RSS (Linux clear_refs 5); false where that is not allowed. */
  resetPeak(): boolean {
    try {
      fs.writeFileSync(`/proc/${this.pid}/clear_refs`, '5');
      return true;
    } catch {
      return false;
    }
  }

  async stop(): Promise<void> {
    if (!this.exited) {
      this.child.kill('SIGTERM');
      const deadline = Date.now() + 5000;
      while (!this.exited && Date.now() < deadline) await sleep(50);
      if (!this.exited) this.child.kill('SIGKILL');
      while (!this.exited && Date.now() < deadline + 2000) await sleep(50);
    }
    fs.rmSync(this.dataDir, { recursive: true, force: true });
    live.delete(this);
  }
}

/** The server could not start on this tree: the other attacks would fail the same way. */
class StartError extends Error {}

/** servers still to stop, whatever happens */
const live = new Set<Server>();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------- the monitor (worker thread)

/**
 * A worker thread of this process: GET /api/noop one after another, started every 20 ms (a slow
 * one delays the next), and the server's VmRSS every 20 ms. Its own event loop, so the attack
 * traffic this process generates on the main thread does not hold the probe back.
 */
const MONITOR = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const fs = require('node:fs');
const { performance } = require('node:perf_hooks');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const latencies = [];
let errors = 0, running = true, rssPeak = 0, rssSamples = 0;
parentPort.on('message', () => { running = false; });
const get = () => new Promise((resolve) => {
  const req = http.get(workerData.url, { agent, timeout: 10000 }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode === 200));
    res.on('error', () => resolve(false));
  });
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', () => resolve(false));
});
const rss = setInterval(() => {
  try {
    const m = /^VmRSS:\\s+(\\d+)/m.exec(fs.readFileSync('/proc/' + workerData.pid + '/status', 'utf8'));
    if (m) { rssPeak = Math.max(rssPeak, Number(m[1])); rssSamples++; }
  } catch {}
}, 20);
(async () => {
  while (running) {
    const t0 = performance.now();
    if (await get()) latencies.push(performance.now() - t0); else errors++;
    const wait = 20 - (performance.now() - t0);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  clearInterval(rss);
  agent.destroy();
  parentPort.postMessage({ latencies, errors, rssPeak, rssSamples });
})();
`;

type MonitorResult = { latencies: number[]; errors: number; rssPeak: number; rssSamples: number };

function startMonitor(server: Server): { stop: () => Promise<MonitorResult> } {
  const worker = new Worker(MONITOR, {
    eval: true,
    workerData: { url: `${server.base}/api/noop`, pid: server.pid },
  });
  const done = new Promise<MonitorResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const result = await Promise.race([done, sleep(15_000).then(() => null)]);
      await worker.terminate();
      return result ?? { latencies: [], errors: 0, rssPeak: 0, rssSamples: 0 };
    },
  };
}

/** Everything measured around one attack: memory, bytes read, the noop probe, the in-process loop delay. */
class Window {
  readonly before: number;
  private readonly readBefore: number;
  private readonly openedAt = performance.now();
  private readonly monitor: { stop: () => Promise<MonitorResult> };
  private readonly peakReset: boolean;
  private result: MonitorResult | null = null;
  private loop: LoopDelay | null = null;
  private peak = 0;
  private readBytes = Number.NaN;
  private lengthMs = 0;

  private constructor(private readonly server: Server) {
    this.before = server.memory()?.rss ?? 0;
    this.readBefore = server.bytesRead();
    this.peakReset = server.resetPeak();
    this.monitor = startMonitor(server);
  }

  /** Opens the window once the server has been idle for a moment (and its loop histogram reset). */
  static async open(server: Server): Promise<Window> {
    await sleep(1000);
    await server.loopDelay();
    return new Window(server);
  }

  /** Closes the measured window (the attack and its /end); memory is still read after. */
  async close(): Promise<void> {
    this.lengthMs = performance.now() - this.openedAt;
    this.readBytes = this.server.bytesRead() - this.readBefore;
    this.result = await this.monitor.stop();
    this.loop = await this.server.loopDelay();
    const m = this.server.memory();
    this.peak = Math.max(this.result.rssPeak, this.peakReset && m ? m.hwm : 0, m?.rss ?? 0);
  }

  /**
   * RSS AFTER_WAIT_MS after the window (the figure the target is about) and AFTER_LATE_MS after
   * it (whether a garbage collection gave memory back), the peak across all of it, and the lines
   * to print.
   */
  async report(): Promise<string[]> {
    await sleep(AFTER_WAIT_MS);
    const after = this.server.memory()?.rss ?? Number.NaN;
    await sleep(AFTER_LATE_MS - AFTER_WAIT_MS);
    const m = this.server.memory();
    const late = m?.rss ?? Number.NaN;
    const peak = Math.max(this.peak, this.peakReset && m ? m.hwm : 0);
    const growthKb = after - this.before;
    const signed = (kb: number) => (Number.isNaN(kb) ? '?' : `${kb >= 0 ? '+' : ''}${mb(kb)}`);
    const r = this.result ?? { latencies: [], errors: 0, rssPeak: 0, rssSamples: 0 };
    const sorted = [...r.latencies].sort((a, b) => a - b);
    const pct = (p: number) =>
      sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
    const p99 = pct(99);
    return [
      row(
        `server RSS before / peak / after ${AFTER_WAIT_MS / 1000} s`,
        `${mb(this.before)} / ${mb(peak)} (${signed(peak - this.before)}) / ${Number.isNaN(after) ? 'process gone' : mb(after)}` +
          ` (${AFTER_LATE_MS / 1000} s: ${Number.isNaN(late) ? 'process gone' : `${mb(late)}, ${signed(late - this.before)}`})`,
        `after − before ${signed(growthKb)} ≤ ${TARGET_RSS_GROWTH_MB} MB: ${verdict(growthKb <= TARGET_RSS_GROWTH_MB * 1024)}`,
      ),
      row(
        'bytes the server read (all fds, /proc io)',
        Number.isNaN(this.readBytes)
          ? 'unknown'
          : `${(this.readBytes / 1e6).toFixed(1)} MB during the window`,
      ),
      row(
        'GET /api/noop latency (loop-delay proxy)',
        `p50 ${pct(50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms` +
          ` over ${sorted.length} probes in ${secs(this.lengthMs)}${r.errors ? `, ${r.errors} failed` : ''}`,
        `p99 < ${TARGET_LOOP_P99_MS} ms: ${verdict(r.errors === 0 && p99 < TARGET_LOOP_P99_MS)}`,
      ),
      row(
        'server event-loop delay (in-process)',
        this.loop
          ? `p99 ${this.loop.p99} ms, max ${this.loop.max} ms`
          : 'not reported (server gone or stuck)',
        'reference',
      ),
    ];
  }
}

const row = (label: string, figure: string, target = '') =>
  `  ${label.padEnd(44)} ${figure}${target ? `   [${target}]` : ''}`;

// ---------------------------------------------------------------- HTTP as a signed-up user

type User = { cookie: string; id: number };

async function api(
  server: Server,
  method: string,
  url: string,
  opts: { cookie?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: server.base };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(server.base + url, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(Math.round(opts.timeoutMs ?? 20_000)),
  });
}

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

async function signUp(server: Server, label: string): Promise<User> {
  const password = 'correct horse battery staple';
  const res = await api(server, 'POST', '/api/register', {
    body: {
      name: `Abuse ${label}`,
      email: `abuse-${label}-${randomBytes(4).toString('hex')}@example.com`,
      password,
      passwordConfirm: password,
    },
  });
  const sid = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sid='));
  const body = await json<{ id: number }>(res, 'POST /api/register');
  if (!sid) throw new Error('POST /api/register set no sid cookie');
  return { cookie: sid, id: body.id };
}

type Call = { id: number; signedUrl: string };

/** A new call on the first scenario the user may pick, and its voice socket's URL. */
async function startCall(server: Server, user: User): Promise<Call> {
  const list = await json<{ id: number }[] | { items: { id: number }[] }>(
    await api(server, 'GET', '/api/interviewers', { cookie: user.cookie }),
    'GET /api/interviewers',
  );
  const scenarios = Array.isArray(list) ? list : list.items;
  if (!scenarios.length) throw new Error('GET /api/interviewers answered no scenario');
  const created = await json<{ id: number }>(
    await api(server, 'POST', '/api/interviews', {
      cookie: user.cookie,
      body: {
        type: 'single',
        startTime: new Date().toISOString(),
        interviewerId: scenarios[0].id,
        userId: user.id,
      },
    }),
    'POST /api/interviews',
  );
  const session = await json<{ provider: string; signedUrl: string }>(
    await api(server, 'POST', `/api/interviews/${created.id}/voice-session`, { cookie: user.cookie }),
    'POST /api/interviews/:id/voice-session',
  );
  if (session.provider !== 'builtin')
    throw new Error(`voice session provider is ${session.provider}, not builtin`);
  return { id: created.id, signedUrl: session.signedUrl };
}

/**
 * One ordinary call (opening line, one typed answer, /end) on a new server before anything is
 * measured: the first call starts the recordings' worker thread and compiles its encoder, tens of
 * MB that every later call shares and that would otherwise count as the attack's.
 */
async function warmUp(server: Server): Promise<void> {
  try {
    const user = await signUp(server, 'warmup');
    const call = await startCall(server, user);
    const client = new VoiceClient(`${call.signedUrl}?source=js_sdk&version=bench`, server.base, user.cookie);
    if (await client.opened) {
      client.sendJson({ type: 'conversation_initiation_client_data' });
      await client.initiation(10_000);
      await sleep(500);
      client.sendJson({ type: 'user_message', text: 'Yes, I am ready.' });
      await sleep(1000);
    }
    await endCall(server, user, call.id, 20_000);
    await client.finish(2000);
  } catch (err) {
    server.warmUpFailure = err instanceof Error ? err.message : String(err);
  }
}

/** POST /end, timed; never throws. */
async function endCall(server: Server, user: User, id: number, timeoutMs: number) {
  const t0 = performance.now();
  try {
    const res = await api(server, 'POST', `/api/interviews/${id}/end`, {
      cookie: user.cookie,
      body: {},
      timeoutMs,
    });
    await res.text();
    return { ms: performance.now() - t0, outcome: `HTTP ${res.status}` };
  } catch (err) {
    const ms = performance.now() - t0;
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return { ms, outcome: timedOut ? `no answer within ${secs(timeoutMs)}` : `failed: ${String(err)}` };
  }
}

// ---------------------------------------------------------------- the voice socket

type Closed = { code: number; reason: string; afterFrames: number; atMs: number };

/** One voice socket as the attacker drives it: counts what it sent and how it ended. */
class VoiceClient {
  readonly ws: WebSocket;
  framesWritten = 0;
  bytesWritten = 0;
  upgraded = false;
  refusedStatus: number | null = null;
  error: string | null = null;
  closed: Closed | null = null;
  initiated = false;
  /** set when this side gave up waiting for the server to close and dropped the connection */
  terminatedAfterMs: number | null = null;
  received = new Map<string, number>();
  readonly opened: Promise<boolean>;
  readonly ended: Promise<void>;
  openedAt = 0;
  private readonly t0 = performance.now();

  constructor(url: string, origin: string, cookie?: string) {
    this.ws = new WebSocket(url, ['convai'], {
      headers: cookie ? { origin, cookie } : { origin },
      handshakeTimeout: 10_000,
      maxPayload: 64 * 1024 * 1024,
    });
    let markOpen: (ok: boolean) => void = () => {};
    this.opened = new Promise((r) => {
      markOpen = r;
    });
    this.ended = new Promise((resolve) => {
      this.ws.on('upgrade', () => {
        this.upgraded = true;
      });
      this.ws.on('unexpected-response', (req, res) => {
        this.refusedStatus = res.statusCode ?? 0;
        res.resume();
        req.destroy();
        markOpen(false);
        resolve();
      });
      this.ws.on('open', () => {
        this.openedAt = performance.now();
        markOpen(true);
      });
      this.ws.on('message', (data, isBinary) => {
        if (isBinary) return this.count('(binary)');
        const text = data.toString();
        // audio replies are large; their type is all this needs
        if (text.startsWith('{"type":"audio"')) return this.count('audio');
        try {
          const m = JSON.parse(text) as { type?: string; ping_event?: { event_id: number } };
          this.count(m.type ?? '(untyped)');
          if (m.type === 'conversation_initiation_metadata') this.initiated = true;
          if (m.type === 'ping' && m.ping_event)
            this.sendJson({ type: 'pong', event_id: m.ping_event.event_id });
        } catch {
          this.count('(not JSON)');
        }
      });
      this.ws.on('error', (err) => {
        // dropping a refused handshake (above) reports an error of its own: not the server's doing
        if (this.refusedStatus === null) this.error ??= err.message;
        markOpen(false);
      });
      this.ws.on('close', (code, reason) => {
        this.closed = {
          code,
          reason: reason.toString(),
          afterFrames: this.framesWritten,
          atMs: performance.now() - this.t0,
        };
        markOpen(false);
        resolve();
      });
    });
  }

  private count(type: string) {
    this.received.set(type, (this.received.get(type) ?? 0) + 1);
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Sends one message; `counted` ones count as frames once they are on the wire. */
  sendJson(message: object, counted = false): void {
    if (!this.open) return;
    const text = JSON.stringify(message);
    this.ws.send(text, (err) => {
      if (err || !counted) return;
      this.framesWritten++;
      this.bytesWritten += Buffer.byteLength(text);
    });
  }

  /** Queues one text frame; counts it once it is on the wire. */
  sendFrame(frame: Buffer): void {
    if (!this.open) return;
    this.ws.send(frame, { binary: false }, (err) => {
      if (err) return;
      this.framesWritten++;
      this.bytesWritten += frame.length;
    });
  }

  /**
   * Sends `count` frames as fast as the socket takes them (queueing at most HIGH_WATER here);
   * answers whether the deadline, rather than the count or a close, stopped it.
   */
  async flood(frame: Buffer, count: number, deadline: number): Promise<boolean> {
    let i = 0;
    for (; i < count && this.open && performance.now() < deadline; i++) {
      this.sendFrame(frame);
      while (this.ws.bufferedAmount > HIGH_WATER && this.open && performance.now() < deadline) await sleep(2);
    }
    await this.drained(deadline);
    return this.open && (i < count || this.ws.bufferedAmount > 0);
  }

  /** Waits until everything queued is on the wire (or the socket closed, or the deadline). */
  async drained(deadline: number): Promise<void> {
    while (this.open && this.ws.bufferedAmount > 0 && performance.now() < deadline) await sleep(5);
  }

  /** Waits for the server's metadata (the session is running) for up to `ms`. */
  async initiation(ms: number): Promise<boolean> {
    const deadline = performance.now() + ms;
    while (!this.initiated && !this.closed && performance.now() < deadline) await sleep(10);
    return this.initiated;
  }

  /** Waits up to `ms` for the socket to close, then closes it from this side. */
  async finish(ms: number): Promise<void> {
    await Promise.race([this.ended, sleep(ms)]);
    if (!this.closed && this.ws.readyState !== WebSocket.CLOSED) {
      this.terminatedAfterMs = ms;
      this.ws.terminate();
      await Promise.race([this.ended, sleep(1000)]);
    }
  }

  describeClose(total: number, unit = 'frames'): string {
    if (this.refusedStatus !== null) return `refused with HTTP ${this.refusedStatus}`;
    const c = this.closed;
    if (!c) return this.error ? `error: ${this.error}` : 'still open';
    if (this.terminatedAfterMs !== null)
      return (
        `not closed by the server; dropped by the client ${secs(this.terminatedAfterMs)} after the attack, ` +
        `${c.afterFrames}/${total} ${unit} on the wire by then${this.error ? `; error: ${this.error}` : ''}`
      );
    return (
      `closed with code ${c.code}${c.reason ? ` "${c.reason}"` : ''} after ${c.afterFrames}/${total} ${unit} ` +
      `${unit === 'frames' ? 'were' : 'had been'} on the wire (${secs(c.atMs)} after connecting)${this.error ? `; error: ${this.error}` : ''}`
    );
  }

  describeReceived(): string {
    return [...this.received.entries()].map(([t, n]) => `${t}×${n}`).join(', ') || 'nothing';
  }
}

/** One `{"user_audio_chunk": …}` text frame of `pcmBytes` of a quiet 220 Hz tone (speech to the turn detector). */
function audioFrame(pcmBytes: number): Buffer {
  const samples = Math.floor(pcmBytes / 2);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 220 * i) / SAMPLE_RATE) * 0.1 * 32767), i * 2);
  return Buffer.from(`{"user_audio_chunk":"${pcm.toString('base64')}"}`);
}

// ---------------------------------------------------------------- MP3 duration

type Mp3Info = { seconds: number; frames: number; sampleRate: number; junkBytes: number };

/** Duration of an MPEG-1/2/2.5 Layer III stream from its frame headers (ID3v2 and a Xing/Info frame skipped). */
function mp3Duration(buf: Buffer): Mp3Info {
  const RATES: Record<number, number[]> = {
    3: [44100, 48000, 32000],
    2: [22050, 24000, 16000],
    0: [11025, 12000, 8000],
  };
  const KBPS_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const KBPS_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  let i = 0;
  if (buf.length >= 10 && buf.toString('latin1', 0, 3) === 'ID3') {
    const size = ((buf[6] & 0x7f) << 21) | ((buf[7] & 0x7f) << 14) | ((buf[8] & 0x7f) << 7) | (buf[9] & 0x7f);
    i = 10 + size + (buf[5] & 0x10 ? 10 : 0);
  }
  let samples = 0;
  let frames = 0;
  let sampleRate = 0;
  let junkBytes = 0;
  while (i + 4 <= buf.length) {
    const b1 = buf[i + 1];
    const b2 = buf[i + 2];
    const version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const layer = (b1 >> 1) & 3; // 1: Layer III
    const bitrateIndex = b2 >> 4;
    const rateIndex = (b2 >> 2) & 3;
    if (
      buf[i] !== 0xff ||
      (b1 & 0xe0) !== 0xe0 ||
      version === 1 ||
      layer !== 1 ||
      bitrateIndex === 0 ||
      bitrateIndex === 15 ||
      rateIndex === 3
    ) {
      i++;
      junkBytes++;
      continue;
    }
    const v1 = version === 3;
    const rate = RATES[version][rateIndex];
    const kbps = (v1 ? KBPS_V1 : KBPS_V2)[bitrateIndex];
    const length = Math.floor(((v1 ? 144_000 : 72_000) * kbps) / rate) + ((b2 >> 1) & 1);
    if (i + length > buf.length) break;
    const head = buf.toString('latin1', i + 4, i + Math.min(length, 48));
    const isTag = frames === 0 && (head.includes('Xing') || head.includes('Info'));
    if (!isTag) {
      samples += v1 ? 1152 : 576;
      frames++;
      sampleRate = rate;
    }
    i += length;
  }
  return { seconds: sampleRate ? samples / sampleRate : 0, frames, sampleRate, junkBytes };
}

// ---------------------------------------------------------------- the attacks

type Outcome = { title: string; lines: string[] };

async function audioFlood(frameCount: number, pcmBytes: number, title: string): Promise<Outcome> {
  const lines: string[] = [];
  const server = await Server.start();
  try {
    const user = await signUp(server, `flood${frameCount}`);
    const call = await startCall(server, user);
    const frame = audioFrame(pcmBytes);
    const audioSeconds = (frameCount * pcmBytes) / 2 / SAMPLE_RATE;
    lines.push(
      row(
        'sent',
        `${frameCount} frames × ${(frame.length / 1e6).toFixed(2)} MB (${(pcmBytes / 2 / SAMPLE_RATE).toFixed(1)} s of PCM each, ` +
          `${(audioSeconds / 60).toFixed(0)} min in all)`,
      ),
    );

    const win = await Window.open(server);
    const client = new VoiceClient(`${call.signedUrl}?source=js_sdk&version=bench`, server.base, user.cookie);
    const opened = await client.opened;
    if (opened) client.sendJson({ type: 'conversation_initiation_client_data' });
    const initiated = opened && (await client.initiation(10_000));
    const floodStart = performance.now();
    // leave time in the budget for /end, the wait after and stopping the server
    const sendDeadline = floodStart + Math.min(60_000, Math.max(5000, remainingMs() - 45_000));
    const cut = initiated && (await client.flood(frame, frameCount, sendDeadline));
    const floodMs = performance.now() - floodStart;
    const endSentMs = performance.now() - (client.openedAt || floodStart);
    const endTimeout = Math.min(90_000, Math.max(5000, remainingMs() - 25_000));
    const end = await endCall(server, user, call.id, endTimeout);
    const wallMs = performance.now() - (client.openedAt || floodStart);
    await client.finish(5000);
    await win.close();
    const measured = await win.report();

    lines.push(
      row(
        'socket',
        !opened
          ? `did not open: ${client.describeClose(frameCount)}`
          : !initiated
            ? `no initiation metadata within 10 s; ${client.describeClose(frameCount)}`
            : `${client.framesWritten}/${frameCount} frames on the wire in ${secs(floodMs)} ` +
              `(${((client.bytesWritten / 1e6 / floodMs) * 1000).toFixed(0)} MB/s)${cut ? ', stopped at the time budget' : ''}; ${client.describeClose(frameCount)}`,
      ),
    );
    lines.push(row('server sent', client.describeReceived()));
    lines.push(row('POST /api/interviews/:id/end', `${end.outcome} after ${secs(end.ms)}`));
    lines.push(...measured);

    const stored = await api(server, 'GET', `/api/interviews/${call.id}`, { cookie: user.cookie }).then(
      (r) =>
        json<{ conversationId: string | null; status: string; createdAt: string; endTime: string | null }>(
          r,
          'GET',
        ),
      (err) => {
        lines.push(row('GET /api/interviews/:id', `failed: ${String(err)}`));
        return null;
      },
    );
    if (stored) {
      const apiWall = stored.endTime ? Date.parse(stored.endTime) - Date.parse(stored.createdAt) : Number.NaN;
      lines.push(
        row(
          'call as stored',
          `status ${stored.status}; created → endTime ${Number.isNaN(apiWall) ? 'no end time' : secs(apiWall)}`,
        ),
      );
    }
    if (stored?.conversationId) {
      const res = await api(server, 'GET', `/api/interviews/audio/${stored.conversationId}`, {
        cookie: user.cookie,
        timeoutMs: 30_000,
      }).catch((err: unknown) => err as Error);
      if (res instanceof Error || !res.ok) {
        lines.push(
          row('recording', res instanceof Error ? `GET failed: ${res.message}` : `HTTP ${res.status}`),
        );
      } else {
        const mp3 = Buffer.from(await res.arrayBuffer());
        const info = mp3Duration(mp3);
        const ok = info.seconds <= wallMs / 1000 + TARGET_RECORDING_SLACK_S;
        const recordingFailed = server.logs.some((l) => l.level >= 40 && /recording/i.test(l.msg));
        lines.push(
          row(
            'recording duration vs call wall time',
            `${info.seconds.toFixed(1)} s (${(info.seconds / 60).toFixed(1)} min; ${(mp3.length / 1e6).toFixed(2)} MB, ` +
              `${info.frames} MP3 frames at ${info.sampleRate} Hz${info.junkBytes ? `, ${info.junkBytes} bytes not frames` : ''}) ` +
              `vs ${secs(wallMs)} (socket open → /end answered; /end sent at ${secs(endSentMs)})`,
            `≤ wall + ${TARGET_RECORDING_SLACK_S} s: ${recordingFailed ? 'not judged, the recording failed' : verdict(ok)}`,
          ),
        );
        if (recordingFailed)
          lines.push(
            row(
              '',
              'the server logged a recording failure (below): the file holds only what was encoded before it',
            ),
          );
      }
    } else if (stored) {
      lines.push(row('recording', 'the call has no conversation id'));
    }
    lines.push(...serverNotes(server));
  } finally {
    await server.stop();
  }
  return { title, lines };
}

async function preAuth(): Promise<Outcome> {
  const lines: string[] = [];
  const server = await Server.start();
  try {
    // ~1 MB: the JSON wrapper plus base64 whose length is a multiple of 4
    const pcmBytes = Math.floor((PREAUTH_FRAME_BYTES - 23) / 4) * 3;
    const frame = audioFrame(pcmBytes);
    lines.push(
      row(
        'sent',
        `${PREAUTH_SOCKETS} sockets, no cookie, random tokens, each up to ${PREAUTH_FRAMES} × ${(frame.length / 1e6).toFixed(2)} MB frames`,
      ),
    );
    const win = await Window.open(server);
    const deadline = performance.now() + Math.min(30_000, Math.max(5000, remainingMs() - 30_000));
    const clients = Array.from(
      { length: PREAUTH_SOCKETS },
      () =>
        new VoiceClient(
          `ws://127.0.0.1:${server.port}/api/voice/${randomBytes(32).toString('base64url')}`,
          server.base,
        ),
    );
    await Promise.all(
      clients.map(async (c) => {
        if (await c.opened) await c.flood(frame, PREAUTH_FRAMES, deadline);
        await c.finish(Math.max(0, deadline - performance.now()));
      }),
    );
    await win.close();
    const measured = await win.report();

    const upgraded = clients.filter((c) => c.upgraded).length;
    const statuses = tally(
      clients.filter((c) => c.refusedStatus !== null).map((c) => `HTTP ${c.refusedStatus}`),
    );
    const closes = tally(
      clients
        .filter((c) => c.closed && c.refusedStatus === null)
        .map((c) => `${c.closed?.code}${c.closed?.reason ? ` "${c.closed.reason}"` : ''}`),
    );
    const errors = tally(clients.filter((c) => c.error).map((c) => c.error as string));
    const frames = clients.map((c) => c.framesWritten).sort((a, b) => a - b);
    const bytes = clients.reduce((n, c) => n + c.bytesWritten, 0);
    lines.push(
      row(
        'upgraded (101) / refused (HTTP status)',
        `${upgraded} / ${PREAUTH_SOCKETS - upgraded}${statuses ? ` (${statuses})` : ''}`,
        `0 upgraded: ${verdict(upgraded === 0)}`,
      ),
    );
    if (closes) lines.push(row('closes by the server', closes));
    if (errors) lines.push(row('socket errors', errors));
    lines.push(
      row(
        'bytes on the wire before the close',
        `${(bytes / 1e6).toFixed(1)} MB in all; frames per socket min ${frames[0]}, median ${frames[frames.length >> 1]}, max ${frames.at(-1)}`,
      ),
    );
    const open = clients.filter((c) => !c.closed && c.refusedStatus === null).length;
    if (open) lines.push(row('still open at the deadline', `${open} (terminated by the client)`));
    lines.push(...measured);
    lines.push(...serverNotes(server));
  } finally {
    await server.stop();
  }
  return { title: '(b) pre-auth memory: sockets on bogus tokens, no account', lines };
}

async function messageFlood(messages: number, title: string): Promise<Outcome> {
  const lines: string[] = [];
  const server = await Server.start();
  try {
    const user = await signUp(server, `messages${messages}`);
    const call = await startCall(server, user);
    const filler =
      'I led the launch of a payments flow and cut drop-off by eighteen percent in three months. ';
    const text = (i: number) =>
      `${i}: ${filler.repeat(Math.ceil(MESSAGE_CHARS / filler.length))}`.slice(0, MESSAGE_CHARS);
    lines.push(
      row('sent', `${messages} user_message of ${MESSAGE_CHARS} characters over ${MESSAGE_SECONDS} s`),
    );

    const win = await Window.open(server);
    const client = new VoiceClient(`${call.signedUrl}?source=js_sdk&version=bench`, server.base, user.cookie);
    const opened = await client.opened;
    if (opened) client.sendJson({ type: 'conversation_initiation_client_data' });
    const initiated = opened && (await client.initiation(10_000));
    let sent = 0;
    const t0 = performance.now();
    if (initiated) {
      const ticks = MESSAGE_SECONDS * 100; // every 10 ms
      for (let k = 0; k < ticks && client.open; k++) {
        await sleep(t0 + k * 10 - performance.now());
        const upto = Math.round(((k + 1) * messages) / ticks);
        for (; sent < upto && client.open; sent++)
          client.sendJson({ type: 'user_message', text: text(sent) }, true);
      }
      await client.drained(performance.now() + 10_000);
    }
    const sendMs = performance.now() - t0;
    const end = await endCall(
      server,
      user,
      call.id,
      Math.min(60_000, Math.max(5000, remainingMs() - 25_000)),
    );
    await client.finish(5000);
    await win.close();
    const measured = await win.report();

    lines.push(
      row(
        'socket',
        !initiated
          ? `no session: ${client.describeClose(messages)}`
          : `${sent}/${messages} messages sent in ${secs(sendMs)}; ${client.closed ? client.describeClose(messages, 'messages') : 'closed by the client after /end'}`,
      ),
    );
    lines.push(row('server sent', client.describeReceived()));
    lines.push(row('POST /api/interviews/:id/end', `${end.outcome} after ${secs(end.ms)}`));

    const utterances = await api(server, 'GET', `/api/interviews/${call.id}/utterances`, {
      cookie: user.cookie,
    }).then(
      (r) => json<{ speaker: string; text: string }[]>(r, 'GET utterances'),
      (err: unknown) => err as Error,
    );
    if (utterances instanceof Error)
      lines.push(row('utterance rows stored', `GET failed: ${utterances.message}`));
    else {
      const bySpeaker = tally(utterances.map((u) => u.speaker));
      lines.push(row('utterance rows stored', `${utterances.length} (${bySpeaker || 'none'})`));
    }
    const stored = await api(server, 'GET', `/api/interviews/${call.id}`, { cookie: user.cookie }).then(
      (r) => json<{ transcript: string | null; status: string }>(r, 'GET'),
      (err: unknown) => err as Error,
    );
    if (stored instanceof Error) lines.push(row('transcript', `GET failed: ${stored.message}`));
    else {
      const length = stored.transcript?.length ?? 0;
      lines.push(
        row(
          'transcript length',
          `${length.toLocaleString('en')} characters (status ${stored.status})`,
          `≤ MAX_TRANSCRIPT_LENGTH ${MAX_TRANSCRIPT_LENGTH.toLocaleString('en')}: ${verdict(length <= MAX_TRANSCRIPT_LENGTH)}`,
        ),
      );
    }
    lines.push(...measured);
    lines.push(...serverNotes(server));
  } finally {
    await server.stop();
  }
  return { title, lines };
}

function tally(items: string[]): string {
  const counts = new Map<string, number>();
  for (const i of items) counts.set(i, (counts.get(i) ?? 0) + 1);
  return [...counts.entries()].map(([k, n]) => `${k} ×${n}`).join(', ');
}

/** Whether the server survived, and what it logged at warn level and above. */
function serverNotes(server: Server): string[] {
  const out: string[] = [];
  if (server.warmUpFailure) out.push(row('warm-up call failed', server.warmUpFailure));
  if (server.exited)
    out.push(row('SERVER PROCESS EXITED', `code ${server.exited.code}, signal ${server.exited.signal}`));
  const logged = server.logs.filter((l) => l.level >= 40 && !l.msg.startsWith('No built web app'));
  if (logged.length) {
    const top = tally(logged.map((l) => `${l.level >= 50 ? 'error' : 'warn'}: ${l.msg.slice(0, 100)}`));
    out.push(row('server log (warn and above)', `${logged.length} lines: ${top.slice(0, 400)}`));
  }
  return out;
}

// ---------------------------------------------------------------- run

async function stopAll() {
  await Promise.allSettled([...live].map((s) => s.stop()));
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}
// last resort: a server left behind by a crash of this process
process.on('exit', () => {
  for (const s of live) {
    s.child.kill('SIGKILL');
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
});
const watchdog = setTimeout(() => {
  console.error(`\nvoice-abuse: over its time bound (${secs(BUDGET_MS + 10_000)}), stopping`);
  void stopAll().finally(() => process.exit(1));
}, BUDGET_MS + 10_000);

console.log(
  `voice-abuse: a fresh server per attack (node --import tsx src/server/main.ts, embedded PGlite, offline voice), ` +
    `${os.availableParallelism()} CPUs; budget ${secs(BUDGET_MS)}`,
);
let failed = false;
/** name, the attack, and the budget it needs left to start (the long flood only runs with room) */
const attacks: [string, () => Promise<Outcome>, number][] = [
  [
    '(0) control',
    () =>
      messageFlood(1, '(0) control: an ordinary call (its opening line, one typed answer, /end), no attack'),
    0,
  ],
  [
    `(a) audio flood, ${FLOOD_FRAMES} frames`,
    () => audioFlood(FLOOD_FRAMES, FLOOD_PCM_BYTES, `(a) audio flood: ${FLOOD_FRAMES} frames`),
    0,
  ],
  ['(b) pre-auth memory', preAuth, 0],
  [
    '(c) message flood',
    () =>
      messageFlood(
        MESSAGES,
        `(c) message flood: ${MESSAGES} typed messages in ${MESSAGE_SECONDS} s on one call`,
      ),
    0,
  ],
  [
    `(a″) audio flood in ${SMALL_FRAMES} small frames`,
    () =>
      audioFlood(
        SMALL_FRAMES,
        SMALL_PCM_BYTES,
        `(a″) audio flood, the same audio in ${SMALL_FRAMES} frames that fit a 64 KiB message cap`,
      ),
    0,
  ],
  [
    `(a′) audio flood, ${FLOOD_LONG_FRAMES} frames`,
    () => audioFlood(FLOOD_LONG_FRAMES, FLOOD_PCM_BYTES, `(a′) audio flood: ${FLOOD_LONG_FRAMES} frames`),
    60_000,
  ],
];
try {
  for (const [name, attack, needsMs] of attacks) {
    if (name.startsWith('(a′)') && FLOOD_LONG_FRAMES <= 0) continue;
    if (remainingMs() < Math.max(needsMs, 20_000)) {
      console.log(`\n${name}: skipped, ${secs(Math.max(0, remainingMs()))} of the budget left`);
      continue;
    }
    const t = performance.now();
    try {
      const { title, lines } = await attack();
      console.log(`\n${title}  (${secs(performance.now() - t)})\n${lines.join('\n')}`);
    } catch (err) {
      failed = true;
      console.log(`\n${name}: could not run: ${err instanceof Error ? err.message : String(err)}`);
      if (err instanceof StartError) break;
    }
  }
  console.log(
    `\nnotes: RSS is the server process's own (VmRSS); "/api/noop latency" is timed from a worker thread of the ` +
      `attacker on the same ${os.availableParallelism()}-CPU machine, so it also holds CPU contention; ` +
      `total ${secs(performance.now() - startedAt)}`,
  );
} finally {
  clearTimeout(watchdog);
  await stopAll();
}
process.exit(failed ? 1 : 0);

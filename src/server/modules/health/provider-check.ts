// The admin's "Test connection": one small real operation with the active implementation of an
// outside service (a tiny chat completion, a transcribed tone, a synthesised phrase, a signed
// URL, a Stripe balance read, a blob written, read back and deleted). A failure is an answer,
// not an error: ok:false with the provider's own message, cleaned of markup and secrets.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ProviderName, ProviderTestResponse } from '../../../shared/contracts/health.js';
import { wavFile } from '../../audio/pcm.js';
import type { Config } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import { getModelSettings } from '../settings/service.js';
import { providersStatus } from './service.js';

export const PROVIDER_TEST_TIMEOUT_MS = 10_000;

type Deps = Pick<AppDeps, 'config' | 'database' | 'llm' | 'speech' | 'blobs' | 'payments' | 'convai'>;
/** the operation with the active implementation; answers what it did. Which implementation that
 * is comes from /api/health's providersStatus, which makes the same choices as the voice gateway. */
type Plan = { run: (signal: AbortSignal) => Promise<string> };

const SAMPLE_RATE = 16_000;

const noConnection = (message: string): Plan => ({ run: async () => message });

async function planLlm(deps: Deps): Promise<Plan> {
  const client = deps.llm;
  if (!client) return noConnection('Built-in evaluator and generator: no connection needed');
  const { model } = (await getModelSettings(deps)).evaluation;
  return {
    async run(signal) {
      const completion: unknown = await (await client.openai()).chat.completions.create(
        { model, messages: [{ role: 'user', content: 'Reply with the single word OK.' }] },
        { signal },
      );
      const choices = (completion as { choices?: { message?: { content?: string | null } }[] })?.choices;
      if (!Array.isArray(choices)) {
        throw new Error(
          'The endpoint did not answer with a chat completion: is LLM_BASE_URL the API’s /v1 address?',
        );
      }
      const reply = choices[0]?.message?.content?.trim();
      return reply
        ? `Model ${model} answered “${reply.slice(0, 60)}”`
        : `Model ${model} answered with an empty message`;
    },
  };
}

/** one second of a quiet 440 Hz tone: a real upload the service must decode */
function testTone(): Buffer {
  const samples = new Int16Array(SAMPLE_RATE);
  for (let i = 0; i < samples.length; i++) {
    samples[i] = Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE));
  }
  return wavFile(samples, SAMPLE_RATE);
}

function planSpeechToText(deps: Deps): Plan {
  const { stt } = deps.speech;
  if (!stt) {
    return deps.config.VOICE_STT === 'none'
      ? noConnection('Switched off (VOICE_STT=none): answers are typed or come from the browser')
      : noConnection(
          'No transcription service: answers come from the browser’s speech recognition or are typed',
        );
  }
  return {
    async run(signal) {
      let text: string;
      try {
        text = await stt.transcribe(testTone(), signal);
      } catch (err) {
        // an answer without a `text` field: the client read a property of nothing
        if (err instanceof TypeError) {
          throw new Error(
            'The endpoint did not answer with a transcription: is STT_BASE_URL the API’s /v1 address?',
          );
        }
        throw err;
      }
      return text
        ? `Transcribed a 1 s test tone (heard “${text.slice(0, 60)}”)`
        : 'Transcribed a 1 s test tone (no words, as expected)';
    },
  };
}

function planTextToSpeech(deps: Deps): Plan {
  const { tts } = deps.speech;
  if (!tts) return noConnection('Switched off (VOICE_TTS=none): the agent answers in text only');
  return {
    async run(signal) {
      // The time makes the phrase new, so the synthesiser's phrase cache cannot answer for it.
      const phrase = `This is a connection test at ${new Date().toISOString().slice(11, 19)}.`;
      let samples = 0;
      for await (const chunk of tts.synthesize(phrase, 'michael', signal)) samples += chunk.length;
      if (samples === 0) throw new Error('The synthesiser returned no audio');
      return `Synthesised ${(samples / SAMPLE_RATE).toFixed(1)} s of speech`;
    },
  };
}

function planVoiceAgent(deps: Deps): Plan {
  const { convai } = deps;
  if (!convai) return noConnection('Calls run on this server’s built-in voice gateway: no connection needed');
  return {
    async run() {
      await convai.getSignedUrl();
      return `ElevenLabs issued a signed conversation URL for agent ${convai.agentId}`;
    },
  };
}

function planPayments(deps: Deps): Plan {
  const { payments } = deps;
  if (payments.kind === 'sandbox')
    return noConnection('Payment sandbox: no card is charged, no connection needed');
  if (payments.kind === 'none')
    return noConnection(
      'No payments: Stripe is not configured and the sandbox is off (PAYMENTS=sandbox turns it on)',
    );
  return {
    async run() {
      const { livemode } = await payments.checkConnection();
      return `Stripe answered the balance request (${livemode ? 'live' : 'test'} mode)`;
    },
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function planRecordings(deps: Deps): Plan {
  const { blobs } = deps;
  return {
    async run() {
      const key = `connection-checks/${randomUUID()}.txt`;
      const payload = Buffer.from(`CallCoach connection test ${new Date().toISOString()}`);
      try {
        const writer = blobs.openWriter(key, 'text/plain');
        writer.write(payload);
        await writer.end();
        const back = await readAll(await blobs.read(key));
        if (!back.equals(payload)) throw new Error('The store gave back different bytes than were written');
      } catch (err) {
        await blobs.delete(key).catch(() => {});
        throw err;
      }
      await blobs.delete(key);
      return `Wrote, read back and deleted a ${payload.length}-byte test file`;
    },
  };
}

const PLANS: Record<ProviderName, (deps: Deps) => Plan | Promise<Plan>> = {
  llm: planLlm,
  speechToText: planSpeechToText,
  textToSpeech: planTextToSpeech,
  voiceAgent: planVoiceAgent,
  payments: planPayments,
  recordings: planRecordings,
};

const SECRET_KEYS = [
  'LLM_API_KEY',
  'STT_API_KEY',
  'TTS_API_KEY',
  'ELEVENLABS_API_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const satisfies readonly (keyof Config)[];

/** The error and its causes in one line (a refused connection hides its code in `cause`),
 * without markup (an HTML error page) and without any configured secret. */
export function describeFailure(err: unknown, config: Config): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const text = (e instanceof Error ? e.message : String(e)).replace(/\.$/, '');
    const code = (e as { code?: unknown }).code;
    for (const piece of [text, typeof code === 'string' ? code : '']) {
      if (piece && !parts.some((p) => p.includes(piece))) parts.push(piece);
    }
    e = e instanceof Error ? e.cause : undefined;
  }
  let message = parts
    .join(': ')
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const name of SECRET_KEYS) {
    const secret = config[name];
    if (secret && secret.length >= 4) message = message.split(secret).join('[redacted]');
  }
  if (message.length > 300) message = `${message.slice(0, 299)}…`;
  return message || 'The provider failed without a message';
}

export async function testProvider(
  deps: Deps,
  provider: ProviderName,
  timeoutMs = PROVIDER_TEST_TIMEOUT_MS,
): Promise<ProviderTestResponse> {
  const started = performance.now();
  const { kind } = providersStatus(deps.config)[provider];
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new Error(`No answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
  });
  const answer = (ok: boolean, message: string): ProviderTestResponse => ({
    ok,
    provider,
    kind,
    message,
    latencyMs: Math.round(performance.now() - started),
  });
  try {
    const work = (async () => {
      const plan = await PLANS[provider](deps);
      return plan.run(abort.signal);
    })();
    // After a timeout the operation may still settle; nobody is waiting for it any more.
    work.catch(() => {});
    return answer(true, await Promise.race([work, timeout]));
  } catch (err) {
    return answer(false, describeFailure(err, deps.config));
  } finally {
    clearTimeout(timer);
  }
}

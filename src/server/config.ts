// The one place environment variables are read. Each is validated once at start-up; a bad value
// stops the server with a message naming the variable.
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SUPPORT_EMAIL } from '../shared/support-email.js';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));
const intWithDefault = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
  .pipe(z.url().optional());

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: intWithDefault(3000).pipe(z.number().max(65535)),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /**
   * The embedded database when DATABASE_URL is unset, for a new DATA_DIR: 'postgres' (PostgreSQL
   * from npm's binaries, in a child process) or 'pglite' (in the server's process). A DATA_DIR that
   * already holds one keeps it (decision 017).
   */
  EMBEDDED_DATABASE: z.enum(['postgres', 'pglite']).default('postgres'),
  PUBLIC_URL: optionalUrl,
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  SUPPORT_EMAIL: z.email().default(DEFAULT_SUPPORT_EMAIL),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  /**
   * Whose X-Forwarded-For counts for the client address (rate limits, sign-in throttling): unset
   * or 'off' → nobody's (the socket's address is the client); otherwise a comma-separated list of
   * the proxies' addresses or CIDR ranges (or loopback, linklocal, uniquelocal).
   */
  TRUST_PROXY: optionalString.transform((v, ctx) => parseTrustProxy(v, ctx)),

  // Credits and rate limits
  CALL_CREDIT_COST: intWithDefault(1, 0),
  /** failed sign-ins for one account from one client address, per minute, before 429 there */
  LOGIN_FAILURE_LIMIT: intWithDefault(10, 1),
  /** failed sign-ins from one client address (any accounts), per minute, before 429 for it */
  LOGIN_IP_FAILURE_LIMIT: intWithDefault(30, 1),
  /** failed sign-ins on this server (all clients), per minute, past which clients that have been failing are refused */
  LOGIN_GLOBAL_FAILURE_LIMIT: intWithDefault(300, 1),
  /** password hashes (argon2) computed at once; more wait in line (0 → the number of CPUs) */
  PASSWORD_HASH_CONCURRENCY: intWithDefault(0, 0),
  REGISTER_RATE_LIMIT: intWithDefault(20, 1),
  GENERATE_RATE_LIMIT: intWithDefault(20, 1),
  VOICE_SESSION_RATE_LIMIT: intWithDefault(30, 1),
  PAYMENT_INTENT_RATE_LIMIT: intWithDefault(10, 1),

  // AI text (OpenAI-compatible)
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_TIMEOUT_MS: intWithDefault(30000, 100),
  /** model used when an admin has not chosen one in the settings (e.g. llama3.1 on Ollama) */
  LLM_MODEL: optionalString,
  EVALUATE_RATE_LIMIT: intWithDefault(30, 1),

  // Speech
  STT_BASE_URL: optionalUrl,
  STT_API_KEY: optionalString,
  STT_MODEL: z.string().default('whisper-1'),
  TTS_BASE_URL: optionalUrl,
  TTS_API_KEY: optionalString,
  TTS_MODEL: z.string().default('tts-1'),
  ELEVENLABS_API_KEY: optionalString,
  ELEVENLABS_AGENT_ID: optionalString,
  ELEVENLABS_VOICE_MICHAEL: z.string().default('flq6f7yk4E4fJM5XTYuZ'),
  ELEVENLABS_VOICE_SARAH: z.string().default('EXAVITQu4vr4xnSDxMaL'),
  /** where the ElevenLabs API is reached (default https://api.elevenlabs.io); tests point it at a fake */
  ELEVENLABS_API_BASE_URL: optionalUrl,

  // Built-in voice gateway engines (README: "Voice gateway"); 'auto' picks from the keys above
  VOICE_BRAIN: z.enum(['auto', 'scripted', 'llm']).default('auto'),
  VOICE_TTS: z.enum(['auto', 'builtin', 'openai', 'elevenlabs', 'none']).default('auto'),
  VOICE_STT: z.enum(['auto', 'openai', 'builtin', 'none']).default('auto'),
  /** chat model of the voice brain (default LLM_MODEL, else gpt-4o-mini) */
  VOICE_LLM_MODEL: optionalString,
  /** silence that ends the caller's spoken turn */
  // 600: the WebRTC VAD calls audio voiced 60–90 ms past the last word, so this ends turns when
  // the energy detector's 700 did (bench/vad, docs/decisions/004)
  VOICE_SILENCE_MS: intWithDefault(600, 200),
  /**
   * pace of the built-in offline voice (eSpeak NG) in words per minute, 80–450; unset, an unhurried
   * speaker's (espeak-engine.ts). The browser journeys run it at 450, so that a persona's lines do
   * not take their real time.
   */
  VOICE_WORDS_PER_MINUTE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(80).max(450).optional(),
  ),
  /**
   * The offline voice's and the recordings' worker threads start with the first call that needs
   * them and stop after this long without work (ms; 0 keeps them once started). A warm voice is
   * about 110 MB of resident memory, the MP3 encoder about 18 MB (docs/memory.md); restarting
   * costs the next call's first phrase a few hundred ms.
   */
  WORKER_IDLE_MS: intWithDefault(300_000, 0),
  /** 'off': calls never use the browser's own speech recognition (its vendor processes the audio) */
  BROWSER_SPEECH: z.enum(['on', 'off']).default('on'),
  TTS_VOICE_MICHAEL: z.string().default('onyx'),
  TTS_VOICE_SARAH: z.string().default('nova'),
  ELEVENLABS_TTS_MODEL: z.string().default('eleven_flash_v2_5'),

  // Payments
  /**
   * 'sandbox': the built-in payment sandbox (test cards, no money). It is the default on a local
   * machine without Stripe keys; a deployment (a PUBLIC_URL that is not localhost) must opt in.
   * 'stripe' needs the STRIPE_* keys; 'auto' (default) picks Stripe when its keys are set.
   */
  PAYMENTS: z.enum(['auto', 'sandbox', 'stripe']).default('auto'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** where the Stripe API is reached (default https://api.stripe.com); tests point it at a fake */
  STRIPE_API_BASE: optionalUrl,

  // Recordings in an S3-compatible store (local files under DATA_DIR otherwise)
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,

  /** redis://…: rate limits counted in Redis, so every app server behind a load balancer shares them */
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
  ),

  /** test-only: '1' enables the admin-only call-seeding endpoint the browser journeys use */
  E2E_SEED: z
    .enum(['0', '1', ''])
    .optional()
    .transform((v) => v === '1'),
});

/**
 * Fastify's trustProxy from TRUST_PROXY: false, or the list of proxy addresses/CIDRs (or the names
 * loopback, linklocal, uniquelocal) whose X-Forwarded-For counts. A hop count is refused: it cannot
 * tell a proxy from a client that connects directly and sends the header itself (Fastify 5 ignores
 * numbers for that reason).
 */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): false | string[] {
  if (value === undefined || ['off', 'false', 'no'].includes(value.toLowerCase())) return false;
  const list = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?$/i;
  const named = ['loopback', 'linklocal', 'uniquelocal'];
  const bad = list.filter((a) => !address.test(a) && !named.includes(a));
  if (list.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be off or a comma-separated list of proxy addresses/CIDRs (or loopback, linklocal, uniquelocal); not ${bad.join(', ') || value}${/^\d+$/.test(value) ? ' (a hop count cannot tell a proxy from a client)' : ''}`,
    });
    return false;
  }
  return list;
}

export type Config = z.infer<typeof configSchema> & {
  /** absolute DATA_DIR */
  dataDir: string;
  /** cookies get the Secure flag and responses HSTS when the public address is https */
  secureCookies: boolean;
  /** which payment provider runs: Stripe, the sandbox, or none (a deployment without either) */
  paymentsProvider: 'stripe' | 'sandbox' | 'none';
};

/** A PUBLIC_URL on this machine (or none): the two-command local set-up. */
export const isLocalAddress = (publicUrl: string | undefined): boolean => {
  if (!publicUrl) return true;
  const host = new URL(publicUrl).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (Boolean(c.ADMIN_EMAIL) !== Boolean(c.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const stripeKeys = [c.STRIPE_SECRET_KEY, c.STRIPE_PUBLISHABLE_KEY, c.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
  }
  const hasStripe = stripeKeys.every(Boolean);
  if (c.PAYMENTS === 'stripe' && !hasStripe) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  const paymentsProvider =
    c.PAYMENTS === 'sandbox'
      ? 'sandbox'
      : hasStripe
        ? 'stripe'
        : isLocalAddress(c.PUBLIC_URL)
          ? 'sandbox'
          : 'none';
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    secureCookies: c.PUBLIC_URL?.startsWith('https://') ?? false,
    paymentsProvider,
  };
}

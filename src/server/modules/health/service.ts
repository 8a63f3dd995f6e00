// What is running: the database (answered by a real query) and which implementation of each
// outside service is active. Never includes a secret, only whether one is set.

import { sql } from 'drizzle-orm';
import type { ProvidersStatus } from '../../../shared/contracts/health.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { sttChoice, ttsChoice } from '../../providers/speech/index.js';
import { pocketsphinxAvailability } from '../../providers/stt/pocketsphinx.js';

export function providersStatus(c: Config): ProvidersStatus {
  const host = (url?: string) => (url ? new URL(url).host : undefined);
  const elevenlabs = Boolean(c.ELEVENLABS_API_KEY);
  return {
    llm: c.LLM_BASE_URL
      ? { kind: 'openai-compatible', configured: true, detail: host(c.LLM_BASE_URL) }
      : {
          kind: 'built-in',
          configured: false,
          detail: 'built-in evaluator, generator and scripted interviewer',
        },
    // the same choice the voice gateway makes (VOICE_STT / VOICE_TTS, then the keys that are set)
    speechToText:
      sttChoice(c) === 'openai'
        ? { kind: 'openai-compatible', configured: true, detail: host(c.STT_BASE_URL) ?? 'api.openai.com' }
        : {
            kind: 'built-in',
            configured: false,
            detail:
              c.VOICE_STT !== 'none' && pocketsphinxAvailability().available
                ? 'built-in offline recogniser (pocketsphinx); approximate transcripts'
                : 'typed answers and the browser’s speech recognition',
          },
    textToSpeech: {
      elevenlabs: { kind: 'elevenlabs', configured: true },
      openai: {
        kind: 'openai-compatible',
        configured: true,
        detail: host(c.TTS_BASE_URL) ?? 'api.openai.com',
      },
      builtin: { kind: 'built-in', configured: false, detail: 'offline espeak-ng synthesiser' },
      none: { kind: 'none', configured: false, detail: 'the agent answers in text only (VOICE_TTS=none)' },
    }[ttsChoice(c)],
    voiceAgent:
      elevenlabs && c.ELEVENLABS_AGENT_ID
        ? { kind: 'elevenlabs', configured: true, detail: 'ElevenLabs Conversational AI agent' }
        : { kind: 'built-in', configured: false, detail: 'built-in voice gateway on this server' },
    payments: {
      stripe: { kind: 'stripe', configured: true },
      sandbox: {
        kind: 'sandbox',
        configured: false,
        detail:
          c.PAYMENTS === 'sandbox' && c.PUBLIC_URL
            ? `TEST MODE on a deployment (PAYMENTS=sandbox): anyone signed in can add credits with a test card`
            : 'test mode: no real card is charged',
      },
      none: {
        kind: 'none',
        configured: false,
        detail:
          'no payments: set the STRIPE_* keys (or PAYMENTS=sandbox for test cards); credits cannot be bought',
      },
    }[c.paymentsProvider],
    recordings: c.S3_BUCKET
      ? { kind: 's3', configured: true, detail: c.S3_BUCKET }
      : { kind: 'local-files', configured: false, detail: 'DATA_DIR/recordings' },
  };
}

export async function databaseStatus(database: Database) {
  const started = performance.now();
  try {
    await database.db.execute(sql`select 1`);
    return { ok: true, kind: database.kind, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { ok: false, kind: database.kind, latencyMs: null };
  }
}

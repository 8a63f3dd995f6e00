// Starting a call's slow engines before the call needs them. The offline ones start lazily and
// stop when idle (docs/memory.md): on a cold server the persona's welcome would wait for the
// espeak-ng voice (150–600 ms), the recordings' MP3 encoder and the recogniser's first model load,
// and its first replies on the dialogue engine compiling its patterns (0.2–0.7 s each).
// The gateway starts them when a call is about to begin (POST /api/interviews/:id/voice-session,
// and again as its WebSocket opens), without waiting for them: a failure is logged, and the call
// pays the start itself as before. Warming is one more request to each engine's shared instance —
// it never starts a second one, and the idle stop counts from it like from any other request.
import { warmDialogue } from './engines/dialogue/index.js';
import type { VoiceEngines } from './engines/index.js';
import { warmRecordingWorker } from './recorder.js';

export type WarmPart = { name: string; warm: () => Promise<void> };
export type WarmLog = { warn: (obj: object, msg: string) => void };

/**
 * What a call on the built-in gateway will start: the synthesiser's and the recogniser's slow
 * parts if they have any (the offline ones; cloud services have nothing to start), the
 * recordings' encoder (every call on this gateway is recorded) and, once per process, the
 * persona's dialogue engine (engines/dialogue/warm.ts: its first replies would otherwise compile
 * its patterns, 0.2–0.7 s each).
 */
export function voiceWarmParts(
  engines: Pick<VoiceEngines, 'tts' | 'stt'>,
  recordings: () => Promise<void> = warmRecordingWorker,
  dialogue: () => Promise<void> = warmDialogue,
): WarmPart[] {
  const parts: WarmPart[] = [
    { name: 'recording encoder', warm: recordings },
    { name: 'persona dialogue', warm: dialogue },
  ];
  const { tts, stt } = engines;
  if (tts?.warmUp) parts.push({ name: `${tts.kind} voice`, warm: async () => tts.warmUp?.() });
  if (stt?.warmUp) parts.push({ name: `${stt.kind} recogniser`, warm: async () => stt.warmUp?.() });
  return parts;
}

/**
 * Returns the warm-up: it starts every part and resolves when all have started or failed (never
 * rejects; callers need not wait). While a part is starting, another warm-up joins that start
 * instead of asking again, so a burst of voice sessions costs one start.
 */
export function createVoiceWarmUp(parts: WarmPart[], log: WarmLog): () => Promise<void> {
  const starting = new Map<string, Promise<void>>();
  const warmOne = (part: WarmPart): Promise<void> => {
    let start = starting.get(part.name);
    if (!start) {
      start = Promise.resolve()
        .then(part.warm)
        .catch((err: unknown) => log.warn({ err }, `voice warm-up: the ${part.name} could not start`))
        .finally(() => starting.delete(part.name));
      starting.set(part.name, start);
    }
    return start;
  };
  return async () => {
    await Promise.all(parts.map(warmOne));
  };
}

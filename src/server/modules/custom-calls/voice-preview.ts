// GET /api/custom-calls/voice-preview/:voiceId: a few seconds of the persona voice, spoken by the
// same speech engine the live call uses (built-in espeak-ng offline, ElevenLabs or OpenAI speech
// when configured), as a WAV file. One synthesis per voice per process: the text never changes.
import type { VoiceId } from '../../../shared/domain/limits.js';
import { VOICES } from '../../../shared/domain/limits.js';
import { SAMPLE_RATE, wavFile } from '../../audio/pcm.js';
import type { SpeechSynthesizer } from '../../providers/tts/types.js';

export const previewText = (voice: VoiceId) => {
  const name = VOICES.find((v) => v.id === voice)?.name ?? 'your persona';
  return `Hi, I'm ${name}. This is how I will sound on your practice call.`;
};

export function createVoicePreviews(tts: SpeechSynthesizer | null) {
  const cache = new Map<VoiceId, Promise<Buffer>>();

  async function synthesize(voice: VoiceId): Promise<Buffer> {
    if (!tts) throw new Error('no speech engine');
    const chunks: Int16Array[] = [];
    for await (const chunk of tts.synthesize(previewText(voice), voice, AbortSignal.timeout(15_000))) {
      chunks.push(chunk);
    }
    const samples = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      samples.set(c, at);
      at += c.length;
    }
    if (samples.length === 0) throw new Error('the speech engine produced no audio');
    return wavFile(samples, SAMPLE_RATE);
  }

  return {
    available: tts !== null,
    /** the WAV for a voice; a failed synthesis is not cached, so the next request tries again */
    get(voice: VoiceId): Promise<Buffer> {
      let entry = cache.get(voice);
      if (!entry) {
        entry = synthesize(voice);
        cache.set(voice, entry);
        entry.catch(() => cache.delete(voice));
      }
      return entry;
    },
  };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pcmToBase64 } from '../audio/pcm.js';
import { agentResponse, audioMessage, serializeServerMessage } from './protocol.js';

describe('serializeServerMessage', () => {
  it('writes an audio message exactly as JSON.stringify would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 400 }),
        fc.nat(),
        (samples, id) => {
          const message = audioMessage(pcmToBase64(Int16Array.from(samples)), id);
          const wire = serializeServerMessage(message);
          expect(wire).toBe(JSON.stringify(message));
          expect(JSON.parse(wire)).toEqual(message);
        },
      ),
    );
  });

  it('escapes what other messages carry (text with quotes, newlines and markup)', () => {
    const message = agentResponse('She said "hi"\n</script><b>', 3);
    expect(JSON.parse(serializeServerMessage(message))).toEqual(message);
  });
});

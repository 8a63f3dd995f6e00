// A persona's temperament: the one its system prompt states (`Temperament: angry`), else the one
// its prompt and welcome message show by the markers in temperaments.json, else calm.

import { softenedAt } from '../../../../shared/domain/softened.js';
import { statedTemperament, type Temperament } from '../../../../shared/domain/temperament.js';
import { escapeRegex } from '../../../../shared/escape-regex.js';
import { TEMPERAMENT_DATA } from './data.js';
import { saysAny } from './text.js';

const INFERRED_ORDER = ['angry', 'sceptical', 'friendly'] as const;

/** where each of `markers` is said in `text`, as whole words */
function placesOf(text: string, markers: readonly string[]): number[] {
  return markers.flatMap((m) =>
    [...text.matchAll(new RegExp(`(?<![\\p{L}])${escapeRegex(m)}(?![\\p{L}])`, 'giu'))].map(
      (x) => x.index ?? 0,
    ),
  );
}

/**
 * The temperament a scenario's text shows by the data's markers; calm when it shows none. An angry
 * word said softened ("a bit impatient", shared/domain/softened.json) shows a sceptical persona.
 */
export function inferTemperament(text: string): Temperament {
  const angry = placesOf(text, TEMPERAMENT_DATA.infer.angry);
  const softened = angry.filter((at) => softenedAt(text, at)).length;
  const hits: Record<(typeof INFERRED_ORDER)[number], number> = {
    angry: angry.length - softened,
    sceptical: saysAny(text, TEMPERAMENT_DATA.infer.sceptical).length + softened,
    friendly: saysAny(text, TEMPERAMENT_DATA.infer.friendly).length,
  };
  let best: Temperament = 'calm';
  let most = 0;
  for (const t of INFERRED_ORDER) {
    if (hits[t] > most) {
      best = t;
      most = hits[t];
    }
  }
  return best;
}

export function temperamentOf(persona: { systemPrompt: string; welcomeMessage: string }): Temperament {
  return (
    statedTemperament(persona.systemPrompt) ??
    inferTemperament(`${persona.systemPrompt}\n${persona.welcomeMessage}`)
  );
}

/** the words of a line that a persona of this temperament never says */
export function offRegister(line: string, temperament: Temperament): string[] {
  return saysAny(line, TEMPERAMENT_DATA.offRegister[temperament]);
}

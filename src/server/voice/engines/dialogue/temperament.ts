// A persona's temperament: the one its system prompt states (`Temperament: angry`), else the one
// its prompt and welcome message show by the markers in temperaments.json, else calm.

import { statedTemperament, type Temperament } from '../../../../shared/domain/temperament.js';
import { TEMPERAMENT_DATA } from './data.js';
import { saysAny } from './text.js';

const INFERRED_ORDER = ['angry', 'sceptical', 'friendly'] as const;

/** the temperament a scenario's text shows by the data's markers; calm when it shows none */
export function inferTemperament(text: string): Temperament {
  let best: Temperament = 'calm';
  let most = 0;
  for (const t of INFERRED_ORDER) {
    const hits = saysAny(text, TEMPERAMENT_DATA.infer[t]).length;
    if (hits > most) {
      best = t;
      most = hits;
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

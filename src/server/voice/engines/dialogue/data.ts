// The dialogue data files, typed and checked once when the module loads: every line names a known
// temperament and every temperament has a line of each kind, so the engine never falls silent or
// borrows another temperament's words.

import { TEMPERAMENTS, type Temperament } from '../../../../shared/domain/temperament.js';
import answers from './answers.json' with { type: 'json' };
import language from './language.json' with { type: 'json' };
import lines from './lines.json' with { type: 'json' };
import modelPrompt from './model-prompt.json' with { type: 'json' };
import temperaments from './temperaments.json' with { type: 'json' };

export type Line = { temperament: Temperament; text: string };
export type AckKind = keyof typeof lines.acknowledgements;
export type FollowUpKind = keyof typeof lines.followUps;
export const FOLLOW_UP_KINDS = Object.keys(lines.followUps) as FollowUpKind[];
export const ACK_KINDS = Object.keys(lines.acknowledgements) as AckKind[];

function checked(group: string, list: { temperament: string; text: string }[]): Line[] {
  for (const t of TEMPERAMENTS) {
    if (!list.some((l) => l.temperament === t)) throw new Error(`dialogue data: ${group} has no ${t} line`);
  }
  for (const l of list) {
    if (!(TEMPERAMENTS as readonly string[]).includes(l.temperament)) {
      throw new Error(`dialogue data: ${group} line "${l.text}" has an unknown temperament ${l.temperament}`);
    }
  }
  return list as Line[];
}

export const LINES = {
  openings: checked('openings', lines.openings),
  begin: checked('begin', lines.begin),
  lead: checked('lead', lines.lead),
  acknowledgements: Object.fromEntries(
    ACK_KINDS.map((k) => [k, checked(`acknowledgements.${k}`, lines.acknowledgements[k])]),
  ) as Record<AckKind, Line[]>,
  followUps: Object.fromEntries(
    FOLLOW_UP_KINDS.map((k) => [k, checked(`followUps.${k}`, lines.followUps[k])]),
  ) as Record<FollowUpKind, Line[]>,
  transitions: checked('transitions', lines.transitions),
  closings: checked('closings', lines.closings),
  afterClosing: checked('afterClosing', lines.afterClosing),
  fallbackQuestions: checked('fallbackQuestions', lines.fallbackQuestions),
};

/** what a persona says only when a call opens */
export const REOPENING: readonly string[] = lines.reopening;

/** every line of the data, with where it comes from (for the data's own tests) */
export function allLines(): (Line & { group: string })[] {
  const out: (Line & { group: string })[] = [];
  for (const [group, value] of Object.entries(LINES)) {
    if (Array.isArray(value)) out.push(...value.map((l) => ({ ...l, group })));
    else
      for (const [k, list] of Object.entries(value))
        out.push(...list.map((l) => ({ ...l, group: `${group}.${k}` })));
  }
  return out;
}

export const TEMPERAMENT_DATA = {
  infer: temperaments.infer as Record<Exclude<Temperament, 'calm'>, string[]>,
  offRegister: temperaments.offRegister as Record<Temperament, string[]>,
  model: temperaments.model as Record<Temperament, string>,
};

export type HostileMarker = { match: string; say: string };
export const ANSWER_DATA = answers as Omit<typeof answers, 'hostile'> & { hostile: HostileMarker[] };
export const LANGUAGE = language as Omit<typeof language, 'irregular' | 'flips' | 'resultVerbs'> & {
  irregular: Record<string, string>;
  flips: Record<string, string>;
  resultVerbs: Record<string, string>;
};
export const MODEL_PROMPT = modelPrompt;

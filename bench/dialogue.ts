// bench/dialogue: the built-in persona (scripted brain, no model) over the sample conversations in
// bench/dialogue/*.json: the user's turns as a user would speak them (concrete, vague, off-topic,
// "we"-only, one-word, hostile), to preset and custom personas of each temperament, each turn
// labelled with what kind of answer it is. Played turn by turn through the engine, as a call does.
// Figures beside their targets:
// - repeated questions: a question asked twice, or asked after the user had answered it (0)
// - mid-call openings: an opening phrase ("let's begin", "thanks for making the time") after the
//   user's first real answer (0)
// - lines out of temperament: a data line of another temperament, or a word the persona's
//   temperament never says, by the data files' own markers (0)
// - follow-ups that use a word or phrase of the answer they follow (≥ 70 %), and all replies
// - reply time, p95 over every reply, each timed 20 times (< 50 ms)
// and, as diagnostics: answers met with the move their label calls for, temperaments read as labelled.
// `npx tsx bench/dialogue.ts -v` prints every conversation; `--spoken` plays the answers as a
// recogniser without punctuation gives them (lower case, no punctuation: spokenForm).
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PRESET_INTERVIEWERS } from '../src/server/db/seed/preset-interviewers.js';
import { spokenForm } from '../src/server/modules/evaluation/calibration.js';
import type { Persona, Turn } from '../src/server/voice/engines/brain.js';
import { type AuditTurn, auditConversation } from '../src/server/voice/engines/dialogue/audit.js';
import {
  type DialogueLine,
  nextLine,
  openingFor,
  preparePersona,
  readDeal,
} from '../src/server/voice/engines/dialogue/index.js';

type Sample = {
  title: string;
  persona: { preset: string } | Persona;
  temperament: string;
  turns: { kind: string; say: string; expect?: string; covers?: number[] }[];
};

const DIR = path.join(import.meta.dirname, 'dialogue');
const TIMING_RUNS = 20;
const verbose = process.argv.includes('-v');
const SPOKEN = process.argv.includes('--spoken');

const DEFAULT_EXPECT: Record<string, string> = {
  ready: 'begin',
  concrete: 'moves on',
  vague: 'follow-up:example',
  offtopic: 'follow-up:offTopic',
  repeat: 'follow-up:repeat',
  'we-only': 'follow-up:self',
  // "Our relaunch failed." to "Describe a project that failed. What was your part in it and what
  // did you learn?": the part of the question it left out (answers.json questionParts)
  'part-left': 'follow-up:part',
  // "My biggest weakness is…" to "How would you figure out why?": the answer to another question
  // (answers.json otherQuestions), told once that it does not answer this one
  'other-question': 'follow-up:unanswered',
  'no-result': 'follow-up:result',
  'one-word': 'follow-up:expand',
  hostile: 'follow-up:hostile',
  'after-close': 'after-close',
  // a question to the persona: answered from its brief, or declined, in its temperament
  question: 'answer',
  // "sorry, could you repeat the question?": the question said again
  again: 'again',
  // "could we book 30 minutes next Tuesday?" to a persona the user leads: what it wants settled
  // first, its question on the table again while that has no answer
  'next-step': 'again',
  // "Thanks for your time, bye." before the persona's questions are done: it closes the call
  leaves: 'close',
  // "I was thinking 175,000." to a persona whose brief gives it the figure: bargained over, a
  // counter-offer or its limit (negotiation.ts)
  ask: 'counter',
  // "Okay, that works." to its counter-offer, or an ask it takes that settles every term: the deal
  deal: 'close',
  // "Could I have two remote days a week?" of a persona whose brief gives it no say over it: it
  // cannot agree on the call and will check (negotiation.ts requestedElse)
  request: 'answer',
};

function meets(expect: string, line: DialogueLine): boolean {
  if (expect === 'any') return true;
  if (expect === 'moves on') return line.move === 'next' || line.move === 'close';
  if (expect === 'follow-up') return line.move === 'follow-up';
  if (expect.startsWith('follow-up:')) return line.move === 'follow-up' && line.rule === expect.slice(10);
  return line.move === expect;
}

function personaOf(s: Sample): Persona {
  if ('preset' in s.persona) {
    const slug = s.persona.preset;
    const preset = PRESET_INTERVIEWERS.find((p) => p.slug === slug);
    if (!preset) throw new Error(`no preset persona ${slug}`);
    return preset;
  }
  return s.persona;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const pct = (n: number, d: number) => (d ? `${Math.round((100 * n) / d)} %` : 'n/a');

const files = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();
const samples = files.map((f) => ({
  file: f,
  ...(JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8')) as Sample),
}));

const totals = {
  repeated: [] as string[],
  openings: [] as string[],
  temperament: [] as string[],
  replies: 0,
  repliesUsing: 0,
  followUps: 0,
  followUpsUsing: 0,
  notUsing: [] as string[],
  answers: 0,
  met: 0,
  unmet: [] as string[],
  readAsLabelled: 0,
  bargaining: 0,
  dealsRead: 0,
  dealsUnread: [] as string[],
};
const times: number[] = [];
const byTemperament: Record<string, number> = {};
const byKind: Record<string, number> = {};

for (const s of samples) {
  const p = preparePersona(personaOf(s));
  byTemperament[p.temperament] = (byTemperament[p.temperament] ?? 0) + 1;
  if (p.temperament === s.temperament) totals.readAsLabelled++;
  else totals.unmet.push(`${s.file}: temperament read as ${p.temperament}, labelled ${s.temperament}`);
  const opening = openingFor(p);
  const history: Turn[] = [{ speaker: 'agent', text: opening.text }];
  const audited: AuditTurn[] = [{ speaker: 'agent', text: opening.text, line: opening }];
  if (verbose) console.log(`\n${s.file} — ${s.title} [${p.temperament}]\n  persona: ${opening.text}`);
  for (const { say, ...turn } of s.turns) {
    const said = SPOKEN ? spokenForm(say) : say;
    history.push({ speaker: 'user', text: said });
    audited.push({ speaker: 'user', text: said, ready: turn.kind === 'ready', covers: turn.covers });
    let line = nextLine(p, history);
    for (let r = 0; r < TIMING_RUNS; r++) {
      const t = performance.now();
      line = nextLine(p, history);
      times.push(performance.now() - t);
    }
    history.push({ speaker: 'agent', text: line.text });
    audited.push({ speaker: 'agent', text: line.text, line });
    const expect = turn.expect ?? DEFAULT_EXPECT[turn.kind];
    totals.answers++;
    byKind[turn.kind] = (byKind[turn.kind] ?? 0) + 1;
    const ok = meets(expect, line);
    if (ok) totals.met++;
    else
      totals.unmet.push(
        `${s.file}: "${said}" (${turn.kind}, expects ${expect}) → ${line.move}${line.rule ? `:${line.rule}` : ''}`,
      );
    if (verbose) {
      console.log(`  user (${turn.kind}): ${said}`);
      console.log(
        `  persona [${line.answer} → ${line.move}${line.rule ? `:${line.rule}` : ''}]${ok ? '' : ' ✗'}: ${line.text}`,
      );
    }
  }
  // what the evaluation's deal reads of a bargaining call: every move the fold makes must be borne
  // out by the persona's own next line, or the deal is not read (readDeal)
  if (p.terms.length) {
    totals.bargaining++;
    if (readDeal(p.persona.systemPrompt, history)) totals.dealsRead++;
    else totals.dealsUnread.push(s.file);
  }
  const a = auditConversation(p, audited);
  const where = (list: string[]) => list.map((x) => `${s.file}: ${x}`);
  totals.repeated.push(...where(a.repeatedQuestions));
  totals.openings.push(...where(a.midCallOpenings));
  totals.temperament.push(...where(a.outOfTemperament));
  totals.notUsing.push(...where(a.notUsingAnswer));
  totals.replies += a.replies;
  totals.repliesUsing += a.repliesUsingAnswer;
  totals.followUps += a.followUps;
  totals.followUpsUsing += a.followUpsUsingAnswer;
}

times.sort((a, b) => a - b);
const p95 = percentile(times, 95);
const row = (name: string, figure: string, target: string, pass: boolean) =>
  console.log(`  ${name.padEnd(52)} ${figure.padStart(9)}   ${target.padEnd(8)} ${pass ? 'ok' : 'MISSED'}`);

console.log(
  `dialogue bench: ${samples.length} conversations (${Object.entries(byTemperament)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ')}), ${totals.answers} answers (${Object.entries(byKind)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')})`,
);
console.log(`  ${''.padEnd(52)} ${'figure'.padStart(9)}   target`);
row('repeated questions', String(totals.repeated.length), '0', totals.repeated.length === 0);
row('mid-call openings', String(totals.openings.length), '0', totals.openings.length === 0);
row('lines out of temperament', String(totals.temperament.length), '0', totals.temperament.length === 0);
const followShare = totals.followUpsUsing / Math.max(1, totals.followUps);
row(
  `follow-ups using a word of the answer (${totals.followUpsUsing}/${totals.followUps})`,
  pct(totals.followUpsUsing, totals.followUps),
  '≥ 70 %',
  followShare >= 0.7,
);
row(
  `all replies using a word of the answer (${totals.repliesUsing}/${totals.replies})`,
  pct(totals.repliesUsing, totals.replies),
  '',
  true,
);
row(
  `reply time p95 (median ${percentile(times, 50).toFixed(2)} ms, ${times.length} timed)`,
  `${p95.toFixed(2)} ms`,
  '< 50 ms',
  p95 < 50,
);
row(
  `bargaining calls whose deal the evaluation reads (${totals.dealsRead}/${totals.bargaining})`,
  pct(totals.dealsRead, totals.bargaining),
  '100 %',
  totals.dealsRead === totals.bargaining,
);
console.log(
  `  diagnostics: answers met with the move their label calls for ${totals.met}/${totals.answers}; temperament read as labelled ${totals.readAsLabelled}/${samples.length}`,
);
for (const [title, list] of [
  ['repeated questions', totals.repeated],
  ['mid-call openings', totals.openings],
  ['out of temperament', totals.temperament],
  ['moves other than the label calls for', totals.unmet],
  ['bargaining calls whose deal is not read', totals.dealsUnread],
  ['replies that use no word of the answer', verbose ? totals.notUsing : []],
] as const) {
  if (list.length) console.log(`\n${title}:\n${list.map((x) => `  - ${x}`).join('\n')}`);
}
const failed =
  totals.repeated.length + totals.openings.length + totals.temperament.length > 0 ||
  followShare < 0.7 ||
  p95 >= 50 ||
  totals.dealsRead < totals.bargaining;
process.exitCode = failed ? 1 : 0;

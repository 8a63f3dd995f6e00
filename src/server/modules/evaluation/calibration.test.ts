// The quality test: on the held-out half of the calibration set — conversations written as people
// talk, never used to tune the evaluator — a better conversation gets a better score.
import { describe, expect, it } from 'vitest';
import { evaluateBuiltin } from './builtin-evaluator.js';
import {
  answeredInTurn,
  answersOfAnother,
  asKeywords,
  asSpoken,
  type CalibrationConversation,
  CLAIM_ANSWERS,
  chatterToAll,
  claimsToAll,
  firstAnswerToAll,
  LEVELS,
  loadCalibration,
  meetsTargets,
  runCalibration,
  transcriptOf,
} from './calibration.js';

type Rubric = CalibrationConversation['rubric'];

const all = loadCalibration();

/** The built-in evaluation of a transcript, with its criteria (a failure form fails the test). */
function evaluated(c: CalibrationConversation, transcript: string) {
  const out = evaluateBuiltin({ transcript, rubricCriteria: c.rubric });
  if (!('criteria' in out)) throw new Error(`${c.id}: no criteria`);
  return out;
}

/** Each conversation's strong answers and `made` of it (typed, or `form`ed), overall scores. */
const againstStrong = (made: (c: CalibrationConversation) => string, form: (t: string) => string) =>
  all.map((c) => ({
    id: c.id,
    strong: evaluated(c, form(transcriptOf(c, 'strong'))).overallScore ?? 0,
    made: evaluated(c, form(made(c))).overallScore ?? 99,
  }));
const typedAndSpoken = [(t: string) => t, asSpoken];

describe('calibration set', () => {
  it('holds at least 12 multi-turn conversations at three levels, split into two halves across every domain', () => {
    expect(all.length).toBeGreaterThanOrEqual(12);
    for (const c of all) {
      expect(c.questions.length).toBeGreaterThanOrEqual(3);
      for (const level of LEVELS)
        expect([c.id, level, c.answers[level].length]).toEqual([c.id, level, c.questions.length]);
    }
    const domains = (split: string) => new Set(all.filter((c) => c.split === split).map((c) => c.domain));
    for (const d of ['interview', 'sales', 'support', 'feedback', 'negotiation', 'nursing', 'teaching']) {
      expect([d, domains('tune').has(d), domains('heldout').has(d)]).toEqual([d, true, true]);
    }
    const names = new Set(all.flatMap((c) => c.rubric.map((r) => r.name)));
    for (const unusual of ['Candour', 'Commercial Acumen', 'Patient Safety Awareness'])
      expect(names).toContain(unusual);
  });

  it("answers each conversation's lines with the strong answers of one from another domain (bench/evaluation's probe)", () => {
    for (const c of all) {
      const moved = answersOfAnother(c, all);
      const said = moved.split('\n').filter((l) => l.startsWith('You: '));
      const from = all.find((o) => o.answers.strong[0] === said[0].slice('You: '.length));
      expect(from && from.domain !== c.domain, c.id).toBe(true);
      expect(said).toHaveLength(c.questions.length);
      expect(moved).toContain(`${c.agent}: ${c.questions[0]}`);
    }
  });

  it('keeps the halves apart: no conversation is in both', () => {
    const ids = all.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(all.every((c) => c.split === 'tune' || c.split === 'heldout')).toBe(true);
  });
});

describe('built-in evaluator on spoken answers (lower case, no punctuation, as a recogniser gives them)', () => {
  it('orders the held-out conversations spoken too, and scores a strong answer spoken within 0.5 of it typed, on average', async () => {
    const heldout = loadCalibration('heldout');
    const evaluate = (form: (t: string) => string) => (transcript: string, rubricCriteria: Rubric) =>
      evaluateBuiltin({ transcript: form(transcript), rubricCriteria });
    const spoken = await runCalibration(heldout, evaluate(asSpoken), 1);
    const typed = await runCalibration(
      heldout,
      evaluate((t) => t),
      1,
    );
    // (strong ≥ 6.5 spoken: bench/evaluation prints it; a recogniser's run of words loses questions'
    // marks and some sentence ends no cut restores)
    expect(meetsTargets(spoken)).toMatchObject({ ordered: true, weakLow: true, gap: true });
    const gaps = spoken.results.map((r, i) => (r.scores.strong ?? 0) - (typed.results[i].scores.strong ?? 0));
    expect(gaps.reduce((a, b) => a + b, 0) / gaps.length).toBeGreaterThanOrEqual(-0.5);
  });
});

describe('built-in evaluator on answers given as keyword lists', () => {
  // The strong answers' own words, with the words that make sentences of them taken out (asKeywords):
  // what someone saying the right terms to a scorer would say. They show no sentence that does what
  // the words name: each scores at least 3 below the strong answers it came from, and as the weak
  // answers do (≤ 3.5) in ≥ 90 % of the conversations, typed and spoken alike.
  it('scores the strong answers as keywords ≥ 3 below them, and ≤ 3.5 in ≥ 90 % of the conversations', () => {
    for (const form of typedAndSpoken) {
      const rows = againstStrong((c) => asKeywords(transcriptOf(c, 'strong')), form);
      expect(rows.filter((r) => r.made > r.strong - 3)).toEqual([]);
      expect(rows.filter((r) => r.made <= 3.5).length).toBeGreaterThanOrEqual(0.9 * rows.length);
    }
  });

  it('says in the rationale what the lists cost, quoting one, and tips to answer in sentences', () => {
    const c = all[0];
    const out = evaluated(c, asKeywords(transcriptOf(c, 'strong')));
    const withEvidence = out.criteria.filter((r) => !r.rationale?.startsWith('No evidence'));
    expect(withEvidence.length).toBeGreaterThan(0);
    for (const r of withEvidence) {
      expect(r.rationale).toMatch(
        /Answers given as lists of words instead of sentences cost \d+% of the score/,
      );
      // the list is quoted once: as the criterion's evidence, or as the example of the lists
      expect(r.rationale).toMatch(/"[^"]*, [^"]*, [^"]*"/);
      expect(r.feedback).toContain('Answer in sentences');
    }
  });

  it('counts the answers said in sentences in full: no calibration answer, typed or spoken, is taken for a list, a repeat or talk of something else, and no strong one for a claim', () => {
    const flagged = all.flatMap((c) =>
      LEVELS.flatMap((level) =>
        [transcriptOf(c, level), asSpoken(transcriptOf(c, level))].flatMap((t) => {
          const taken =
            level === 'strong'
              ? /lists of words|repeat an earlier|describe yourself/
              : /lists of words|repeat an earlier/;
          return evaluated(c, t).criteria.some((r) => taken.test(r.rationale ?? ''))
            ? [`${c.id} ${level}`]
            : [];
        }),
      ),
    );
    expect(flagged).toEqual([]);
  });

  // A good answer learnt by heart and said whatever is asked (firstAnswerToAll): its substance
  // counts once, and the answers that repeat it answer nothing. It scores as a weak conversation
  // does, in ≥ 90 % of the conversations, and ≥ 3 below the strong one in every one.
  it('scores the first strong answer given to every line ≤ 3.5, and ≥ 3 below the strong answers', () => {
    const rows = againstStrong(firstAnswerToAll, (t) => t);
    expect(rows.filter((r) => r.made > r.strong - 3)).toEqual([]);
    expect(rows.filter((r) => r.made <= 3.5).length).toBeGreaterThanOrEqual(0.9 * rows.length);
  });

  it('says in the rationale what the repeats cost, spoken too', () => {
    const c = all[0];
    for (const transcript of [firstAnswerToAll(c), asSpoken(firstAnswerToAll(c))]) {
      const withEvidence = evaluated(c, transcript).criteria.filter(
        (r) => !r.rationale?.startsWith('No evidence'),
      );
      expect(withEvidence.length).toBeGreaterThan(0);
      for (const r of withEvidence) {
        expect(r.rationale).toMatch(/Answers that repeat an earlier answer cost \d+% of the score/);
        expect(r.feedback).toContain('Answer each question itself');
      }
    }
  });

  it('counts an answer given twice once: the strong answers with the first given again last still beat the medium ones', () => {
    for (const c of all) {
      const again = answeredInTurn(c, [...c.answers.strong.slice(0, -1), c.answers.strong[0]]);
      const medium = evaluated(c, transcriptOf(c, 'medium')).overallScore ?? 0;
      expect([c.id, (evaluated(c, again).overallScore ?? 0) > medium]).toEqual([c.id, true]);
    }
  });
});

describe('built-in evaluator on answers that describe the speaker instead of showing it', () => {
  it('scores them as a weak conversation: 3.5 or less in every one, ≥ 3 below the strong answers, typed and spoken', () => {
    for (const form of typedAndSpoken) {
      const rows = againstStrong(claimsToAll, form);
      expect(rows.filter((r) => r.made > 3.5 || r.made > r.strong - 3)).toEqual([]);
      expect(rows.reduce((n, r) => n + r.made, 0) / rows.length).toBeLessThanOrEqual(3.5);
    }
  });

  it('says so in the rationale, and tips to show it', () => {
    const c = all[0];
    const withEvidence = evaluated(c, claimsToAll(c)).criteria.filter(
      (r) => !r.rationale?.startsWith('No evidence'),
    );
    expect(withEvidence.length).toBeGreaterThan(0);
    for (const r of withEvidence) {
      expect(r.rationale).toMatch(
        /Answers that describe yourself with no example to show it cost \d+% of the score/,
      );
      expect(r.feedback).toContain('Show it rather than say it');
    }
  });

  it('counts a claim that comes with a plan in full', () => {
    const c = all[0];
    const planned = c.questions
      .flatMap((q) => [
        `${c.agent}: ${q}`,
        "You: I'm a big believer in feedback, so I'd set up a weekly one-to-one and ask what is blocking them.",
      ])
      .join('\n');
    expect(evaluated(c, planned).criteria.some((r) => r.rationale?.includes('describe yourself'))).toBe(
      false,
    );
  });

  it('counts a claim that comes with its example in full', () => {
    const c = all[0];
    const shown = c.questions
      .flatMap((q, i) => [
        `${c.agent}: ${q}`,
        `You: ${CLAIM_ANSWERS[i % CLAIM_ANSWERS.length]} Last March I ran the weekly update for 40 people after the outage, and complaints fell by half.`,
      ])
      .join('\n');
    expect(evaluated(c, shown).criteria.some((r) => r.rationale?.includes('describe yourself'))).toBe(false);
  });
});

describe('built-in evaluator on talk about something else than the call', () => {
  // Chatter about pasta, football, a holiday and a dog (CHATTER_ANSWERS), each with an action and a
  // figure. The subjects are the ones the persona brings back to the question (shared/domain/topics.json);
  // an answer naming two or more of them, with fewer words tying it to the call, counts nothing.
  it('scores it as a weak conversation: 3.5 or less on average and ≥ 3 below the strong answers, typed and spoken', () => {
    for (const form of typedAndSpoken) {
      const rows = againstStrong(chatterToAll, form);
      expect(rows.filter((r) => r.made > r.strong - 3)).toEqual([]);
      expect(rows.reduce((n, r) => n + r.made, 0) / rows.length).toBeLessThanOrEqual(3.5);
    }
  });

  it('scores every conversation of it 3.5 or less: a holiday and a pet are as far from the call as pasta', () => {
    const rows = againstStrong(chatterToAll, (t: string) => t);
    expect(rows.filter((r) => r.made > 3.5)).toEqual([]);
    // other chatter than the set's: a hike, a trip abroad, a kitten
    const other = [
      'Last weekend I went hiking in the mountains and camped by a lake, and we walked fifteen miles on the second day.',
      "I'm planning a trip to Japan next spring. I booked the flights myself and found a hotel in Kyoto for half the usual price.",
      'My kitten learned to open the fridge door, it took her about two days, and now she steals the cheese every night.',
    ];
    const made = all.map((c) => evaluated(c, answeredInTurn(c, other)).overallScore);
    expect(made.filter((score) => score === null || score > 3.5)).toEqual([]);
  });

  it('says so in the rationale', () => {
    const c = all[0];
    const withEvidence = evaluated(c, chatterToAll(c)).criteria.filter(
      (r) => !r.rationale?.startsWith('No evidence'),
    );
    for (const r of withEvidence)
      expect(r.rationale).toMatch(/Answers about something other than the call cost \d+% of the score/);
  });
});

describe('built-in evaluator on the held-out half', () => {
  it('orders strong > medium > weak, scores strong ≥ 6.5 and weak ≤ 3.5 with a gap ≥ 3, in ≥ 90 % of conversations, with no spread', async () => {
    const summary = await runCalibration(
      loadCalibration('heldout'),
      (transcript, rubricCriteria) => evaluateBuiltin({ transcript, rubricCriteria }),
      2,
    );
    const failed = summary.results.filter((r) => !r.ordered).map((r) => [r.id, r.scores]);
    expect({ ...meetsTargets(summary), outOfOrder: failed }).toEqual({
      ordered: true,
      strongHigh: true,
      weakLow: true,
      gap: true,
      spread: true,
      outOfOrder: [],
    });
  });

  it('rates concise strong answers high, and verbose weak answers low, by substance not length', () => {
    const heldout = loadCalibration('heldout');
    const score = (c: (typeof heldout)[number], level: (typeof LEVELS)[number]) =>
      evaluateBuiltin({ transcript: transcriptOf(c, level), rubricCriteria: c.rubric }).overallScore ?? 0;
    const concise = heldout.filter((c) => c.notes?.includes('strong is concise'));
    const verbose = heldout.filter((c) => c.notes?.includes('weak is verbose'));
    expect([concise.length >= 3, verbose.length >= 3]).toEqual([true, true]);
    for (const c of concise) expect([c.id, score(c, 'strong') >= 6.5]).toEqual([c.id, true]);
    for (const c of verbose) {
      expect([c.id, score(c, 'weak') <= 3.5, score(c, 'medium') > score(c, 'weak')]).toEqual([
        c.id,
        true,
        true,
      ]);
    }
  });
});

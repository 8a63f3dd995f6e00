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
  CHATTER_ANSWERS,
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
import { scenarioSubject } from './service.js';

type Rubric = CalibrationConversation['rubric'];

const all = loadCalibration();

/** The built-in evaluation of a transcript, with its criteria (a failure form fails the test). */
function evaluated(c: CalibrationConversation, transcript: string) {
  const out = evaluateBuiltin({ transcript, rubricCriteria: c.rubric, subject: c.scenario });
  if (!('criteria' in out)) throw new Error(`${c.id}: no criteria`);
  return out;
}

/** whether a criterion's rationale says answers were about something other than the call (`what`: the words named) */
const judgedElsewhere = (e: { criteria: { rationale?: string }[] }, what = '') =>
  e.criteria.some((r) => r.rationale?.includes(`something other than the call${what}`));

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
    const evaluate =
      (form: (t: string) => string) => (transcript: string, rubricCriteria: Rubric, subject: string) =>
        evaluateBuiltin({ transcript: form(transcript), rubricCriteria, subject });
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

describe('built-in evaluator on answers learnt for another call', () => {
  // Good answers from another kind of work said in this call (a nurse's answers to a flour supplier):
  // the fields of work the call raises (persona's lines, rubric, scenario) are its own, with the fields
  // near them (shared/domain/fields.json); answers that name mostly other fields' words count nothing.
  // Spoken, the cold call's medium answers ("We're very thorough and our customers are happy") hold no
  // action and score 2.4, a tenth under a support call's answers said there (2.5): 16 of 21.
  it("scores another conversation's strong answers 3.5 or less in 17 of 21 conversations and below its medium answers in 17 typed, 16 spoken", () => {
    for (const [form, belowMedium] of [
      [typedAndSpoken[0], 17],
      [typedAndSpoken[1], 16],
    ] as const) {
      const rows = all.map((c) => ({
        id: c.id,
        moved: evaluated(c, form(answersOfAnother(c, all))).overallScore ?? 99,
        medium: evaluated(c, form(transcriptOf(c, 'medium'))).overallScore ?? 0,
      }));
      expect(rows.filter((r) => r.moved <= 3.5).length).toBeGreaterThanOrEqual(17);
      expect(rows.filter((r) => r.moved <= r.medium).length).toBeGreaterThanOrEqual(belowMedium);
    }
  });

  // a call and answers written for this test, not from the set the fields were chosen on
  const ward: CalibrationConversation = {
    ...all[0],
    id: 'ward-sister-interview',
    scenario: 'Interview for a charge nurse on a busy medical ward',
    agent: 'Ward Sister',
    rubric: [
      { name: 'Clinical Judgement', description: 'Spots risk early and acts on it.' },
      { name: 'Teamwork', description: 'Works with colleagues and hands over clearly.' },
    ],
    questions: [
      'Tell me about a shift where things started to go wrong.',
      'How do you handle a colleague who is struggling?',
      'What would you change about how a ward runs?',
    ],
  };
  const developerAnswers = [
    'Last year a deployment broke our checkout API on a Friday evening. I rolled back within ten minutes, wrote the incident timeline, and we added a canary stage to the pipeline so a bad build reaches five percent of servers first.',
    'A junior developer on my team kept missing sprint goals. I paired with him on code reviews twice a week, split his tickets into smaller pull requests, and within a month his changes were merging in a day instead of a week.',
    'I would move our database migrations out of the release night. We lost two weekends to failed migrations, so I proposed running them behind a feature flag during the week, and the backend team agreed.',
  ];
  const nurseAnswers = [
    'On a night shift an elderly man after a hip operation became confused and his breathing rate went up. I did a full set of obs, his NEWS score was 5, so I called the doctor and started hourly observations. He had an infection and was on antibiotics within the hour.',
    'A newly qualified nurse was behind on her drug round and close to tears. I took two of her patients for an hour, went through her list with her, and at handover I made sure the night staff knew what was still due.',
    'I would change how we do handover: at the bedside, with the patient, using SBAR, so nothing gets lost and the patient hears the plan too.',
  ];

  it("catches answers of another kind of work than the set's, and keeps the call's own", () => {
    const other = evaluated(ward, answeredInTurn(ward, developerAnswers));
    const own = evaluated(ward, answeredInTurn(ward, nurseAnswers));
    expect(other.overallScore ?? 99).toBeLessThanOrEqual(3.5);
    expect(own.overallScore ?? 0).toBeGreaterThanOrEqual((other.overallScore ?? 99) + 3);
    expect(
      other.criteria.some((r) =>
        /Answers about something other than the call \(deployment, .+\) (cost \d+% of the score|counted nothing)/.test(
          r.rationale ?? '',
        ),
      ),
    ).toBe(true);
    expect(judgedElsewhere(own)).toBe(false);
  });

  it("still counts the answers about the call's own work in a call of another's", () => {
    const four = { ...ward, questions: [...ward.questions, 'Anything else you want to tell me?'] };
    const score = (last: string) =>
      evaluated(four, answeredInTurn(four, [...developerAnswers, last])).overallScore ?? 0;
    // the last answer a nurse's, or one more of the developer's
    const nurse = score(nurseAnswers[0]);
    const developer = score(
      'I also moved our logging to a new cloud provider: the backend team wrote the migration scripts and I reviewed every pull request.',
    );
    expect(nurse).toBeGreaterThan(developer + 1);
  });

  it('does not take the persona saying the other work back for the call raising it', () => {
    // as the built-in persona answers them: each answer's most telling word said back
    const transcript = developerAnswers
      .flatMap((answer, i) => [
        `Ward Sister: ${i === 0 ? ward.questions[0] : `Deployment? I'm not sure how that comes into this. ${ward.questions[i]}`}`,
        `You: ${answer}`,
      ])
      .join('\n');
    const echoed = evaluated(ward, transcript);
    expect(echoed.overallScore ?? 99).toBeLessThanOrEqual(3.5);
    expect(judgedElsewhere(echoed, ' (deployment')).toBe(true);
    // chatter said back ("Cooking pasta and the sauce are a little outside what I asked.") is still chatter
    const c = all[0];
    const chatter = c.questions
      .flatMap((q, i) => [
        `${c.agent}: ${i === 0 ? q : `Cooking pasta and the sauce are a little outside what I asked. ${q}`}`,
        `You: ${CHATTER_ANSWERS[0]}`,
      ])
      .join('\n');
    expect(judgedElsewhere(evaluated(c, chatter))).toBe(true);
  });

  it('leaves one answer about an earlier job among answers about this one', () => {
    // a career changer: the first answer tells of the software job before nursing
    const changer = [developerAnswers[0], ...nurseAnswers.slice(1)];
    const scored = evaluated(ward, answeredInTurn(ward, changer));
    expect(judgedElsewhere(scored)).toBe(false);
    expect(scored.overallScore ?? 0).toBeGreaterThanOrEqual(5);
  });

  it("reads a stored scenario's role and questions before its brief, and only the brief's first 4,000 characters", () => {
    // a custom scenario's brief may hold 20,000 characters; its questions still name its field
    const subject = scenarioSubject({
      role: 'Hiring Manager',
      company: 'Northfield Trust',
      callType: 'Interview',
      sampleQuestions: ['Tell me about a night shift on the ward when a patient deteriorated.'],
      bio: '',
      systemPrompt: `${'Keep every reply short and stay in character. '.repeat(450)}You interview a backend developer.`,
    });
    // the persona's lines and rubric name no field: only the scenario can
    const generic = {
      ...ward,
      rubric: [{ name: 'Clarity', description: 'Plain.' }],
      questions: ['Tell me about yourself.', 'What are you proud of?', 'What would you change?'],
    };
    const out = evaluateBuiltin({
      transcript: answeredInTurn(generic, developerAnswers),
      rubricCriteria: generic.rubric,
      subject,
    });
    // health is the call's own, from its question; the developer at the brief's end is past the cut
    expect(judgedElsewhere(out, ' (deployment')).toBe(true);
  });

  it('does not judge a call that raises no field of work: its answers are scored on their substance', () => {
    // generic questions and criteria, with no scenario: nothing says which work is this call's
    const generic: CalibrationConversation = {
      ...ward,
      scenario: 'A first conversation',
      rubric: [{ name: 'Clarity', description: 'Answers plainly and to the point.' }],
      questions: ['Tell me about yourself.', 'What are you proud of?', 'What would you change?'],
    };
    const scored = evaluated(generic, answeredInTurn(generic, developerAnswers));
    expect(judgedElsewhere(scored)).toBe(false);
  });

  it("counts a field near the call's own as its own: a product interview's talk of pricing and the CFO", () => {
    const product: CalibrationConversation = {
      ...ward,
      scenario: 'Interview for a product manager at a software company',
      agent: 'Interviewer',
      rubric: [{ name: 'Product Sense', description: 'Makes product decisions from evidence.' }],
      questions: [
        'How did you decide what to build next?',
        'Tell me about a launch.',
        'How do you work with sales?',
      ],
    };
    const answers = [
      'I looked at churn by key accounts and found that clients on the cheapest plan left in their first quarter, so I moved onboarding calls into the first week and churn fell from 9 to 6 percent.',
      'We launched annual pricing with a campaign to existing customers. The CFO wanted a bigger discount, I showed her the payback on 15 percent, and we shipped it with a renewal reminder.',
      'I join the sales pipeline review every Monday, and when prospects ask for the same feature three times it goes to the top of the roadmap discussion with the numbers.',
    ];
    const scored = evaluated(product, answeredInTurn(product, answers));
    expect(judgedElsewhere(scored)).toBe(false);
    // a health-tech product manager's customers are doctors and GP surgeries: one word of the
    // call's own work ("app") and her answers are hers
    const healthTech = [
      'We launched a booking app for GP surgeries. People waited twenty minutes on the phone, so we let them book online and cut calls by a third.',
      'I spent a week shadowing doctors and the reception staff, and we dropped two screens nobody used.',
      'Next I would add reminders, because a missed appointment costs a surgery about thirty pounds.',
    ];
    const hers = evaluated(product, answeredInTurn(product, healthTech));
    expect(judgedElsewhere(hers)).toBe(false);
  });
});

describe('built-in evaluator on the held-out half', () => {
  it('orders strong > medium > weak, scores strong ≥ 6.5 and weak ≤ 3.5 with a gap ≥ 3, in ≥ 90 % of conversations, with no spread', async () => {
    const summary = await runCalibration(
      loadCalibration('heldout'),
      (transcript, rubricCriteria, subject) => evaluateBuiltin({ transcript, rubricCriteria, subject }),
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
      evaluateBuiltin({ transcript: transcriptOf(c, level), rubricCriteria: c.rubric, subject: c.scenario })
        .overallScore ?? 0;
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

import { describe, expect, it } from 'vitest';
import { answersAnotherQuestion } from '../../../shared/domain/other-questions.js';
import { PRESET_INTERVIEWERS } from '../../db/seed/preset-interviewers.js';
import { generateBuiltin } from '../../modules/custom-calls/builtin-generator.js';
import type { Persona, Turn } from './brain.js';
import { auditConversation } from './dialogue/audit.js';
import { detailAsked } from './dialogue/brief.js';
import { LINES, PAST_ONLY, preparePersona, REOPENING, readConversation } from './dialogue/index.js';
import { courtesiesOnly } from './dialogue/listen.js';
import {
  ANGRY_CTO,
  ANSWERS,
  DIALOGUES,
  generatedPersona,
  PM_INTERVIEWER,
  playScripted,
  withoutTerms,
} from './dialogue/testing.js';
import { contentStems } from './dialogue/text.js';
import {
  AFTER_CLOSING_LINE,
  CLOSING_LINE,
  createScriptedBrain,
  isWeakAnswer,
  nextScriptedLine,
  openingLine,
} from './scripted-brain.js';

const [Q1, Q2, Q3] = PM_INTERVIEWER.sampleQuestions;

/** the persona's reply once the first question is on the table and the user gives this answer */
function replyToFirstQuestion(answer: string, persona: Persona = PM_INTERVIEWER) {
  return playScripted(persona, [ANSWERS.ready, answer]).lines[1];
}

/** whether a line names something of the answer (a word of it that the question did not say) */
function namesAnswer(line: string, answer: string, question = Q1) {
  const asked = contentStems(question);
  const own = [...contentStems(answer)].filter((s) => !asked.has(s));
  const said = contentStems(line);
  return own.some((s) => said.has(s));
}

describe('scripted persona: the call opens and closes', () => {
  it('opens with the welcome, begins on "ready", asks the questions in order and closes in its own voice', () => {
    const { opening, lines } = playScripted(PM_INTERVIEWER, [
      ANSWERS.ready,
      ANSWERS.concrete,
      'I would pull the funnel for the identity step by device, then call ten merchants who dropped out last week.',
      'Completion rate and time to first payment, with a target of 80 percent completion.',
      'Thanks!',
      'Bye then.',
    ]);
    expect(opening.text).toBe(PM_INTERVIEWER.welcomeMessage);
    expect(lines[0].text).toBe(`Great, let's begin. ${Q1}`);
    expect(lines[1].text).toMatch(new RegExp(`${Q2.replace(/[?.]/g, '\\$&')}$`));
    expect(lines[2].text).toMatch(new RegExp(`${Q3.replace(/[?.]/g, '\\$&')}$`));
    expect(lines[3].text).toContain(CLOSING_LINE);
    expect(lines[3].move).toBe('close');
    expect(lines[4].text).toBe(AFTER_CLOSING_LINE);
    expect(lines[5].move).toBe('after-close');
    expect(lines[5].text).not.toContain('?');
  });

  it('opens in character with the old default when the welcome is blank', () => {
    expect(openingLine({ ...PM_INTERVIEWER, welcomeMessage: '  ' })).toBe(
      "Hi, I'm Sam Okafor, Head of Product at Brightline. Thanks for making the time today. Shall we get started?",
    );
  });

  it('falls back to general questions when the persona has none', () => {
    const line = nextScriptedLine({ ...PM_INTERVIEWER, sampleQuestions: [] }, [
      { speaker: 'agent', text: 'Hello' },
      { speaker: 'user', text: 'Hi' },
    ]);
    expect(line).toMatch(/^Great, let's begin\. Tell me a little about yourself/);
  });

  it('reads a weak answer: one word or vague', () => {
    expect(isWeakAnswer('Yes.')).toBe(true);
    expect(isWeakAnswer(ANSWERS.vague)).toBe(true);
    expect(isWeakAnswer(ANSWERS.concrete)).toBe(false);
  });
});

describe('scripted persona: the user leaves the call', () => {
  const preset = (slug: string) => PRESET_INTERVIEWERS.find((p) => p.slug === slug) as Persona;
  const textsOf = (lines: typeof LINES.farewells, t: string) =>
    lines.filter((l) => l.temperament === t).map((l) => l.text);

  it('an interviewer lets the user go with its questions left, and the call stays closed', () => {
    const { lines } = playScripted(PM_INTERVIEWER, [
      ANSWERS.ready,
      ANSWERS.concrete,
      'Sorry, I have to go now. Thanks for your time, bye!',
      'What is the salary range?',
      'bye',
    ]);
    // it asked for more ("Could you say a little more about that?") or its next question
    expect(lines[2].move).toBe('close');
    expect(textsOf(LINES.farewells, 'calm')).toContain(lines[2].text);
    expect(lines[2].text).not.toContain('?');
    // read back from the conversation, the call is closed: a question after it is met as after one
    expect(lines[3].move).toBe('after-close');
    expect(lines[4].move).toBe('after-close');
    expect(textsOf(LINES.goodbyes, 'calm')).toContain(lines[4].text);
    // spoken, with no punctuation
    const spoken = playScripted(PM_INTERVIEWER, [
      ANSWERS.ready,
      'thanks thats all from me thanks for your time bye',
    ]);
    expect(spoken.lines[1].move).toBe('close');
  });

  it('a prospect agrees to the next step the user takes on as they leave, then closes', () => {
    const rachel = preset('rachel-alvarez');
    const { lines } = playScripted(rachel, [
      'Hi Rachel.',
      'Sure.',
      "Great, I'll send you the invite for Tuesday. Thanks Rachel, bye!",
    ]);
    expect(lines[2].move).toBe('close');
    expect(lines[2].parts.map((part) => part.role)).toEqual(['next-step', 'closing']);
    expect(textsOf(LINES.nextStepsAgreed, 'sceptical')).toContain(lines[2].parts[0].text);
    expect(textsOf(LINES.closingsHeard, 'sceptical')).toContain(lines[2].parts[1].text);
  });

  it('thanks alone with its question unanswered is met with the question again, not "Tell me a bit more"', () => {
    const { lines } = playScripted(PM_INTERVIEWER, [
      ANSWERS.ready,
      ANSWERS.concrete,
      'Thanks, I appreciate that.',
      'I would pull the funnel for the identity step by device, then call ten merchants who dropped out last week.',
    ]);
    // "Appreciate — okay! Tell me a bit more, I'd love to hear the details!"
    expect(lines[2].move).toBe('again');
    expect(lines[2].text).toContain(Q2);
    expect(lines[2].text).not.toMatch(/appreciate/i);
    // the answer after it is the answer to that question
    expect(lines[3].move).toBe('next');
    expect(lines[3].text).toContain(Q3);
    // thanks to a follow-up: the follow-up again, not "Appreciate, okay. Could you say a little more?"
    const followed = playScripted(PM_INTERVIEWER, [
      ANSWERS.ready,
      'I worked on some product things at a bank, it was good.',
      'Thanks, I appreciate that.',
    ]).lines;
    expect(followed[1].move).toBe('follow-up');
    expect(followed[2].move).toBe('again');
    expect(followed[2].text).toContain(followed[1].text.slice(followed[1].text.lastIndexOf('. ') + 2));
    // read back, thanks answered nothing: a next step proposed after it still gets the question again
    const rachel = preset('rachel-alvarez');
    const [whySwitch] = rachel.sampleQuestions;
    const proposed = playScripted(rachel, [
      'Hi Rachel.',
      'Sure.',
      'Thanks, I appreciate that.',
      'Could we book 30 minutes next Tuesday to show you a demo?',
    ]).lines[3];
    expect(proposed.move).toBe('again');
    expect(proposed.text).toContain(whySwitch);
    // to a report, thanks and appreciation together, typed or spoken
    const alex = preset('alex-kim');
    for (const thanks of [
      'Thanks Alex, I appreciate you being open about it.',
      'thanks alex i appreciate it',
    ]) {
      const line = playScripted(alex, [
        'Hi Alex.',
        'Two teammates said your review comments discouraged them.',
        thanks,
      ]).lines[2];
      expect(line.move, thanks).toBe('again');
    }
  });

  it('thanks with what the speaker says of themselves answers ("Thanks, I\'m excited too.")', () => {
    const greg = preset('greg-holloway');
    const line = playScripted(greg, ['Hi Greg, great to hear from you.', "Thanks, I'm excited too."])
      .lines[1];
    expect(line.move).not.toBe('again');
  });

  it('a persona that leads, asked what else it needs, says its question again or asks its next one', () => {
    const tom = preset('tom-brennan');
    const pending = playScripted(tom, [
      "Hi Tom, it's Sam, your account manager.",
      'Is there anything else you need from me?',
    ]).lines[1];
    // "How would I know? That's your job. Which still leaves my question."
    expect(pending.move).toBe('again');
    expect(LINES.unknowns.some((l) => pending.text.includes(l.text))).toBe(false);
    expect(pending.text).toContain(tom.sampleQuestions[0]);
    const answered = playScripted(PM_INTERVIEWER, [
      ANSWERS.ready,
      ANSWERS.vague,
      'What else do you need from me?',
    ]).lines[2];
    expect(answered.move).toBe('next');
    expect(answered.text).toContain(Q2);
  });

  it('grants leave to answer a certain way, and says what its question means, keeping it on the table', () => {
    const elena = preset('elena-petrova');
    const [first, second] = elena.sampleQuestions;
    const { lines } = playScripted(elena, [
      "Good afternoon Elena, yes let's begin.",
      'Can I use an example from my previous company?',
      'At Lloyds I ran a contact centre of 120 people in three teams, each with a team leader.',
      'What do you mean by resistance exactly?',
      'what do you mean by resistance',
    ]);
    expect(lines[0].text).toContain(first);
    // "Your previous company — okay, thank you. Could you give me a specific example?"
    expect(LINES.permissions.map((l) => l.text)).toContain(lines[1].text);
    const spoken = playScripted(elena, [
      "good afternoon elena yes let's begin",
      'can i use an example from my previous company',
    ]);
    expect(LINES.permissions.map((l) => l.text)).toContain(spoken.lines[1].text);
    // the answer after it answers the first question: the second follows
    expect(lines[2].move).toBe('next');
    expect(lines[2].text).toContain(second);
    // read back, asking leave answered nothing: what else it needs is still its first question
    const needs = playScripted(elena, [
      "Good afternoon Elena, yes let's begin.",
      'Can I use an example from my previous company?',
      'Is there anything else you need from me?',
    ]).lines[2];
    expect(needs.move).toBe('again');
    expect(needs.text).toContain(first);
    // "Resistance, understood. Can you be more specific, with one example?"
    for (const asked of [lines[3], lines[4]]) {
      expect(asked.move).toBe('again');
      expect(LINES.clarify.map((l) => l.text)).toContain(asked.parts[0].text);
      expect(asked.text).toContain(second);
    }
  });

  it('a first turn thanking for the time opens the call, and thanks inside an answer is an answer', () => {
    const rachel = preset('rachel-alvarez');
    const opened = playScripted(rachel, ['Hi Rachel, thanks for your time.']).lines[0];
    expect(opened.move).not.toBe('close');
    const answered = playScripted(PM_INTERVIEWER, [
      ANSWERS.ready,
      'Thanks for your time. I launched a savings feature at Monzo that grew deposits 30 percent in six months.',
    ]).lines[1];
    expect(answered.move).toBe('next');
  });
});

describe('scripted persona: the follow-up the answer calls for', () => {
  it('a concrete answer: names its result and moves on to the next question', () => {
    const line = replyToFirstQuestion(ANSWERS.concrete);
    expect(line.move).toBe('next');
    expect(line.rule).toBeNull();
    expect(line.text).toMatch(/^Cutting late deliveries from 9 % to 3 %/);
    expect(line.text).toContain(Q2);
  });

  it('no result: asks for the result, naming what was done', () => {
    const line = replyToFirstQuestion(ANSWERS.noResult);
    expect(line.rule).toBe('result');
    expect(line.text).toMatch(/result|turn out|changed/i);
    expect(namesAnswer(line.text, ANSWERS.noResult)).toBe(true);
    expect(line.text).not.toContain(Q2);
  });

  it('"we" only: asks what they did themselves', () => {
    const line = replyToFirstQuestion(ANSWERS.weOnly);
    expect(line.rule).toBe('self');
    expect(line.text).toMatch(/yourself|your own part|were yours/);
    expect(namesAnswer(line.text, ANSWERS.weOnly)).toBe(true);
  });

  it('vague: asks for a concrete example, naming what was said', () => {
    const line = replyToFirstQuestion(ANSWERS.vague);
    expect(line.rule).toBe('example');
    expect(line.text).toContain('a disagreement with finance');
    expect(line.text).toMatch(/example|concrete|real situation/);
  });

  it('off-topic (pasta, a football club): brings them back to the question without asking it again word for word', () => {
    for (const [answer, named] of [
      [ANSWERS.offTopicPasta, 'cooking pasta'],
      [ANSWERS.offTopicFootball, 'football club'],
    ]) {
      const line = replyToFirstQuestion(answer);
      expect(line.rule).toBe('offTopic');
      expect(line.text).toContain(named);
      expect(line.text).toContain('a product you launched');
      expect(line.text).not.toContain(Q1);
    }
  });

  it("another kind of work than the call's (a nurse's story to a product interviewer): asks how it comes into this, naming it, in every temperament", () => {
    const nurse =
      'On a night shift an elderly man became confused, so I did a full set of obs, called the doctor, and the patient was on antibiotics within the hour.';
    for (const temperament of ['calm', 'friendly', 'sceptical', 'angry']) {
      const persona = {
        ...PM_INTERVIEWER,
        systemPrompt: `${PM_INTERVIEWER.systemPrompt} You are ${temperament}.`,
      };
      const line = replyToFirstQuestion(nurse, persona);
      expect([temperament, line.rule]).toEqual([temperament, 'otherWork']);
      // the longest word of the other work it named, and the question it comes back to
      expect(line.text).toMatch(/antibiotics/i);
      expect(line.parts.every((p) => p.temperament === null || p.temperament === temperament)).toBe(true);
    }
    // asked once on a question: another answer of the other work is heard and the call moves on
    const twice = playScripted(PM_INTERVIEWER, [
      ANSWERS.ready,
      nurse,
      'A newly qualified nurse was behind on her drug round, so I took two of her patients for an hour and briefed the night staff.',
    ]).lines;
    expect([twice[1].rule, twice[2].rule]).toEqual(['otherWork', null]);
    expect(twice[2].move).toBe('next');
    // a health-tech product manager telling of her product answers the question it takes up
    const healthTech = replyToFirstQuestion(
      'We launched a tool for GPs so that doctors could see the patient notes on the ward round, and I was the product lead.',
    );
    expect(healthTech.rule).not.toBe('otherWork');
    // a career changer who ties it to this work has answered
    const tied = replyToFirstQuestion(
      'As a nurse I ran the drug round and handovers, and as a product manager I now run our roadmap reviews the same way: we cut onboarding drop-off by 20 percent.',
    );
    expect(tied.rule).not.toBe('otherWork');
    // a scenario that names no field of work has nothing to be another call than
    const generic = {
      ...PM_INTERVIEWER,
      systemPrompt: 'You are Sam, having a first conversation with a candidate.',
      sampleQuestions: ['Tell me about something you are proud of.'],
    };
    expect(replyToFirstQuestion(nurse, generic).rule).not.toBe('otherWork');
  });

  it('hostile: stays in character and redirects', () => {
    const line = replyToFirstQuestion(ANSWERS.hostile);
    expect(line.rule).toBe('hostile');
    expect(line.text).toContain('stupid');
    expect(line.text).toContain('a product you launched');
    expect(line.parts.every((p) => p.temperament === null || p.temperament === 'calm')).toBe(true);
  });

  it('one word: asks them to expand', () => {
    const line = replyToFirstQuestion(ANSWERS.oneWord);
    expect(line.rule).toBe('expand');
    expect(line.text).toMatch(/^Yes/);
    expect(line.text).toMatch(/more|expand/);
  });

  it('a list of terms, typed or as a recogniser gives it: asks for an example', () => {
    for (const listed of [
      'Stakeholders, metrics, data-driven roadmap, ownership, twenty percent revenue, impact, alignment, results, agile.',
      'stakeholders metrics data driven roadmap ownership twenty percent revenue impact alignment results agile',
    ]) {
      const line = replyToFirstQuestion(listed);
      expect([line.move, line.rule]).toEqual(['follow-up', 'example']);
    }
  });

  it('an answer that only describes the speaker: asks for an example; with its example it moves on', () => {
    const claims =
      "I'm a great communicator and I always show empathy. I take full ownership of every problem.";
    const asked = replyToFirstQuestion(claims);
    expect([asked.move, asked.rule]).toEqual(['follow-up', 'example']);
    const shown = replyToFirstQuestion(
      "I'm a great communicator: last March I ran the weekly update for 40 people after the outage, and complaints fell by half.",
    );
    expect(shown.move).toBe('next');
  });

  it('an answer given again to the next question: says so, plainly, and asks about this question, in every temperament', () => {
    for (const persona of [PM_INTERVIEWER, ANGRY_CTO]) {
      const { lines } = playScripted(persona, [ANSWERS.ready, ANSWERS.concrete, ANSWERS.concrete]);
      const line = lines[2];
      expect([persona.name, line.move, line.rule, line.answer]).toEqual([
        persona.name,
        'follow-up',
        'repeat',
        'repeat',
      ]);
      // not praised a second time: the follow-up is the whole reply
      expect(line.parts.map((p) => p.role)).toEqual(['follow-up']);
      expect(line.text).toMatch(/already|before|a moment ago|Same answer|heard that/);
      // the question on the table is still the second one; a real answer to it moves on
      expect(line.text).not.toContain(persona.sampleQuestions[2]);
    }
    const { p } = playScripted(PM_INTERVIEWER, []);
    for (const t of ['calm', 'friendly', 'sceptical', 'angry'] as const) {
      const { lines } = playScripted({ ...p, temperament: t }, [
        ANSWERS.ready,
        ANSWERS.concrete,
        ANSWERS.concrete,
      ]);
      expect([t, lines[2].rule, lines[2].parts.at(-1)?.temperament]).toEqual([t, 'repeat', t]);
    }
  });

  it('asks at most two follow-ups on a question, each rule once, then moves on', () => {
    const { lines } = playScripted(PM_INTERVIEWER, [
      ANSWERS.ready,
      ANSWERS.vague,
      ANSWERS.vague,
      ANSWERS.vague,
    ]);
    expect(lines.slice(1).map((l) => l.move)).toEqual(['follow-up', 'follow-up', 'next']);
    expect(lines[1].rule).toBe('example');
    expect(lines[2].rule).not.toBe('example');
    expect(lines[3].text).toContain(Q2);
  });
});

describe('scripted persona: never repeats, never reopens', () => {
  it('plays every dialogue with no repeated question, no mid-call opening and each reply naming the answer', () => {
    for (const d of DIALOGUES) {
      const { p, audited } = playScripted(d.persona, d.answers);
      const audit = auditConversation(p, audited);
      expect(audit.repeatedQuestions, d.name).toEqual([]);
      expect(audit.midCallOpenings, d.name).toEqual([]);
      expect(audit.outOfTemperament, d.name).toEqual([]);
      expect(audit.repliesUsingAnswer / audit.replies, d.name).toBeGreaterThanOrEqual(0.7);
    }
  });

  it('a substantive first answer after "Ready to start?" is answered, not met with "let\'s begin"', () => {
    const answer =
      "The product I'm proudest of is an invoice scanner at Ledgerly that I took from idea to 40,000 monthly users as the only PM.";
    const { lines } = playScripted(PM_INTERVIEWER, [answer]);
    expect(lines[0].text).toContain('40,000 monthly users');
    expect(REOPENING.some((m) => lines[0].text.toLowerCase().includes(m))).toBe(false);
    // it answered the first question: the persona goes on to the second
    expect(lines[0].text).not.toContain(Q1);
    expect(lines[0].text).toContain(Q2);
  });

  it('a first answer on something else is acknowledged, then the first question is asked without reopening', () => {
    const answer = 'Before we start, I want to say I have been a product manager in fintech for six years.';
    const { lines } = playScripted(PM_INTERVIEWER, [answer]);
    expect(lines[0].text).toMatch(/six years/i);
    expect(lines[0].text).toContain(Q1);
    expect(lines[0].text).not.toMatch(/let's begin|thanks for making the time/i);
  });

  it('skips a question the user has already answered', () => {
    const { lines } = playScripted(PM_INTERVIEWER, [
      ANSWERS.ready,
      'I launched a new onboarding flow and measured its success by completion rate, which went from 60 to 85 percent.',
      'I would compare drop-off by document type and read the last 200 support tickets about the identity check.',
    ]);
    expect(lines[2].move).toBe('close');
    expect(lines.some((l) => l.text.includes(Q3))).toBe(false);
  });

  it('does not ask for a figure the user has named, with how they reached it', () => {
    const greg = PRESET_INTERVIEWERS.find((p) => p.slug === 'greg-holloway') as Persona;
    const [feeling, figure, offers] = greg.sampleQuestions;
    expect(figure).toMatch(/what number/i);
    const { lines, audited, p } = playScripted(greg, [
      'Thanks Greg, I was hoping for 165,000 in base, based on two market surveys for senior engineers.',
      'I am pleased with the offer overall: the 10 percent bonus and a start in four weeks both work for me.',
    ]);
    // the figure is bargained over (negotiation.ts), and its question never asked
    expect(lines[0].move).toBe('counter');
    expect(lines[0].text).toContain('165,000');
    expect(lines[1].move).toBe('next');
    expect(lines[1].text).not.toContain(figure);
    expect(lines[1].text).toContain(offers);
    expect(lines.map((l) => l.text).join(' ')).not.toContain(feeling);
    // the check the audit makes: no question asked once the user had answered it
    const covered = audited.map((t) => (t.speaker === 'user' ? { ...t, covers: [1] } : t));
    expect(auditConversation(p, covered).repeatedQuestions).toEqual([]);
    // to a persona with no figures to bargain over, a number alone, with no reason, leaves the "how
    // did you arrive at it" to be asked
    const bare = playScripted(withoutTerms(greg), [
      'Thanks Greg, I was hoping for 165,000 in base.',
      'I am pleased with the offer overall: the 10 percent bonus and a start in four weeks both work for me.',
    ]);
    expect(bare.lines[1].text).toContain('How did you arrive at it?');
    // one that bargained over it does not ask for the figure again
    const bargained = playScripted(greg, [
      'Thanks Greg, I was hoping for 165,000 in base.',
      'I am pleased with the offer overall: the 10 percent bonus and a start in four weeks both work for me.',
    ]);
    expect(bargained.lines[0].move).toBe('counter');
    expect(bargained.lines[1].text).not.toContain(figure);
  });

  it('asks "what happened?" of a vague answer only after a question about something the user did', () => {
    const pastOnly = (text: string) => PAST_ONLY.some((w) => text.toLowerCase().includes(w));
    const greg = PRESET_INTERVIEWERS.find((p) => p.slug === 'greg-holloway') as Persona;
    // "How are you feeling about the offer?" asks for a view: every vague answer to it, in every temperament
    for (const temperament of ['calm', 'friendly', 'sceptical', 'angry']) {
      const persona = { ...greg, systemPrompt: `${greg.systemPrompt}\nTemperament: ${temperament}` };
      for (const vague of [
        "I'm excited about it overall, thanks.",
        'It seems fine, more or less.',
        'Kind of good, I guess.',
      ]) {
        const { lines } = playScripted(persona, [ANSWERS.ready, vague]);
        expect(lines[1].move, `${temperament}: ${vague}`).toBe('follow-up');
        expect(pastOnly(lines[1].text), `${temperament}: ${lines[1].text}`).toBe(false);
      }
    }
    // after a question about the user's past, the persona may ask what happened
    const naomi = PRESET_INTERVIEWERS.find((p) => p.slug === 'naomi-clarke') as Persona;
    const asked = new Set<string>();
    for (const vague of [
      'Nothing has really failed, I guess.',
      'It sort of worked out in the end.',
      'Hmm, kind of, more or less.',
    ])
      asked.add(playScripted(naomi, [ANSWERS.ready, ANSWERS.concrete, vague]).lines[2].text);
    expect([...asked].some(pastOnly)).toBe(true);
  });

  it('never asks the same follow-up twice in a call', () => {
    const { lines } = playScripted(PM_INTERVIEWER, [
      ANSWERS.ready,
      ANSWERS.vague,
      ANSWERS.concrete,
      'We would probably look at things and see, kind of.',
      'I would compare drop-off by document type and read the last 200 support tickets about the identity check.',
      'Hmm, it depends, more or less on various things.',
    ]);
    const probes = lines.flatMap((l) => l.parts.filter((p) => p.role === 'follow-up').map((p) => p.text));
    expect(probes.length).toBeGreaterThanOrEqual(3);
    expect(new Set(probes).size).toBe(probes.length);
  });
});

describe('scripted persona: temperament from the first line to the last', () => {
  it('the angry CTO is curt from hello: an in-character opening in place of a polite welcome, and angry lines only', () => {
    const d = DIALOGUES.find((x) => x.persona === ANGRY_CTO)!;
    const { p, opening, lines, audited } = playScripted(ANGRY_CTO, d.answers);
    expect(p.temperament).toBe('angry');
    expect(opening.text).not.toContain('Thanks for making the time');
    expect(opening.parts[0].temperament).toBe('angry');
    expect(opening.text).toContain('Morgan Hale');
    for (const line of lines) {
      for (const part of line.parts) expect([null, 'angry']).toContain(part.temperament);
      expect(line.text).not.toMatch(/thank|great|wonderful|!/i);
    }
    expect(auditConversation(p, audited).outOfTemperament).toEqual([]);
    // "Six hours of downtime. Fine." is the register: the quote, then a short word
    const reply = playScripted(ANGRY_CTO, ['Hello.', 'The database was down for six hours of downtime.'])
      .lines[1];
    expect(reply.text).toMatch(/^Six hours of downtime\. \w+\./);
  });

  it('marvels at an amount, not at a count ("Two engineers — that\'s quite something!")', () => {
    const naomi = PRESET_INTERVIEWERS.find((x) => x.slug === 'naomi-clarke') as Persona;
    const counts = [
      'Two engineers disagreed on the database design, so I wrote both options down and we picked one.',
      'Three designers and I rebuilt the booking flow and shipped it in the spring.',
      'Four teammates joined the on-call rota after I rewrote the runbook with them.',
      'Two seniors now do the code reviews I used to do, and I coach them once a week.',
      'Five customers called about the outage, and I answered each one myself that evening.',
      'Six interns shadowed me and I wrote the onboarding guide they still use.',
    ];
    const acks = counts.map((answer) => replyToFirstQuestion(answer, naomi).parts[0]);
    for (const ack of acks) expect(ack.role).toBe('acknowledgement');
    expect(acks.map((a) => a.text).join(' ')).not.toContain('quite something');
    // an amount still may
    const amounts = ['165,000', '240,000', '1,200 bookings', '90,000 a year', '350,000', '48,000 users'].map(
      (figure) =>
        replyToFirstQuestion(`We reached ${figure} after I rebuilt the booking flow myself.`, naomi),
    );
    expect(amounts.some((l) => l.text.includes('quite something'))).toBe(true);
  });

  it('reads the temperament from the prompt when it is not stated', () => {
    const tenant = {
      ...ANGRY_CTO,
      systemPrompt: 'You are Gail, a furious tenant whose heating has been broken for two weeks.',
      welcomeMessage: '',
    };
    expect(preparePersona(tenant).temperament).toBe('angry');
    expect(
      preparePersona({ ...tenant, systemPrompt: `${tenant.systemPrompt}\nTemperament: friendly` })
        .temperament,
    ).toBe('friendly');
    expect(preparePersona(PM_INTERVIEWER).temperament).toBe('calm');
    expect(openingLine(tenant)).toMatch(/^(This is )?Morgan Hale, CTO at Northwind Freight\./);
  });

  it('every temperament has its own closing and after-closing line', () => {
    for (const t of ['calm', 'friendly', 'sceptical', 'angry']) {
      expect(LINES.closings.some((l) => l.temperament === t)).toBe(true);
      expect(LINES.afterClosing.some((l) => l.temperament === t)).toBe(true);
    }
  });
});

describe('scripted persona: answers what the user asks it, from its brief', () => {
  const preset = (slug: string) => PRESET_INTERVIEWERS.find((p) => p.slug === slug) as Persona;

  it('a prospect asked a discovery question tells its problems in its own words, then takes the pitch', () => {
    const rachel = preset('rachel-alvarez');
    const { lines, audited, p } = playScripted(rachel, [
      'Thanks for the time, Rachel. Before I pitch anything, how does your team handle orders today, and where does it hurt most?',
      'When an order ships wrong, what does it cost you?',
      'One distributor with four warehouses cut mis-shipped orders by a third in three months with scan-to-confirm packing.',
    ]);
    expect(lines[0].move).toBe('answer');
    expect(lines[0].text).toContain('My real problems are mis-shipped orders');
    expect(lines[0].text).not.toContain(rachel.sampleQuestions[0]);
    expect(lines[1].text).toContain('My budget for this year is limited');
    // the pitch is the first answer: acknowledged, then her first question
    expect(lines[2].move).toBe('next');
    expect(lines[2].text).toContain(rachel.sampleQuestions[0]);
    const audit = auditConversation(p, audited);
    expect(audit.repeatedQuestions).toEqual([]);
    expect(audit.outOfTemperament).toEqual([]);
  });

  it('a question instead of an answer is answered, points back to the question, and the answer after it counts', () => {
    const sarah = preset('sarah-chen');
    const [first, second] = sarah.sampleQuestions;
    const { lines, audited, p } = playScripted(sarah, [
      ANSWERS.ready,
      'Before I answer, could you tell me a bit about the team this role joins?',
      ANSWERS.concrete,
    ]);
    expect(lines[1].move).toBe('answer');
    expect(lines[1].text).toContain('my onboarding team');
    expect(lines[1].text).toContain('a product you launched');
    expect(lines[1].text).not.toContain(first);
    // the concrete answer answers the first question: the persona moves on to the second
    expect(lines[2].move).toBe('next');
    expect(lines[2].text).toContain(second);
    expect(auditConversation(p, audited).repeatedQuestions).toEqual([]);
  });

  it('keeps back what its brief says to keep back, and says what it has said already as such', () => {
    const greg = preset('greg-holloway');
    const { lines } = playScripted(greg, [
      'Before we talk numbers, what is the bonus target in the offer?',
      'And what is the top of the band for this role?',
      'Sorry, what was the bonus target in the offer again?',
    ]);
    expect(lines[0].text).toContain('a 10 percent bonus target');
    expect(lines[1].move).toBe('answer');
    expect(lines[1].text).not.toMatch(/165|170|band/);
    expect(LINES.deflections.map((l) => l.text)).toContain(lines[1].text);
    expect(lines[2].text).toContain('a 10 percent bonus target');
    expect(LINES.alreadySaid.some((l) => lines[2].text.startsWith(l.text))).toBe(true);
  });

  it('declines a question its brief does not hold while its own waits, and meets a question about its own as an answer', () => {
    const greg = preset('greg-holloway');
    const [, number, next] = greg.sampleQuestions;
    const { lines, audited, p } = playScripted(greg, [
      "Thanks Greg, I'm excited too. Overall I like the role, and I'd like to talk about the base.",
      'Before that, do you allow remote work on Fridays?',
      'I was hoping for 165,000 in base, based on two market surveys for senior engineers in this city.',
      'I am pleased with the offer overall: the 10 percent bonus and a start in four weeks both work for me.',
    ]);
    expect(lines[0].text).toContain(number);
    // not taken for an answer to the number question: declined, and that question stays on the table
    expect(lines[1].move).toBe('answer');
    expect(LINES.unknowns.some((l) => lines[1].text.startsWith(l.text))).toBe(true);
    expect(lines[1].text).not.toContain(number);
    // the number, when it comes, is bargained over; then the next question
    expect(lines[2].move).toBe('counter');
    expect(lines[3].move).toBe('next');
    expect(lines[3].text).toContain(next);
    expect(auditConversation(p, audited).repeatedQuestions).toEqual([]);
    // "what do you mean?" asks about the persona's own question: not declined
    const asked = playScripted(greg, [
      "Thanks Greg, I'm excited too. Overall I like the role, and I'd like to talk about the base.",
      'Sorry, what do you mean by how I arrived at it?',
    ]).lines[1];
    const declines = [...LINES.unknowns, ...LINES.deflections];
    expect(declines.some((l) => asked.text.startsWith(l.text))).toBe(false);
  });

  it('answers a question about its situation from a clause of its brief, and never declines twice in the same words', () => {
    const daniel = preset('daniel-torres');
    const { lines } = playScripted(daniel, [
      "Thanks Daniel. I'd like to walk you through the case I've put together.",
      'What would the calibration committee need to see?',
      'What does the next level look like here?',
      'How does the wider org see my work?',
      'What are the expectations at the next level?',
    ]);
    // "…, and promotions go through a calibration committee with a limited budget this cycle."
    expect(lines[1].move).toBe('answer');
    expect(lines[1].text).toContain('calibration committee with a limited budget');
    const declines = lines.slice(2).map((l) => l.text);
    for (const [i, text] of declines.entries()) {
      expect(lines[i + 2].move).toBe('answer');
      if (i > 0) expect(text).not.toBe(declines[i - 1]);
    }
    // two calm lines for a question it cannot answer: the third says the one said longest ago
    const first = (text: string) => LINES.unknownsLed.find((l) => text.startsWith(l.text))?.text;
    expect(declines.map(first).every(Boolean)).toBe(true);
    expect(first(declines[2])).toBe(first(declines[0]));
  });

  it('leaves the choice of answer to the user, typed or spoken, and keeps its question on the table', () => {
    const sarah = preset('sarah-chen');
    const [first, second] = sarah.sampleQuestions;
    const { lines } = playScripted(sarah, [
      'Yes, ready.',
      'Which product should I talk about?',
      'should it be a product from my current job',
      'Does it have to be recent?',
      'I launched instant payouts for small merchants: I led discovery and pricing, and 40 percent of merchants adopted it in three months.',
    ]);
    const choices = LINES.choices.map((l) => l.text);
    for (const l of lines.slice(1, 4)) {
      expect(l.move).toBe('answer');
      expect(choices).toContain(l.text);
      expect(l.text).not.toContain(second);
    }
    expect(lines[0].text).toContain(first);
    expect(lines[4].text).toContain(second);
    // with its options named it runs longer (Naomi quoted "a conflict" back and asked for the result)
    const naomi = playScripted(preset('naomi-clarke'), [
      'Yes, ready.',
      'Which example would you like me to talk about, a conflict or a project I led?',
    ]).lines[1];
    expect(choices).toContain(naomi.text);
    // a question about the role is no choice of answer: kept for the end as before
    const role = playScripted(sarah, ['Yes, ready.', 'What should I expect in the first 90 days?']).lines[1];
    expect(choices).not.toContain(role.text);
  });

  it('declines a question that only shares its own question’s words, instead of taking it for an answer', () => {
    const daniel = preset('daniel-torres');
    const { lines } = playScripted(daniel, [
      "Thanks Daniel. I'd like to walk you through the case I've put together.",
      'What does the next level look like here?',
    ]);
    expect(lines[1].move).toBe('answer');
    expect(LINES.unknownsLed.some((l) => lines[1].text.startsWith(l.text))).toBe(true);
    expect(lines[1].text).toContain('why you feel you are ready for the next level');
  });

  it('says a detail of its own situation its brief does not hold is not to hand, and points back to its question', () => {
    const rachel = preset('rachel-alvarez');
    const { lines: played } = playScripted(rachel, [
      'Where does it hurt most for your team today?',
      'Our platform scans every item at packing, so mis-shipped orders drop. A distributor with three warehouses cut errors by forty percent in a quarter.',
      'How many people do you have packing orders in peak season?',
      'Is there flexibility on the start date?',
    ]);
    expect(played[0].text).toMatch(/My real problems are mis-shipped orders/);
    const lines = played.slice(1);
    expect(lines[0].move).toBe('next');
    // her orders were named, how many people pack them in peak season is not in her brief: not to
    // hand, not her problems again nor her company taken for an answer
    expect(lines[1].move).toBe('answer');
    expect(lines[1].text).not.toMatch(/problems/);
    expect(LINES.notToHand.some((l) => lines[1].text.startsWith(l.text))).toBe(true);
    expect(lines[1].text).not.toMatch(/Harbor Logistics/);
    expect(LINES.stillAsking.some((l) => lines[1].text.includes(l.text.split('{topic}')[0]))).toBe(true);
    // about nothing of hers: put off in her temperament, not her budget "for this year"
    expect(LINES.unknowns.some((l) => lines[2].text.startsWith(l.text))).toBe(true);
    expect(lines[2].text).not.toMatch(/budget/);
  });

  it('an answer that ends on a question: the question answered, and the answer taken as one', () => {
    const sarah = preset('sarah-chen');
    const [, second] = sarah.sampleQuestions;
    const { lines } = playScripted(sarah, [
      'Ready.',
      "I launched savings pots at Monzo and deposits grew 30 percent in six months. How big is the team I'd be joining?",
    ]);
    // the question from her brief, told as she would ("It's…", not "I'm interviewing a candidate for…")
    expect(lines[1].parts[0].role).toBe('answer-lead');
    expect(lines[1].parts[1].text).toMatch(/^It's a Senior Product Manager role/);
    // then the answer heard and her next question: not "Now, over to you on a product you launched…"
    expect(lines[1].move).toBe('next');
    expect(lines[1].text).toContain(second);
    expect(LINES.stillAsking.some((l) => lines[1].text.includes(l.text.split('{topic}')[0]))).toBe(false);
    // spoken, a question it does not hold is kept for the end, and the answer still counts
    const spoken = playScripted(PM_INTERVIEWER, [
      ANSWERS.ready,
      'i launched a savings feature at monzo and deposits grew 30 percent in six months do you have a design team',
    ]).lines[1];
    expect(spoken.parts[0].role).toBe('deflection');
    expect(spoken.move).toBe('next');
    expect(spoken.text).toContain(Q2);
    // "Okay, that's a really good question." before a question says nothing to the persona's own
    const only = playScripted(PM_INTERVIEWER, [
      ANSWERS.ready,
      "Okay, that's a really good question. How big is the team I'd be joining?",
    ]).lines[1];
    expect(only.move).toBe('answer');
    // read back, the turn answered the question on the table
    const history: Turn[] = [
      { speaker: 'agent', text: PM_INTERVIEWER.welcomeMessage },
      { speaker: 'user', text: ANSWERS.ready },
      { speaker: 'agent', text: `Great, let's begin. ${Q1}` },
      {
        speaker: 'user',
        text: 'I launched savings pots at Monzo and deposits grew 30 percent. Do you have a design team?',
      },
    ];
    expect(readConversation(preparePersona(PM_INTERVIEWER), history).answers[0]).toHaveLength(1);
    // the last answer, with a question it does not hold: followed up after the call, before its closing
    const last = playScripted(PM_INTERVIEWER, [
      ANSWERS.ready,
      ANSWERS.concrete,
      'I would pull the funnel for the identity step by device, then call ten merchants who dropped out last week.',
      'Completion rate and time to first payment, with a target of 80 percent. Do you have a design team?',
    ]).lines[3];
    expect(last.move).toBe('close');
    expect(LINES.unknownsAfterClose.map((l) => l.text)).toContain(last.parts[0].text);
  });

  it('asked for its side again, tells the part of it the question names, as said before', () => {
    const linda: Persona = {
      name: 'Linda Park',
      role: 'IT Manager',
      company: 'User Created',
      systemPrompt:
        'You are Linda Park, IT manager at an accounting firm. You had a phishing incident last year that cost them two days of downtime.\nTemperament: sceptical',
      welcomeMessage: "I'm Linda. I'll be honest, I have my doubts about vendors. Let's hear it.",
      sampleQuestions: ['How is this different from what we use today?'],
    };
    const { lines } = playScripted(linda, [
      'Hi Linda, this is Sam from SecureStart.',
      "What's on your mind?",
      "What's your biggest worry about phishing right now?",
    ]);
    expect(lines[1].text).toContain('cost us two days of downtime');
    // "I'd have to check, and it doesn't change much."
    expect(LINES.alreadySaid.map((l) => l.text)).toContain(lines[2].parts[0].text);
    expect(lines[2].text).toContain('phishing incident');
  });

  it('tells an answer to another question that it does not answer this one, once, and takes the real answer', () => {
    const sarah = preset('sarah-chen');
    const { lines } = playScripted(sarah, [
      "Yes, I'm ready.",
      'I led onboarding at Paylane, where we cut drop-off at the ID check from 40 to 22 percent.',
      "Honestly, I think my biggest weakness is that I take on too much myself. I've started delegating.",
      "I'd pull the funnel data for the identity step by device and call five merchants who dropped out.",
    ]);
    expect(lines[1].text).toContain('How would you figure out why?');
    // "My biggest weakness is…" to "How would you figure out why?": not taken as its answer
    expect(lines[2]).toMatchObject({ move: 'follow-up', rule: 'unanswered' });
    expect(lines[3].move).toBe('next');
    // asked about it, the same words answer it
    for (const question of ['What is your greatest weakness?', 'Tell me about a time you failed.'])
      expect(
        answersAnotherQuestion(question, 'My biggest weakness is that I take on too much myself.'),
        question,
      ).toBeNull();
  });

  it('asked for a detail of its own ("Can I have the email on the account?"), gives one made up for the call, typed or spoken', () => {
    const dana = preset('dana-whitfield');
    const opener = "I'm sorry to hear about the leadership review. What happened?";
    const asked = (ask: string) => playScripted(dana, [opener, ask]).lines[1];
    const email = asked('Can I have the email on the account?');
    expect(email.text).toMatch(/^It's dana@example\.com\./);
    // not taken for an answer ("The email. Noted.")
    expect(email.move).toBe('answer');
    expect(email.text).not.toMatch(/The email/);
    // a number of six digits, the same each time it is asked
    const spoken = asked('can i get the order number please');
    expect(spoken.text).toMatch(/^It's \d\d \d\d \d\d\./);
    expect(asked('Could I get the order number?').text.slice(0, 13)).toBe(spoken.text.slice(0, 13));
    // somebody else's detail is not its own to make up, and a title is no address
    expect(detailAsked(['Can I get the name of your CFO?'], 'Dana Whitfield')).toBeNull();
    expect(detailAsked(['Can I have the email on the account?'], 'Mrs Okafor')).toBe(
      "It's okafor@example.com.",
    );
    // asking leave or a moment, or a view, is no question for a detail
    for (const turn of ['Can I have a second to think?', 'Could I get your thoughts on the pilot?'])
      expect(playScripted(dana, [opener, turn]).lines[1].text).not.toMatch(/^It's/);
  });

  it('an interviewer asked about its own team mid-interview keeps it for the end, not "not to hand"', () => {
    const ward = generateBuiltin({
      userContext: "I'm a newly qualified nurse applying for my first staff nurse job.",
      personaDetails: 'Helen, the ward manager of a busy surgical ward. Experienced, fair, a bit stretched.',
      scenarioDetails: 'Interview for a band 5 staff nurse post on a surgical ward.',
    });
    const persona: Persona = {
      name: ward.personaName ?? 'Helen',
      role: ward.role,
      company: ward.company,
      systemPrompt: ward.systemPrompt,
      welcomeMessage: ward.welcomeMessage,
      sampleQuestions: ward.sampleQuestions,
    };
    const { lines } = playScripted(persona, ['Yes, ready.', 'What does the team look like on this ward?']);
    expect(lines[1].move).toBe('answer');
    expect(LINES.notToHand.some((l) => lines[1].text.includes(l.text))).toBe(false);
    expect(LINES.unknowns.some((l) => lines[1].text.startsWith(l.text))).toBe(true);
  });

  it('answers "how are you?" in kind as the call opens, and takes it for no question to answer from its brief', () => {
    const tom = preset('tom-brennan');
    const [first] = tom.sampleQuestions;
    const { lines } = playScripted(tom, ['Hi Tom, how are you doing today?']);
    expect(LINES.pleasantries.filter((l) => l.temperament === 'angry').map((l) => l.text)).toContain(
      lines[0].parts[0].text,
    );
    // in place of the lead into the first question ("Good. Let's not waste time.")
    expect(lines[0].move).toBe('begin');
    expect(lines[0].parts.map((part) => part.role)).toEqual(['pleasantry', 'question']);
    expect(lines[0].text).toContain(first);
    // the rest of a reply still follows: a pitch after it is read as the first answer
    const rachel = preset('rachel-alvarez');
    const pitched = playScripted(rachel, [
      'Hi Rachel, how are you? Our platform scans every item at packing, so mis-shipped orders drop by a third.',
    ]).lines[0];
    expect(pitched.parts[0].role).toBe('pleasantry');
    expect(pitched.move).toBe('next');
    // "Have you got two minutes?" on a cold call: answered in kind, and the call begins
    const timed = playScripted(tom, ["Hi Tom, it's Jo from Summit's support team. Have you got two minutes?"])
      .lines[0];
    expect(LINES.timeChecks.filter((l) => l.temperament === 'angry').map((l) => l.text)).toContain(
      timed.parts[0].text,
    );
    expect(timed.move).toBe('begin');
    expect(timed.text).toContain(first);
    // said later, or about the weather, it is not answered in kind
    expect(playScripted(rachel, ['Lovely weather today, isn’t it?']).lines[0].parts[0].role).not.toBe(
      'pleasantry',
    );
  });

  it('declines a question its brief does not hold before its first one, then asks that one', () => {
    const rachel = preset('rachel-alvarez');
    const [first] = rachel.sampleQuestions;
    const { lines } = playScripted(rachel, ['Is there flexibility on the start date?']);
    // not taken for her pitch ("The start date, is it."), nor answered with her budget "for this year"
    expect(LINES.unknowns.some((l) => lines[0].text.startsWith(l.text))).toBe(true);
    expect(lines[0].move).toBe('begin');
    expect(lines[0].text).toContain(first);
    // a question that says the user is ready, or asks about the welcome, is no question to decline
    const sarah = preset('sarah-chen');
    const ready = playScripted(sarah, ['Yes! Where do you want me to start?']).lines[0];
    expect(ready.move).toBe('begin');
    expect([...LINES.unknowns, ...LINES.notToHand].some((l) => ready.text.includes(l.text))).toBe(false);
  });

  it('lets the user lead when its welcome asks them to: a greeting gets a go-ahead, and no question comes with an interviewer’s lead-in', () => {
    const alex = preset('alex-kim');
    const [first, second] = alex.sampleQuestions;
    const { lines } = playScripted(alex, [
      'Hi Alex, thanks for making time.',
      'I wanted to talk about your code reviews. A couple of people have said the comments feel harsh.',
      "On Tuesday, on Priya's pull request, you wrote 'this is wrong, redo it' with no explanation.",
    ]);
    // "Everything okay?": not "Great, let's begin. Wait, who said that?" before anything was said
    expect(lines[0].move).toBe('go-ahead');
    expect(LINES.goAhead.filter((l) => l.temperament === 'calm').map((l) => l.text)).toContain(lines[0].text);
    expect(lines[1].text).toContain(first);
    expect(lines[2].text).toContain(second);
    for (const l of lines.slice(1)) {
      expect(l.parts.map((part) => part.role)).not.toContain('transition');
      expect(l.parts.map((part) => part.role)).not.toContain('lead');
    }
    // asked to say it again before any question: what it last asked
    const again = playScripted(alex, ['Hi Alex.', 'Sorry, could you repeat that?']).lines[1];
    expect(again.move).toBe('again');
    expect(again.text).toContain(lines[0].text.split('. ').at(-1) ?? '');
    // a first question that only invites the user to begin is answered by what they open with
    const dana = preset('dana-whitfield');
    const danaLines = playScripted(dana, [
      'Hi Dana, thanks for making the time.',
      'I wanted to talk about the leadership review. I presented your research without crediting you.',
    ]).lines;
    expect(danaLines[0].move).toBe('go-ahead');
    expect(danaLines[1].text).not.toContain(dana.sampleQuestions[0]);
    expect(danaLines[1].text).toContain(dana.sampleQuestions[1]);
    // "So what's this about, exactly?" only invites the user to begin, as Liam's first question does
    const liam = {
      ...alex,
      welcomeMessage: "It's Liam. You wanted to see me?",
      sampleQuestions: ["So what's this about, exactly?", 'What would you want me to do differently?'],
    };
    const liamLines = playScripted(liam, ['Hi Liam.', "You've been late four times this month."]).lines;
    expect(liamLines[1].text).toContain('What would you want me to do differently?');
    expect(liamLines[1].text).not.toContain("what's this about");
    // one that has heard the user out closes as such ("I'll think about what you've said."), and stays closed
    const heard = playScripted({ ...liam, sampleQuestions: ['What would you want me to do differently?'] }, [
      "You've been late four times this month.",
      'Could we agree that you will be on time from Monday?',
      'Thanks, Liam.',
    ]).lines;
    expect(heard[1].move).toBe('close');
    expect(LINES.closingsHeard.map((l) => l.text)).toContain(heard[1].parts.at(-1)?.text);
    expect(heard[2].move).toBe('after-close');
    // "Ready to start?" asks whether the user is ready: a greeting begins the questions, as before
    const sarah = preset('sarah-chen');
    const begun = playScripted(sarah, ['Hi Sarah, thanks for having me.']).lines[0];
    expect(begun.move).toBe('begin');
    expect(begun.parts.map((part) => part.role)).toEqual(['begin', 'question']);
  });

  it('answers a user who leads when they ask for its side: its story from its brief, then what it wants settled', () => {
    const dana = preset('dana-whitfield');
    const [opener, hearAbout] = dana.sampleQuestions;
    const { lines } = playScripted(dana, [
      "Hi Dana, thanks for coming. What's on your mind?",
      "I'm sorry you heard it that way. Can you tell me more about how it felt?",
      'That makes sense. What would help?',
    ]);
    // not "Let's come back to that at the end, if there's time." (an interviewer's) nor "Now, to my question."
    const deferred = [...LINES.unknowns, ...LINES.deflections, ...LINES.stillAsking].map((l) => l.text);
    for (const l of lines)
      expect(deferred.some((d) => l.text.includes(d.replace(/\{topic\}.*/, '')))).toBe(false);
    expect(lines[0].text).toMatch(/^Two weeks ago you presented a redesign .* without mentioning me\.$/);
    expect(lines[1].text).toBe('I found out from someone else.');
    // told its side, "Honestly, I'm fine. What did you want to talk about?" is past: it says what it wants settled
    expect(lines[2].text).toBe(hearAbout);
    expect(lines.map((l) => l.text).join(' ')).not.toContain(opener);
    // a report with no story in its brief says so in its own words (ownStory: not "I'm not convinced yet",
    // a prospect's); asked what would help, its question still unanswered
    const alex = preset('alex-kim');
    const alexLines = playScripted(alex, [
      'Hi Alex.',
      'Two teammates said your review comments discouraged them.',
      'How do you see it?',
      'What would help you?',
    ]).lines;
    expect(LINES.ownStory.map((l) => l.text)).toContain(alexLines[2].text);
    expect(alexLines[3].text).toBe(alex.sampleQuestions[0]);
    // "What's the biggest challenge for you?" asks for its side too: not "That's beside the point."
    const challenge = playScripted(alex, ['Hi Alex.', "What's the biggest challenge for you right now?"])
      .lines[1];
    expect(LINES.ownStory.map((l) => l.text)).toContain(challenge.text);
    // in other words: a request to hear its week, and what it would take
    const week = playScripted(alex, ['Hi Alex.', 'Talk me through your week.']).lines[1];
    expect(LINES.ownStory.map((l) => l.text)).toContain(week.text);
    // what has been in the way asks for its side, typed or spoken: not "I don't see how that's relevant.",
    // and its answer names what held it back (ownCause), not "It's not as simple as that."
    for (const asked of ["I hear you. What's been getting in the way?", "what's been getting in the way"]) {
      const inTheWay = playScripted(alex, ['Hi Alex.', asked]).lines[1];
      expect(
        LINES.ownCause.map((l) => l.text),
        asked,
      ).toContain(inTheWay.text);
    }
    // asked what was going on for it, or what made it do so: its side, not "That's beside the point."
    const moment = playScripted(alex, [
      'Hi Alex.',
      'Two teammates said your review comments discouraged them.',
      'What was going on for you in that moment?',
      'What made you write it that way?',
    ]).lines;
    expect(LINES.ownStory.map((l) => l.text)).toContain(moment[2].text);
    expect(LINES.ownCause.map((l) => l.text)).toContain(moment[3].text);
    const take = playScripted(alex, [
      'Hi Alex.',
      'Two teammates said your review comments discouraged them.',
      'What would it take for the reviews to feel fair to you?',
    ]).lines[2];
    expect(take.text).toBe(alex.sampleQuestions[0]);
    // a customer who leads the call is asked its story too, and goes back to its own question
    const tom = preset('tom-brennan');
    const story = playScripted(tom, [
      'A configuration change took the payment service down at 9:02 and we restored it at 12:10.',
      'Can you walk me through what happened on your side?',
    ]).lines[1];
    expect(story.text).toContain('Last Saturday the platform was down for three hours during a holiday sale');
    expect(story.parts.at(-1)?.role).toBe('still-asking');
    // a question its brief does not hold is not put off "to the end": the user called the meeting
    const daniel = preset('daniel-torres');
    const unsure = playScripted(daniel, [
      'Hi Daniel.',
      "I'd like to talk about my promotion.",
      'What do you think?',
    ]).lines[2];
    expect(LINES.unknownsLed.map((l) => l.text)).toContain(unsure.parts[0].text);
    expect(unsure.text).not.toMatch(/at the end|for the end/);
    // a greeting with a name says no more than "ready" to a persona the user leads
    const rachel = preset('rachel-alvarez');
    expect(playScripted(rachel, ['Hi Rachel, this is Sam from RouteWise.']).lines[0].move).toBe('go-ahead');
    // a generated persona's situation is in the sentence of who it is: that is its story
    const linda = {
      ...tom,
      name: 'Linda',
      role: 'IT Manager',
      company: 'User Created',
      systemPrompt:
        "You are Linda, an IT manager at a mid-size retailer, annoyed because the user's sync broke twice this month.\nTemperament: angry",
      welcomeMessage: "Linda here. We need to talk about your sync, and I haven't got long.",
    };
    const lindaStory = playScripted(linda, [
      'Hi Linda.',
      'Can you walk me through what happened on your side?',
    ]).lines[1];
    expect(lindaStory.text).toContain('your sync broke twice this month');
    // told so, its side is told: "Honestly, I'm fine. What did you want to talk about?" is past
    const marco = {
      ...dana,
      name: 'Marco',
      role: 'Junior Designer',
      company: 'User Created',
      systemPrompt:
        'You are Marco, a junior designer who has missed three client deadlines this month because the briefs kept changing.',
      welcomeMessage: "Hi, it's Marco. You wanted to talk to me about something?",
      sampleQuestions: [
        "Honestly, I'm fine. What did you want to talk about?",
        'Is this about the deadlines?',
      ],
    };
    const marcoLines = playScripted(marco, [
      'Hi Marco.',
      'How do you see it?',
      'Thanks for being honest.',
    ]).lines;
    expect(marcoLines[1].text).toContain('the briefs kept changing');
    expect(marcoLines[2].text).toBe('Is this about the deadlines?');
    // who Rachel is says no more than who she is: asked a third time, her own view
    const third = playScripted(rachel, [
      'Hi Rachel.',
      'How do you see it?',
      "What's on your mind?",
      'How do you see things?',
    ]).lines;
    expect(third.map((l) => l.text).join(' ')).not.toContain("I'm Rachel Alvarez");
    expect(LINES.ownStory.map((l) => l.text)).toContain(third[3].text);
    // "What would make this work for you?" asks what would help ("work for you" proposes elsewhere)
    const priya = {
      ...dana,
      name: 'Priya Shah',
      welcomeMessage: "I'm Priya. You wanted to talk about your rate. Let's hear it.",
      sampleQuestions: ['What exactly are you asking for?', 'What can you offer in return?'],
    };
    const offer = playScripted(priya, [
      'Hi Priya.',
      "I'm proposing 95 an hour from April.",
      'What would make this work for you?',
    ]).lines;
    // a fact that only names a matter is no story to tell ("Renewing your design retainer.")
    const fragment = playScripted(
      {
        ...priya,
        systemPrompt: 'You are Priya Shah, a procurement manager.\nRenewing the design retainer now.',
      },
      ['Hi Priya.', 'How do you see it?'],
    ).lines[1];
    expect(fragment.text).not.toContain('retainer');
    // the rate answered what she asked ("95 an hour" is an amount), so she asks what she wants settled
    expect(offer[1].text).not.toContain('What exactly are you asking for?');
    expect(offer[1].text).toContain('What can you offer in return?');
    expect(offer[2].text).toBe('What can you offer in return?');
    // an interviewer asked the same still puts it off: the candidate is not there to hear its side
    const sarah = playScripted(preset('sarah-chen'), ['Yes, ready.', 'How do you see it?']).lines[1];
    expect(sarah.text).not.toContain('interviewing');
    expect(LINES.unknowns.some((l) => sarah.text.startsWith(l.text))).toBe(true);
  });

  it('answers the question a pitch or a point ends on, and hears the point as an answer', () => {
    const rachel = preset('rachel-alvarez');
    const [whySwitch, cost] = rachel.sampleQuestions;
    const pitch =
      'We help warehouses cut mis-shipped orders with scan-to-confirm packing; a distributor your size cut them by a third. How does your team handle orders today?';
    const { lines } = playScripted(rachel, [
      'Hi Rachel, this is Sam from RouteWise.',
      pitch,
      'Because the spreadsheets cost you 2 percent of orders in mis-ships, and our customers cut that in half in three months.',
    ]);
    // not "A third. Hm. Why should I switch…?": what it heard, then its problems, and the floor stays with the user
    expect(lines[1].move).toBe('answer');
    expect(lines[1].parts.map((part) => part.role)).toEqual(['acknowledgement', 'answer-lead', 'brief']);
    expect(lines[1].text).toContain('mis-shipped orders, slow onboarding of seasonal staff');
    expect(lines[1].text).not.toContain('?');
    expect(lines[2].text).toContain(whySwitch);
    // the pitch itself was heard: mid-call, the pitch answers the question on the table and it moves on
    const midCall = playScripted(rachel, ['Hi Rachel.', 'Sure.', pitch]).lines;
    expect(midCall[1].text).toContain(whySwitch);
    expect(midCall[2].move).toBe('answer');
    const after = playScripted(rachel, [
      'Hi Rachel.',
      'Sure.',
      pitch,
      'Because the spreadsheets cost you 2 percent of orders in mis-ships, and our customers cut that in half in three months.',
    ]).lines[3];
    expect(after.text).toContain(cost);
    // asked for its side at the end of a point: its side ("…How are you feeling about it?")
    const dana = preset('dana-whitfield');
    const felt = playScripted(dana, [
      'Hi Dana, thanks for making the time.',
      'I presented your research at the leadership review without crediting you, and that was wrong. How are you feeling about it?',
    ]).lines[1];
    expect(felt.text).toContain('without mentioning me');
    // a check-in ends no point on a question to the persona, nor does a proposal
    const checkIn = playScripted(rachel, [
      'Hi Rachel.',
      `${pitch.replace(/How does.*$/, '')}Does that make sense?`,
    ]).lines[1];
    expect(checkIn.move).not.toBe('answer');
    // an interviewer and a persona that leads meet such a turn as an answer, as before
    const sarah = playScripted(preset('sarah-chen'), [
      'Yes, ready.',
      'I launched the new checkout at Ledgerly and conversion went up 12 percent. How big is your team?',
    ]).lines[1];
    expect(sarah.move).not.toBe('answer');
    const tom = playScripted(preset('tom-brennan'), [
      'A configuration change took the payment service down at 9:02 and we restored it at 12:10. How many orders did you lose?',
    ]).lines[0];
    expect(tom.move).not.toBe('answer');
  });

  it('answers a figure the user offers, mid-call and once closed, rather than thanking for a number', () => {
    const landlord = {
      ...preset('dana-whitfield'),
      name: 'Paul Brandt',
      systemPrompt: 'You are Paul Brandt, a landlord who owns three buildings.\nTemperament: sceptical',
      welcomeMessage: "I'm Paul. You wanted to talk about the rent for your studio. Let's hear it.",
      sampleQuestions: ['What exactly are you asking for?', 'What can you offer in return?'],
    };
    // its answer to the offer, the figure named: "1,300 a month. That's still not where I need to be."
    const tails = LINES.offersHeard
      .filter((l) => l.temperament === 'sceptical')
      .map((l) => l.text.replace('{Quote}', ''));
    const heard = (text: string | undefined) =>
      Boolean(text?.startsWith('1,300 a month') && tails.some((t) => text.endsWith(t)));
    const { lines } = playScripted(landlord, [
      'Hi Paul.',
      'Could we meet at 1,300 a month with a rent freeze for three years?',
      'I can sign today and pay two months upfront.',
      'How about 1,300 a month then, if I sign today?',
    ]);
    expect(lines[1].parts[0].role).toBe('acknowledgement');
    expect(heard(lines[1].parts[0].text)).toBe(true);
    expect(lines[1].text).toContain('What can you offer in return?');
    expect(lines[2].move).toBe('close');
    // closed, the offer is still answered before it ends the call
    expect(lines[3].move).toBe('after-close');
    expect(heard(lines[3].parts[0].text)).toBe(true);
    expect(LINES.afterClosing.map((l) => l.text)).toContain(lines[3].parts.at(-1)?.text);
    // a figure offered in a question ("…could you do 1,250 a month?") is an offer, not a question it
    // does not hold ("Hm, good question. I'm not sure!"), and it answers the landlord's question
    const asked = playScripted(landlord, [
      'Hi Paul.',
      'If I sign for three years, could you do 1,250 a month?',
    ]).lines[1];
    expect(asked.parts[0].text.startsWith('1,250 a month')).toBe(true);
    expect(LINES.unknownsLed.some((l) => asked.text.includes(l.text))).toBe(false);
    expect(asked.text).toContain('What can you offer in return?');
    // a persona that leads (a recruiter making the offer) names the figure as before
    const greg = playScripted(preset('greg-holloway'), ['Hi Greg.', 'How about 160,000?']).lines[1];
    const allTails = LINES.offersHeard.map((l) => l.text.replace('{Quote}', ''));
    expect(allTails.some((t) => greg.text.includes(t))).toBe(false);
  });

  it('says a sentence once when its acknowledgement ends as its next line begins ("Right. Right.")', () => {
    const karen = {
      ...preset('tom-brennan'),
      name: 'Karen',
      role: 'Homeowner',
      company: 'User Created',
      systemPrompt:
        'You are Karen, a homeowner whose kitchen renovation is three weeks late.\nTemperament: angry',
      welcomeMessage: "Karen here. I haven't got long, so let's get on with it.",
      sampleQuestions: ['How do I know this will not happen again?'],
    };
    const answers = [
      "Hi Karen, it's Sam from BuildRight.",
      'The cabinet supplier shipped the wrong size twice, so we now measure every delivery on arrival.',
      'I can take 2,000 off the final invoice for the inconvenience.',
      'Could we meet on site on Friday to walk through the plan?',
    ];
    // the last answer in many wordings, so that every acknowledgement meets the closing
    const things = [
      'the plan',
      'the cabinets',
      'the supplier',
      'the invoice',
      'the wiring',
      'the schedule',
      'the kitchen',
      'the delivery',
    ];
    const endings = things.map((thing) => `We measure ${thing} on arrival now, so it will not happen again.`);
    const closings: string[] = [];
    for (const ending of endings) {
      const played = playScripted(karen, [
        answers[0],
        'The trouble was the cabinets, shipped in the wrong size twice.',
        ending,
        'Thanks.',
      ]).lines;
      const closing = played.at(-2);
      const sentences = closing?.text.split(/(?<=[.!?])\s+/) ?? [];
      expect(sentences.filter((x, i) => i > 0 && x === sentences[i - 1])).toEqual([]);
      // the closing is said whole, so the call reads as closed after it
      closings.push(`${closing?.move} ${played.at(-1)?.move}`);
    }
    expect(closings.every((m) => m === 'close after-close')).toBe(true);
    // "I can take 2,000 off" is an offer, answered as such; on site to walk through the plan is a next step
    const { lines } = playScripted(karen, answers);
    const tails = LINES.offersHeard.map((l) => l.text.replace('{Quote}', ''));
    expect(tails.some((t) => lines.at(-2)?.text.includes(t))).toBe(true);
    expect(lines.at(-1)?.parts.map((part) => part.role)).toContain('next-step');
  });

  it('hears "Would a pilot … be useful?" as a proposal, not a question about who it is', () => {
    const rachel = preset('rachel-alvarez');
    const { lines } = playScripted(rachel, [
      'Hi Rachel.',
      'Sure.',
      'Our pilot with a distributor cut errors by forty percent in a quarter. Would a two-week pilot in one warehouse be useful?',
    ]);
    // "…I'm Rachel Alvarez, VP of Operations … with four warehouses." answered it by the one word
    expect(lines[2].text).not.toContain("I'm Rachel Alvarez");
    expect(LINES.nextStepsFirst.some((l) => lines[2].text.includes(l.text))).toBe(true);
  });

  it('closes the call on "speak Tuesday" after a next step is agreed', () => {
    const rachel = preset('rachel-alvarez');
    const { lines } = playScripted(rachel, [
      'Hi Rachel.',
      'Could we book 30 minutes next Tuesday to scope a pilot?',
      'Thanks Rachel, speak Tuesday.',
    ]);
    expect(lines[2].move).toBe('close');
  });

  it('meets a proposed next step: what it wants settled first, or agreed once it has no question left', () => {
    const rachel = preset('rachel-alvarez');
    const [whySwitch, cost] = rachel.sampleQuestions;
    const sceptical = (lines: typeof LINES.nextStepsFirst) =>
      lines.filter((l) => l.temperament === 'sceptical').map((l) => l.text);
    const book = 'Could we book 30 minutes next Tuesday to show you a demo?';
    const { lines } = playScripted(rachel, [
      'Hi Rachel.',
      'Sure.',
      book,
      'Because the spreadsheets cost you 2 percent of orders in mis-ships, and our customers cut that in half in three months.',
    ]);
    // "30 minutes. We'll see. What would this cost us…?" took the proposal for why she should switch
    expect(lines[2].move).toBe('again');
    expect(sceptical(LINES.nextStepsFirst)).toContain(lines[2].parts[0].text);
    expect(lines[2].text).toContain(whySwitch);
    // the proposal answered nothing: the next turn answers why, and she moves on
    expect(lines[3].text).toContain(cost);
    // an answer that also proposes answers, and she asks her next question
    const both = playScripted(rachel, [
      'Hi Rachel.',
      'Sure.',
      'Because the spreadsheets cost you 2 percent of orders in mis-ships, and our customers cut that in half in three months. Could we book a demo next week?',
    ]).lines[2];
    expect(both.move).toBe('next');
    expect(both.text).toContain(cost);
    // once it has closed, the user secures the next step: agreed
    const answersAll = [
      'Because the spreadsheets cost you 2 percent of orders in mis-ships, and our customers cut that in half in three months.',
      "For four warehouses it's about 900 a month per site, all in.",
      'Six weeks per site, and the first site runs in parallel.',
      'Northline Distribution, four warehouses, a third fewer mis-ships in three months.',
      'We connect to your carriers before the switch, so nothing changes for them.',
    ];
    const closed = playScripted(rachel, ['Hi Rachel.', 'Sure.', ...answersAll, book]).lines;
    expect(closed.at(-2)?.move).toBe('close');
    expect(closed.at(-1)?.move).toBe('after-close');
    expect(sceptical(LINES.nextStepsAgreed)).toContain(closed.at(-1)?.text);
    // an agreement on what the user will do answers a report's question, a day or not
    const alex = preset('alex-kim');
    const agreed = playScripted(alex, [
      'Hi Alex.',
      'Two teammates said your review comments discouraged them.',
      'Could we agree that from Monday you suggest a fix in every comment?',
    ]).lines[2];
    expect(agreed.parts.map((part) => part.role)).not.toContain('next-step');
    // a check-in proposed answers a question that asks for a next step
    const report = {
      ...preset('alex-kim'),
      sampleQuestions: ['What would you want me to do differently?', "How will we know it's sorted?"],
    };
    const sorted = playScripted(report, [
      'Hi Alex.',
      'Two teammates said your review comments discouraged them. I would like you to suggest a fix in every comment.',
      'Could we set up a check-in every Monday for the next month?',
    ]).lines;
    expect(sorted[1].text).toContain("How will we know it's sorted?");
    expect(sorted[2].move).toBe('close');
    expect(LINES.nextStepsAgreed.map((l) => l.text)).toContain(sorted[2].parts[0].text);
    // "What about the pilot?" asks about a thing, as "What about equity?" does
    const thing = playScripted(rachel, ['Hi Rachel.', 'Sure.', 'What about the pilot?']).lines[2];
    expect(thing.parts.map((part) => part.role)).not.toContain('next-step');
    // an interviewer meets a proposal as an answer, as before
    const sarah = playScripted(preset('sarah-chen'), ['Yes, ready.', book]).lines[1];
    expect(sarah.parts.map((part) => part.role)).not.toContain('next-step');
  });

  it('meets greetings and an apology that say nothing to its question as it meets a one-word answer', () => {
    const tom = preset('tom-brennan');
    const [whatWentWrong, whySlow] = tom.sampleQuestions;
    // "Sam. Noted. Now this. Why did it take your support team two hours…?": the apology was taken
    // for what went wrong, and that question was never asked
    const [sorry] = playScripted(tom, [
      "Hi Tom, I'm Sam, the account manager. I'm really sorry about Saturday.",
    ]).lines;
    expect(sorry.move).toBe('begin');
    expect(sorry.text).toContain(whatWentWrong);
    expect(sorry.text).not.toContain(whySlow);
    // an apology with the answer in it is an answer
    const [told] = playScripted(tom, [
      "I'm really sorry. The root cause was a bad config push at 9:02.",
    ]).lines;
    expect(told.answer).not.toBe('oneWord');
    // asked for more, but not "One word doesn't cut it." after two sentences (whichever line is chosen)
    for (const who of ['Sam from the platform team', 'Priya from support', 'Lee, the account lead', 'Jo']) {
      const { lines } = playScripted(ANGRY_CTO, [
        'Yes, ready.',
        `Hi Morgan, this is ${who}. I'm so sorry about last night.`,
      ]);
      expect(lines[1].move).toBe('follow-up');
      expect(lines[1].rule).toBe('expand');
      expect(lines[1].text).not.toMatch(/one word/i);
    }
    expect(playScripted(ANGRY_CTO, ['Yes, ready.', 'No.']).lines[1].rule).toBe('expand');
    // as a recogniser gives it, a name after a greeting is still a name; a feeling is not
    expect(courtesiesOnly("hi rachel i'm jo from stackwise", new Set(['rachel']))).toBe(true);
    expect(courtesiesOnly("hi greg i'm excited about it overall thanks", new Set(['greg']))).toBe(false);
    // spoken, with no full stop before the apology: still greetings, who and sorry
    const tomNames = new Set(['tom', 'brennan']);
    expect(
      courtesiesOnly("hi tom this is sam your account manager i'm really sorry about saturday", tomNames),
    ).toBe(true);
    expect(courtesiesOnly("hi tom it's sam i'm so sorry about saturday", tomNames)).toBe(true);
    // a title before the name is the greeting's ("Mrs Okafor", a generated customer named by her surname)
    expect(
      courtesiesOnly(
        "Hello Mrs Okafor, I'm Sam from the support team. I'm really sorry about the outage.",
        new Set(['okafor']),
      ),
    ).toBe(true);
    expect(
      courtesiesOnly("i'm really sorry the config change took checkout down for three hours", tomNames),
    ).toBe(false);
    const spokenSorry = playScripted(preset('tom-brennan'), [
      "hi tom this is sam your account manager i'm really sorry about saturday",
    ]).lines[0];
    expect(spokenSorry.move).toBe('begin');
  });

  it('reassures a nervous user and asks its question again, and does not take that for an answer', () => {
    const naomi = preset('naomi-clarke');
    const [first, second] = naomi.sampleQuestions;
    const { lines, p, history } = playScripted(naomi, [
      'Yes, ready.',
      "Sorry, I'm a bit nervous.",
      'On my last team I disagreed with our tech lead about a rewrite; I built a two-day prototype and we agreed on a staged migration that shipped in March.',
    ]);
    expect(lines[1].move).toBe('again');
    expect(LINES.reassurance.map((l) => l.text)).toContain(lines[1].parts[0].text);
    expect(lines[1].text).toContain(first);
    expect(lines[1].text).not.toMatch(/nervous/i);
    expect(lines[2].text).toContain(second);
    expect(readConversation(p, history).answers[0]).toHaveLength(1);
    // a pause with the answer after it is an answer
    const thought = playScripted(naomi, ['Yes, ready.', 'Let me think. I argued for tests and shipped them.'])
      .lines[1];
    expect(thought.move).not.toBe('again');
  });

  it('does not ask for the impact the user has already told of', () => {
    const daniel = preset('daniel-torres');
    const impact = daniel.sampleQuestions[1];
    const told = playScripted(daniel, [
      'Hi Daniel.',
      'In the last six months I led the payments migration: 40 services moved with zero downtime.',
      'Because I already own the platform roadmap for three teams.',
    ]).lines;
    expect(told.map((l) => l.text).join(' ')).not.toContain(impact);
    // said without what was done, it is still asked
    const notTold = playScripted(daniel, [
      'Hi Daniel.',
      "I'd like to talk about my promotion.",
      'I feel ready.',
      'I work hard.',
    ]).lines;
    expect(notTold.map((l) => l.text).join(' ')).toContain(impact);
  });

  it('does not name back the same thing twice ("Three teams, I see." … "Three teams, understood.")', () => {
    const { lines } = playScripted(preset('daniel-torres'), [
      'Hi Daniel, thanks for making time.',
      "I'd like to make the case for moving to senior. Over the last two quarters I've been leading the payments migration.",
      "Because I'm already doing the job: I set the technical direction for three teams and I run the architecture review.",
      'The migration moved 40 services with zero downtime and cut checkout errors by 40 percent.',
      'The seniors on my team own one service each; I own the roadmap across three teams.',
    ]);
    const quotes = lines.flatMap((l) =>
      l.parts.flatMap((part) => (part.quote ? [part.quote.toLowerCase()] : [])),
    );
    expect(quotes).toContain('three teams');
    expect(new Set(quotes).size).toBe(quotes.length);
  });

  it('does not ask what the user will do differently once they said it, and has heard enough once closed', () => {
    const dana = preset('dana-whitfield');
    const differently = dana.sampleQuestions.find((q) => q.includes('differently')) as string;
    const { lines } = playScripted(dana, [
      'Hi Dana, thanks for making the time.',
      "I presented your research at the leadership review without crediting you. I'm sorry. Next time I'll put your name on every slide that uses your work.",
      'I should have told you myself, and I did not because I was embarrassed about it.',
      "I'd be furious, and I'd feel invisible, like my work didn't count in front of the people who decide promotions.",
      'Thank you for hearing me out. Is there anything else you need from me?',
    ]);
    expect(lines.map((l) => l.text).join(' ')).not.toContain(differently);
    expect(lines.at(-2)?.move).toBe('close');
    // "anything else you need from me?" asks nothing to follow up "by email"
    expect(lines.at(-1)?.move).toBe('after-close');
    expect(LINES.afterClosing.map((l) => l.text)).toContain(lines.at(-1)?.text);
  });

  it('does not ask what will make it right once the user has offered it', () => {
    const tom = preset('tom-brennan');
    const makeRight = tom.sampleQuestions.find((q) => q.includes('make this right')) as string;
    const opening = [
      "Hi Tom, I'm Sam, your account manager. I'm really sorry about Saturday.",
      'A configuration change to the payment service went out at 9 in the morning and took checkout down.',
      'Our on-call engineer was paged but the alert went to an old rota, so it took two hours to reach the right person.',
    ];
    const offered = playScripted(tom, [
      ...opening,
      "We've fixed the rota, added a second alert to the team channel, and we'll credit you one month of fees.",
    ]).lines;
    expect(offered.map((l) => l.text).join(' ')).not.toContain(makeRight);
    const notOffered = playScripted(tom, [
      ...opening,
      "We've fixed the rota and added a second alert to the team channel, starting today.",
    ]).lines;
    expect(notOffered.at(-1)?.text).toContain(makeRight);
  });

  it('asks only how a figure was reached once the user has named it', () => {
    // a persona with no figures in its brief to bargain over (negotiation.ts)
    const greg = withoutTerms(preset('greg-holloway'));
    const [, number, others, bonus] = greg.sampleQuestions;
    const { lines, audited, p, history } = playScripted(greg, [
      "Hi Greg! Thanks so much, I'm really excited.",
      'Honestly I was hoping for something closer to 170.',
      'Because I have another offer at 168 and my current base is 150.',
    ]);
    // the conversation read back (a reconnected call) has that question on the table
    expect(readConversation(p, history.slice(0, 5)).current).toBe(1);
    // "What number did you have in mind, and how did you arrive at it?" after "170": only how is left
    expect(lines[1].text).toMatch(/^170\b/);
    expect(lines[1].text).toContain('How did you arrive at it?');
    expect(lines[1].text).not.toContain(number);
    expect(lines[1].question).toBe(1);
    // read back as that question asked: the reason answers it, and the competing offer the next one
    expect(lines[2].text).not.toContain(others);
    expect(lines[2].text).toContain(bonus);
    expect(auditConversation(p, audited).repeatedQuestions).toEqual([]);
  });

  it('puts off a question it cannot answer while asking its own, and promises to follow it up at the end', () => {
    const greg = withoutTerms(preset('greg-holloway'));
    const { lines } = playScripted(greg, [
      "Thanks Greg, I'm excited. I'd like to talk about the base.",
      'Before that, do you allow remote work on Fridays?',
      'I was hoping for 165,000, based on two market surveys and a competing offer.',
      'A signing bonus of 15,000 with 160,000 base would work.',
      'At 160,000 with the bonus I would sign this week.',
      'So, do you allow remote work on Fridays?',
    ]);
    expect(LINES.unknowns.some((l) => lines[1].text.startsWith(l.text))).toBe(true);
    expect(lines[4].move).toBe('close');
    expect(lines[5].move).toBe('after-close');
    expect(LINES.unknownsAfterClose.map((l) => l.text)).toContain(lines[5].text);
  });

  it('says its question again when asked to, without taking the request for an answer', () => {
    const sarah = preset('sarah-chen');
    const [first, second] = sarah.sampleQuestions;
    const { lines, audited, p } = playScripted(sarah, [
      ANSWERS.ready,
      'Sorry, could you repeat the question?',
      ANSWERS.vague,
      'pardon',
      ANSWERS.concrete,
    ]);
    expect(lines[1].move).toBe('again');
    expect(lines[1].text).toContain(first);
    expect(LINES.again.some((l) => lines[1].text.startsWith(l.text))).toBe(true);
    // the follow-up said again, not the question: the request was no answer to it
    expect(lines[2].move).toBe('follow-up');
    expect(lines[3].move).toBe('again');
    expect(lines[3].text.endsWith(lines[2].text.split(/(?<=[.!?])\s+/).at(-1) ?? '')).toBe(true);
    expect(lines[4].move).toBe('next');
    expect(lines[4].text).toContain(second);
    expect(auditConversation(p, audited).repeatedQuestions).toEqual([]);
    // a follow-up said whole, with what it asks for after its question ("Such as? One real example.")
    const sceptical = {
      ...PM_INTERVIEWER,
      systemPrompt: `${PM_INTERVIEWER.systemPrompt}\nTemperament: sceptical`,
    };
    const whole = playScripted(sceptical, [
      ANSWERS.ready,
      'It went well, generally.',
      'Sorry, could you repeat that?',
    ]).lines;
    expect(whole[1].move).toBe('follow-up');
    const asked = whole[1].text.split(/(?<=[.!?])\s+/);
    const tail = asked.slice(asked.findIndex((x) => x.endsWith('?'))).join(' ');
    expect(whole[2].text.endsWith(tail)).toBe(true);
    expect(tail).toMatch(/\?.+\.$/);
    // a follow-up said again is no second follow-up: a vague answer after it still gets one
    const again = playScripted(sarah, [ANSWERS.ready, ANSWERS.vague, 'pardon', ANSWERS.vague]).lines;
    expect(again.map((l) => l.move)).toEqual(['begin', 'follow-up', 'again', 'follow-up']);
    // a question said as a request ("Design a feature that…") is the one said again, not the one before
    const design = sarah.sampleQuestions.find((q) => !q.includes('?')) as string;
    const toDesign = playScripted(sarah, [
      ANSWERS.ready,
      ANSWERS.concrete,
      'I would pull the funnel for the identity step by device, then call ten merchants who dropped out last week.',
      'Sorry, could you repeat that?',
      "Sorry, I'm a bit nervous.",
    ]).lines;
    expect(toDesign.at(-3)?.text).toContain(design);
    expect(toDesign.at(-2)?.text).toContain(design);
    expect(toDesign.at(-1)?.text).toContain(design);
  });

  it('answers a question the brief answers after it has closed the call, and stays closed', () => {
    const { lines } = playScripted(PM_INTERVIEWER, [
      ANSWERS.ready,
      ANSWERS.concrete,
      'I would pull the funnel for the identity step by device, then call ten merchants who dropped out last week.',
      'Completion rate and time to first payment, with a target of 80 percent completion.',
      'Thank you. Could you tell me a bit more about the product manager role?',
      'Thanks!',
    ]);
    expect(lines[3].move).toBe('close');
    expect(lines[4].move).toBe('answer');
    expect(lines[4].text).toContain('interviewing a candidate for a product manager role');
    expect(lines[5].move).toBe('after-close');
  });

  it('meets an answer that ends by checking in as an answer, even where its brief could answer the check-in', () => {
    const rachel = preset('rachel-alvarez');
    // "…for your team?" shares "team" with her problems: asked, she would tell them
    const { lines } = playScripted(rachel, [
      'We cut mis-shipped orders by a third at a warehouse your size. Does that make sense for your team?',
    ]);
    expect(lines[0].move).toBe('next');
    expect(lines[0].text).toContain(rachel.sampleQuestions[0]);
    expect(lines[0].text).not.toContain('My real problems');
  });
});

describe('scripted persona: state from the conversation alone', () => {
  it('a call that reconnects with its stored utterances carries on exactly where it was', () => {
    for (const d of DIALOGUES) {
      const { history } = playScripted(d.persona, d.answers);
      for (let k = 2; k < history.length; k += 2) {
        const stored = history.slice(0, k);
        expect(stored.at(-1)?.speaker).toBe('user');
        // a new brain, as after a reconnect, given only what was stored
        expect(nextScriptedLine(d.persona, stored), `${d.name}, turn ${k}`).toBe(history[k].text);
      }
    }
  });

  it('ignores lines of the call itself ("didn\'t catch that") and keeps the question on the table', () => {
    const history: Turn[] = [
      { speaker: 'agent', text: PM_INTERVIEWER.welcomeMessage },
      { speaker: 'user', text: ANSWERS.ready },
      { speaker: 'agent', text: `Great, let's begin. ${Q1}` },
      { speaker: 'agent', text: "Sorry, I didn't catch that. Could you say it again?" },
      { speaker: 'user', text: ANSWERS.concrete },
    ];
    expect(nextScriptedLine(PM_INTERVIEWER, history)).toContain(Q2);
  });

  // its speed is bench/dialogue's business, not a pass/fail test's
  it('streams one deterministic line per reply', async () => {
    const brain = createScriptedBrain(PM_INTERVIEWER);
    const d = DIALOGUES[1];
    const { history } = playScripted(d.persona, d.answers);
    const pieces: string[] = [];
    for await (const piece of brain.reply(history.slice(0, 6), new AbortController().signal))
      pieces.push(piece);
    expect(pieces).toEqual([history[6].text]);
  });
});

describe('scripted persona: bargains over the figures its brief gives it', () => {
  const greg = PRESET_INTERVIEWERS.find((p) => p.slug === 'greg-holloway') as Persona;

  it('counters, takes a package within reach, meets in the middle and closes the call on the deal', () => {
    const { lines, history, p } = playScripted(greg, [
      'I was thinking 175,000. Market data puts the median at 172,000, and I have a competing offer at 168,000.',
      'I could live with 165,000 if you add a 15,000 signing bonus.',
      'Could we meet at 10,000 on the signing bonus?',
      'Great, deal. Thanks Greg.',
    ]);
    expect(lines.map((l) => l.move)).toEqual(['counter', 'counter', 'close', 'after-close']);
    expect(lines[0].text).toContain('175,000');
    expect(lines[0].text).toContain('160,000');
    // the base taken first, then the bonus countered
    expect(lines[1].text.indexOf('165,000')).toBeLessThan(lines[1].text.indexOf('7,500'));
    expect(lines[2].text).toContain('the base salary at 165,000 and the signing bonus at 10,000');
    expect(LINES.dealClosings.some((l) => lines[2].text.endsWith(l.text))).toBe(true);
    // read back (a reconnected call), the deal closed it
    expect(readConversation(p, history.slice(0, 7)).closed).toBe(true);
    // the candidate confirming the terms hears them confirmed, not "We've covered everything"
    expect(LINES.dealsConfirmed.map((l) => l.text)).toContain(lines[3].text);
    // no question of its own asked while bargaining, nor the figure question after it
    expect(lines.some((l) => l.question !== null)).toBe(false);
    // what it takes is said before what it counters, whichever the user named first; a term agreed
    // already is not taken again
    const package_ = playScripted(greg, [
      'I was thinking 175,000, based on market data.',
      'A 15,000 signing bonus with 165,000 base would work.',
      'At 165,000 base with the 15,000 bonus, I would sign this week.',
    ]).lines;
    expect(package_[1].text.indexOf('165,000')).toBeLessThan(package_[1].text.indexOf('7,500'));
    expect(package_[2].text).not.toContain('165,000');
    expect(package_[2].text).toContain('15,000');
  });

  it('moves again when pushed back on, and says a counter-offer still open when another term is confirmed', () => {
    const { lines } = playScripted(greg, [
      'I was hoping for 175,000.',
      'Can you do better than that?',
      'I could live with 165,000 if you add a 15,000 signing bonus.',
      'Okay, 165,000 base it is.',
      'Fine, 7,500 works.',
    ]);
    expect(lines.map((l) => l.move)).toEqual(['counter', 'counter', 'counter', 'counter', 'close']);
    // 155,000, then 160,000 when pushed: not "Can you do better — thanks, that helps" and a question
    expect(lines[0].text).toContain('155,000');
    expect(lines[1].text).toContain('160,000');
    expect(lines[3].text).toContain('signing bonus');
    expect(lines[3].text).toContain('7,500');
    expect(lines[3].question).toBeNull();
    expect(lines[4].text).toContain('the base salary at 165,000 and the signing bonus at 7,500');
  });

  it('does not ask how the candidate feels about the offer once they have said it', () => {
    const [feeling, figure] = greg.sampleQuestions;
    const { lines } = playScripted(greg, [
      "Thanks Greg, I'm really excited. I'm happy with most of it, but the base salary is below what I expected.",
    ]);
    expect(lines[0].text).not.toContain(feeling);
    expect(lines[0].text).toContain(figure);
  });

  it('says its counter-offer again whole when asked to, and waits for a moment with it on the table', () => {
    const { lines } = playScripted(greg, [
      'I was thinking 175,000 based on market data.',
      'Sorry, could you repeat that?',
      'Hmm, let me think. Can I have a moment?',
      'Okay, that works.',
    ]);
    const counter = lines[0].text;
    expect(lines[1].move).toBe('again');
    expect(lines[1].text.endsWith(counter)).toBe(true);
    // said again once, not with the lead it had the first time
    expect(lines[2].move).toBe('again');
    expect(lines[2].text.endsWith(counter)).toBe(true);
    expect(lines[2].text.indexOf('160,000')).toBe(lines[2].text.lastIndexOf('160,000'));
    expect(LINES.again.some((l) => lines[2].text.includes(l.text))).toBe(false);
    expect(lines[3].text).toContain('the base salary at 160,000');
  });

  it('grants a lever its brief lets it give, and says it with the deal', () => {
    const { lines } = playScripted(greg, [
      'I was thinking 175,000, based on market data.',
      'Could you add an extra equity grant instead?',
      'Okay, 160,000 with the extra equity grant works for me.',
    ]);
    expect(lines[1].text).toContain('An extra equity grant? I can definitely look at that!');
    expect(lines[1].text).toContain('160,000');
    expect(lines[2].move).toBe('close');
    expect(lines[2].text).toContain('the base salary at 160,000 and an extra equity grant');
  });

  it('asked whether it has room, says it may and asks what the user has in mind: the bare figure after is an ask', () => {
    const { lines } = playScripted(greg, [
      'Hi Greg, thanks. Is there any flexibility on the base salary?',
      'Honestly, something closer to 160.',
      'Okay, 157,500 then.',
    ]);
    expect(LINES.roomAsked.map((l) => l.text)).toContain(lines[0].text);
    expect(lines.map((l) => l.move)).toEqual(['answer', 'counter', 'close']);
    expect(lines[1].text).toContain('155,000');
    expect(lines[2].text).toContain('the base salary at 157,500');
    // asked how much room there is, in other words
    for (const asked of [
      'Can you tell me how much flexibility there is in the band?',
      'How much room is there on the base salary?',
      // a term named alone: it recited its offer, its first base salary with it
      'What about the signing bonus?',
      'And the base?',
    ]) {
      expect(LINES.roomAsked.map((l) => l.text)).toContain(
        playScripted(greg, ['Hi Greg, thanks.', asked]).lines[1].text,
      );
    }
  });

  it('tells its brief again with the figure it has moved to, and offers its lever when asked about it', () => {
    const { lines } = playScripted(greg, [
      'I was hoping for 160,000 base.',
      'What is the bonus target?',
      'What about equity?',
    ]);
    expect(lines[0].text).toContain('155,000');
    // its offer told again: the base as it stands, not the brief's 150,000 it has moved from
    expect(lines[1].move).toBe('answer');
    expect(lines[1].text).toContain('a base salary of 155,000 dollars, a 10 percent bonus target');
    expect(lines[1].text).not.toContain('150,000');
    // "equity" is the lever's own word: the extra grant, not the offer recited
    expect(lines[2].text).toContain('An extra equity grant? I can definitely look at that!');
    expect(lines[2].text).not.toContain('150,000');
  });

  it('at its limit, names what it can still move on; a user who leaves mid-bargain is let go', () => {
    const { lines } = playScripted(greg, [
      'I want 200,000.',
      'I want 200,000.',
      'I want 200,000.',
      'I want 200,000.',
    ]);
    expect(lines[3].parts.map((x) => x.text).join(' ')).toContain('165,000');
    // its limit line (offersAtLimit), not another counter-offer
    expect(lines[3].text).toMatch(/as far as I can go|is my limit/);
    expect(lines[2].text).not.toMatch(/as far as I can go|is my limit/);
    expect(lines[3].text).toContain('the signing bonus');
    const left = playScripted(greg, ['I want 200,000. Thanks for your time, bye.']).lines[0];
    expect(left.move).toBe('close');
    expect(left.text).toContain('200,000');
  });

  it('a generated supplier says the condition that takes it further, and agrees on it', () => {
    const mark = generateBuiltin({
      userContext: 'I run a small bakery and buy flour in bulk.',
      personaDetails:
        'Mark, sales manager at a flour mill. He wants to raise our price from 400 to 460 per tonne. He can go as low as 430 if we sign a 12-month contract.',
      scenarioDetails: "Negotiate the flour price for next year's contract.",
    });
    const persona = generatedPersona(mark);
    const { lines, audited, p } = playScripted(persona, [
      'Hi Mark, thanks for calling.',
      '460 is too much for us. Could you do 420 per tonne?',
      'What if we sign for 12 months at 430?',
      'Great, so 430 per tonne for 12 months.',
      'Could we meet at 420 next year?',
    ]);
    // the terms said back after the deal are confirmed; a new offer is answered by keeping to the
    // deal, not confirmed
    expect(LINES.dealsConfirmed.map((l) => l.text)).toContain(lines[3].text);
    expect(lines[4].text).toMatch(/agreed the price at 430 per tonne, provided you sign a 12-month contract/);
    expect(LINES.dealsConfirmed.some((l) => lines[4].text.includes(l.text))).toBe(false);
    expect(lines[1].move).toBe('counter');
    expect(lines[1].text).toContain('455 per tonne');
    expect(lines[1].text).toContain('sign a 12-month contract');
    expect(lines[2].move).toBe('close');
    expect(lines[2].text).toContain('430 per tonne, provided you sign a 12-month contract');
    // in its temperament throughout
    expect(auditConversation(p, audited).outOfTemperament).toEqual([]);
    // as a recogniser writes it: figures in words
    const spoken = playScripted(persona, [
      'hi mark thanks for calling',
      'four hundred and sixty is too much for us could you do four hundred and twenty per tonne',
      'okay that works',
    ]).lines;
    expect(spoken[1].text).toContain('455 per tonne');
    expect(spoken[2].text).toContain('the price at 455 per tonne');
  });
});

import { TEMPERAMENTS } from '@shared/domain/temperament';
import { describe, expect, it } from 'vitest';
import { PRESET_INTERVIEWERS } from '../../../db/seed/preset-interviewers.js';
import type { Turn } from '../brain.js';
import { followUpKindsIn, leavesTheCall, listeningContext, proposesNextStep } from './conversation.js';
import { allLines, FOLLOW_UP_KINDS, LINES, REOPENING } from './data.js';
import { choose } from './engine.js';
import { nextLine, openingFor, preparePersona } from './index.js';
import {
  answers,
  answersYesOrNo,
  asksForASpan,
  courtesiesOnly,
  givesFigureAsked,
  namesAmount,
  partLeftOut,
  questionTopic,
  readAnswer,
  salientPhrase,
  touches,
} from './listen.js';
import { inferTemperament, offRegister, temperamentOf } from './temperament.js';
import { ANGRY_CTO, ANSWERS, PM_INTERVIEWER, playScripted } from './testing.js';
import { normalise } from './text.js';

const ctx = {
  question: 'Tell me about a product you launched.',
  scenario: new Set<string>(),
  names: new Set<string>(),
};

describe('dialogue data', () => {
  it('every line of a temperament is in its register by the data’s own markers', () => {
    for (const line of allLines()) {
      expect(offRegister(line.text, line.temperament), `${line.group}: ${line.text}`).toEqual([]);
    }
  });

  it('has every kind of line for every temperament', () => {
    for (const t of TEMPERAMENTS) {
      for (const kind of FOLLOW_UP_KINDS) {
        expect(
          LINES.followUps[kind].some((l) => l.temperament === t),
          `${kind} ${t}`,
        ).toBe(true);
      }
      expect(LINES.openings.some((l) => l.temperament === t)).toBe(true);
    }
  });

  it('only openings and the first "let\'s begin" say what opens a call', () => {
    for (const line of allLines()) {
      if (['openings', 'begin'].includes(line.group)) continue;
      expect(
        REOPENING.filter((m) => line.text.toLowerCase().includes(m)),
        line.text,
      ).toEqual([]);
    }
  });

  it('every follow-up is recognised, read back from a conversation, as the rule it asks', () => {
    for (const kind of FOLLOW_UP_KINDS) {
      for (const l of LINES.followUps[kind]) {
        const said = `Something you said. ${l.text.replace('{topic}', 'the launch you led')}`;
        expect(followUpKindsIn(said), l.text).toContain(kind);
      }
    }
  });
});

describe('choosing a line', () => {
  it('says one not said yet, then the one said longest ago, never the line just said, whatever the seed', () => {
    // the persona's lines so far, normalised as the engine keeps them
    const calm = LINES.unknownsLed.filter((l) => l.temperament === 'calm').map((l) => l.text);
    expect(calm.length).toBeGreaterThan(1);
    const [first, ...others] = calm;
    for (let seed = 0; seed < 6; seed++) {
      expect(choose(LINES.unknownsLed, 'calm', seed, [normalise(first)]).text).not.toBe(first);
      // every line said, the others just now: the one said longest ago comes back
      const said = [...others, first, ...others].map(normalise);
      expect(choose(LINES.unknownsLed, 'calm', seed, said).text).toBe(first);
    }
  });

  it('knows a line as said whatever its slots were filled with, in every group', () => {
    // {topic}, {part}, {figure}, …: what a slot held is no reason to say the same line again
    const slots = { topic: 'the pricing launch', part: 'what was your part in it', figure: '460 per tonne' };
    const filledWith = (text: string) =>
      text.replace(
        /\{(\w+)\}/g,
        (_, name: string) =>
          slots[name.toLowerCase() as keyof typeof slots] ?? `the ${name.toLowerCase()} words`,
      );
    let checked = 0;
    for (const l of allLines()) {
      const group = allLines().filter((o) => o.group === l.group);
      const others = group.filter((o) => o.temperament === l.temperament && o.text !== l.text);
      if (others.length === 0) continue;
      for (let seed = 0; seed < 3; seed++) {
        const next = choose(group, l.temperament, seed, [normalise(filledWith(l.text))]);
        expect(next.text, `${l.group}: ${l.text}`).not.toBe(l.text);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(300);
  });
});

describe('a user leaving the call', () => {
  const names = new Set(['dave', 'helen']);
  it('hears a farewell at the end of a turn, typed or as the recogniser writes it', () => {
    for (const turn of [
      'Thanks for your time, bye.',
      "Thanks, that's all from me.",
      'I have to go now, sorry. Take care!',
      'Great, I will follow up by email. Thanks Dave, bye!',
      "great i'll send the invite thanks dave bye",
      'thank you for your time today helen',
      'Okay. Talk soon.',
      'Sorry, I have to jump to another call.',
      // a lead and a time: "speak Tuesday", "see you next week"
      'Thanks Dave, speak Tuesday.',
      'thanks helen talk then',
      'Great, see you next week.',
    ]) {
      expect(leavesTheCall(turn, names), turn).toBe(true);
    }
  });
  it('not a farewell inside an answer, before more of it, glued to its clause, or before a question', () => {
    for (const turn of [
      'I take care of the patients on nights.',
      'What I learned is that you have to take care.',
      'Thanks for your time. So, I led the checkout redesign last spring.',
      "I'd say goodbye to the spreadsheets and move everything to one tool.",
      'Thanks for your time. Before I go, what are the next steps?',
      'See you on Tuesday at the site visit, then we can agree the plan.',
      'Thanks, that was a good question.',
      'We moved the review to another call.',
      'We need to talk then.',
      'I talk to customers on Monday.',
      "Let's talk tomorrow about the price",
    ]) {
      expect(leavesTheCall(turn, names), turn).toBe(false);
    }
  });
});

describe('temperament', () => {
  it('reads the preset personas by their prompts', () => {
    const read = Object.fromEntries(PRESET_INTERVIEWERS.map((p) => [p.slug, temperamentOf(p)]));
    expect(read).toMatchObject({
      'sarah-chen': 'friendly',
      'marcus-webb': 'sceptical',
      'rachel-alvarez': 'sceptical',
      'tom-brennan': 'angry',
      'greg-holloway': 'friendly',
      'naomi-clarke': 'friendly',
      'elena-petrova': 'calm',
    });
  });

  it('infers angry, sceptical, friendly or calm from the words of a description', () => {
    expect(inferTemperament('a furious CTO the morning after the outage')).toBe('angry');
    expect(inferTemperament('a doubtful investor, tough on numbers')).toBe('sceptical');
    expect(inferTemperament('a warm, friendly mentor')).toBe('friendly');
    expect(inferTemperament('a hiring manager for a nursing role')).toBe('calm');
    // an angry word said softened is a brisk, testing persona, not an angry one
    expect(inferTemperament('a hiring manager who is a bit impatient and busy')).toBe('sceptical');
    expect(inferTemperament('a client, slightly frustrated with the delays')).toBe('sceptical');
    expect(inferTemperament('an impatient, furious customer')).toBe('angry');
    expect(temperamentOf({ systemPrompt: 'A furious CTO.\nTemperament: calm', welcomeMessage: '' })).toBe(
      'calm',
    );
  });
});

describe('reading an answer', () => {
  it('tells the kinds of answer apart', () => {
    expect(readAnswer(ANSWERS.concrete, ctx).kind).toBe('concrete');
    expect(readAnswer(ANSWERS.vague, ctx).kind).toBe('vague');
    expect(readAnswer(ANSWERS.weOnly, ctx).kind).toBe('weOnly');
    // to a customer's "How do I know this won't happen again?", "we" is the company: no "what was your part?"
    expect(
      readAnswer(
        "We've added a check that blocks duplicate invoices, and we tested it on last month's runs.",
        {
          ...ctx,
          question: "How do I know this won't happen again?",
          experience: undefined,
        },
      ).kind,
    ).not.toBe('weOnly');
    expect(readAnswer(ANSWERS.noResult, ctx).kind).toBe('noResult');
    // what the user would do, asked what they did: asked for what happened, as a vague answer is
    const wouldDo = "I'd start by listening. In my first 30 days I'd meet every team lead one to one.";
    const past = {
      ...ctx,
      question: 'Describe a change you led that met resistance. What did you do?',
      experience: undefined,
    };
    expect(readAnswer(wouldDo, past).kind).toBe('vague');
    // a story with it told is an answer, and so is what they would do when that is what is asked
    expect(readAnswer(`I met every lead one to one in my first 30 days. ${wouldDo}`, past).kind).not.toBe(
      'vague',
    );
    expect(
      readAnswer(wouldDo, { ...past, question: 'Your biggest customer threatens to leave. What do you do?' })
        .kind,
    ).not.toBe('vague');
    expect(readAnswer(ANSWERS.offTopicPasta, ctx).kind).toBe('offTopic');
    expect(readAnswer(ANSWERS.offTopicFootball, ctx).kind).toBe('offTopic');
    expect(readAnswer(ANSWERS.oneWord, ctx).kind).toBe('oneWord');
    expect(readAnswer(ANSWERS.hostile, ctx).kind).toBe('hostile');
    // calling the question unfair is pushing back on it; something unfair in a story is not
    expect(readAnswer('Honestly I think your question is a bit unfair.', ctx).kind).toBe('hostile');
    expect(
      readAnswer(
        'The deadline was unfair to the team, so I renegotiated it with finance and we shipped.',
        ctx,
      ).kind,
    ).not.toBe('hostile');
    // "our" is not "we did it"; a plan in the present is not a story owing a result
    expect(readAnswer('Our customers cut mis-ships in half within a quarter of switching.', ctx).kind).toBe(
      'concrete',
    );
  });

  it('tells an answer said again nearly word for word from a position restated with new words', () => {
    const earlier = [ANSWERS.concrete];
    expect(readAnswer(ANSWERS.concrete, { ...ctx, earlier }).kind).toBe('repeat');
    // "like I said" and a clause left out: still the same answer
    const again = `Like I said, ${ANSWERS.concrete.split('. ')[0]}.`;
    expect(readAnswer(again, { ...ctx, earlier }).kind).toBe('repeat');
    // the same figures in a new sentence move a negotiation on; a short reply is never a repeat
    const offer = ['I would need 160 base and a 15k signing bonus to move.'];
    expect(
      readAnswer('Honestly I would sign this week at 160 base with the 15k bonus.', {
        ...ctx,
        earlier: offer,
      }).kind,
    ).not.toBe('repeat');
    expect(readAnswer('Yes, as I said.', { ...ctx, earlier: ['Yes, as I said.'] }).kind).not.toBe('repeat');
    expect(readAnswer(ANSWERS.concrete, ctx).kind).toBe('concrete');
  });

  it('reads an amount, not a count, as the figure a question asks for', () => {
    for (const amount of [
      '165,000 in base',
      '170 base',
      'about 15 k',
      'ten percent more',
      'a hundred and sixty thousand',
      '12 %',
      // a rate, however small
      '95 an hour',
      '40 a month',
    ])
      expect(namesAmount(amount), amount).toBe(true);
    for (const count of ['two market surveys', 'in 2 weeks', 'three offers', 'a raise', '3 tickets a day'])
      expect(namesAmount(count), count).toBe(false);
    const how = 'What number did you have in mind, and how did you arrive at it?';
    expect(answers(how, 'I was hoping for 165,000, based on two market surveys.')).toBe(true);
    expect(answers(how, 'i was hoping for 165000 because of a competing offer')).toBe(true);
    // the number alone does not say how it was reached
    expect(answers(how, 'I was hoping for 165,000.')).toBe(false);
    expect(givesFigureAsked('How much would you need to sign today?', 'About 160,000.')).toBe(true);
    expect(
      answers(
        "Let's talk about your offer. What exactly are you asking for?",
        'I was hoping for 165,000 in base.',
      ),
    ).toBe(true);
    // a first reply that names the figure the first question asks for speaks to it
    expect(touches('What salary are you hoping for?', 'Something near 165,000, honestly.')).toBe(true);
    // a question that asks for no figure is not answered by one
    expect(
      answers('What would you need from us to get started?', 'It is 900 a month for up to 50 vehicles.'),
    ).toBe(false);
    expect(
      givesFigureAsked(
        'How are you feeling about the offer overall?',
        'I want 165,000, based on market data.',
      ),
    ).toBe(false);
  });

  it('takes an example or a request already given as the answer to a question asking for it', () => {
    const example = 'Can you give me an example of what you mean?';
    expect(answers(example, "You've been late four times this month, and the queue builds up.")).toBe(true);
    expect(answers(example, 'It is about your attitude lately.')).toBe(false);
    // an interviewer's own request for an example asks about its question, not what was said before
    expect(
      answers(
        'Tell me about a time you handled a conflict. Give me a specific example.',
        'I managed 12 people.',
      ),
    ).toBe(false);
    const differently = 'What would you want me to do differently?';
    expect(answers(differently, "Could we agree that you'll be on time from Monday?")).toBe(true);
    expect(answers(differently, 'I wanted to talk about your start times.')).toBe(false);
    expect(
      answers('What can you offer in return?', 'I could start on the 1st of March instead of February.'),
    ).toBe(true);
    // a check-in agreed answers how they will know it is sorted
    const sorted = "How will we know it's sorted?";
    expect(
      answers(
        sorted,
        "Could we agree on homework club, and I'll email you every Friday with how he's doing?",
      ),
    ).toBe(true);
    expect(answers(sorted, 'Liam has missed four of the last six homeworks.')).toBe(false);
    // a price answers what it costs; a saving does not
    expect(answers('What does it cost, all in?', "It's 900 a month for up to 50 vehicles.")).toBe(true);
    expect(answers('What does it cost, all in?', "For a fleet of 40 vans that's about 90,000 a year.")).toBe(
      false,
    );
  });

  it('takes another offer already named as the answer to a question after other offers', () => {
    const others = 'Do you have any other offers you are considering?';
    for (const named of [
      'I was hoping for 165,000 in base, based on two market surveys and a competing offer I hold.',
      'I have an offer from a fintech in Berlin.',
      'There is another offer on the table.',
    ])
      expect(answers(others, named), named).toBe(true);
    for (const not of [
      'No, this is the only offer I have.',
      'I offered to help with the hiring.',
      'Another thing: I want two remote days.',
    ])
      expect(answers(others, not), not).toBe(false);
  });

  it('names the part of an answer worth naming back, short and in the persona’s words', () => {
    const phrase = (a: string) => salientPhrase(a)?.text;
    expect(phrase(ANSWERS.concrete)).toBe('cutting late deliveries from 9 % to 3 %');
    expect(phrase('The database was down for six hours of downtime.')).toBe('six hours of downtime');
    expect(
      phrase('I built it for our courier app, and late deliveries went from 9 % to 3 % in a quarter.'),
    ).toBe('late deliveries went from 9 % to 3 %');
    expect(phrase(ANSWERS.vague)).toBe('a disagreement with finance');
    expect(phrase('We moved everything to Postgres last year.')).toBe('Postgres');
    // an acronym names the thing the word after it is ("NEWS, understood.")
    expect(phrase('I did a full set of obs, his NEWS score was 6, so I called the registrar.')).toBe(
      'NEWS score',
    );
    expect(phrase('I used SBAR to hand over to the registrar.')).toBe('SBAR');
    // a name's thing, not the name's possessive alone ("Priya's — okay, thank you.")
    expect(phrase("On Priya's pull request last week you wrote 'redo it' without saying why.")).toBe(
      "Priya's pull request",
    );
    expect(phrase("I fixed Tom's bug in the checkout.")).toBe("Tom's bug");
    // the speaker's own name and who they are name nothing said ("Sam. Fine.", "My account manager.")
    expect(
      salientPhrase(
        "Hi Dana, I'm Sam, your account manager. I'm so sorry about the outage; your checkout was down for three hours and that's on us.",
        { names: new Set(['dana']) },
      )?.text,
    ).toBe('the outage');
    expect(phrase("I'm Sam. I led the Stripe migration.")).toBe('Stripe');
    expect(
      salientPhrase("Hi Dana, I'm Sam, and I'm calling about the outage.", { names: new Set(['dana']) })
        ?.text,
    ).toBe('the outage');
    expect(phrase('My team owns the billing service.')).toBe('the billing service');
    expect(phrase('Our football club won.')).toBe('your football club');
    expect(phrase('Yes.')).toBe('yes');
    // an amount before a count, with its rate
    expect(phrase('I was hoping for 165,000 in base, based on two market surveys.')).toBe('165,000');
    expect(phrase('Eleven clinics pay 200 euros a month each.')).toBe('200 euros a month');
    // never a filler word, nor a verb alone ("Understand, understood.", "Deserve, understood.")
    expect(phrase('It was a thing, you know, stuff and things.')).toBeUndefined();
    expect(phrase('I think I just listened to them, you know, and tried to understand.')).toBeUndefined();
    expect(phrase('Honestly I just think I deserve it.')).toBeUndefined();
    // a word as vague as "issue" names something with its modifier; alone, or "a couple", it names nothing
    expect(phrase("It was a database issue on our side. Our failover didn't kick in.")).toBe(
      'a database issue',
    );
    expect(phrase('It took a couple of days.')).toBeUndefined();
    // a span of time that frames the answer is not what it tells, unless the question asks how long
    expect(phrase('In the last six months I led the payments migration for our checkout team.')).toBe(
      'the payments migration',
    );
    expect(phrase('Over six months I mentored two engineers into owning their services.')).toBe(
      'two engineers',
    );
    expect(phrase('I have been a product manager in fintech for six years.')).toBe('six years');
    expect(
      phrase(
        "I'd give them a clear goal and a coach for three months and if nothing changed I'd move them on.",
      ),
    ).toBe('a clear goal');
    // a change asked for is a figure, not a result to praise
    expect(salientPhrase("I'm hoping we can bring the rent down from 1,400 to 1,250 a month.")).toEqual({
      text: 'from 1,400 to 1,250 a month',
      kind: 'number',
    });
    expect(salientPhrase('We cut late deliveries from 9 % to 3 % in one quarter.')?.kind).toBe('result');
    // a phrase never ends on a word that qualifies what follows ("…refactor last")
    expect(phrase("It was the payments refactor last Tuesday, and I'd rather not say who.")).toBe(
      'the payments refactor',
    );
    // nor on the "right" of "right now" (Tom named back "A refund figure right.")
    expect(
      phrase("I can't give you a refund figure right now, but I'll have a credit proposal by Friday."),
    ).toBe('a refund figure');
    expect(
      phrase("We'll finish by the 14th of next month, and I'll send you a written schedule tomorrow."),
    ).toBe('14th');
    // what the persona named back before comes after anything else the answer says
    const scope = 'The seniors on my team own one service each; I own the roadmap across three teams.';
    expect(phrase(scope)).toBe('three teams');
    expect(
      salientPhrase(scope, { quoted: ['three teams i see why do you feel you are ready'] })?.text,
    ).not.toBe('three teams');
    // as a recogniser writes figures: "seventy one percent" is one
    expect(
      phrase('we shipped a guided flow that lifted completion from fifty four to seventy one percent'),
    ).toBe('lifting completion from fifty four to seventy one percent');
    expect(
      salientPhrase('Six weeks per site, and the first site runs in parallel.', { spanAsked: true })?.text,
    ).toBe('six weeks');
    expect(asksForASpan('How long until my team is actually up and running?')).toBe(true);
    expect(asksForASpan('Who else like us is using this?')).toBe(false);
  });

  it('names what a question is about, to come back to it', () => {
    expect(
      questionTopic('Tell me about a product you launched that you are proud of. What was your role?'),
    ).toBe('a product you launched that you are proud of');
    // a long one is cut at a clause
    expect(questionTopic('How do you handle a loyal manager who is no longer effective in the role?')).toBe(
      'how you handle a loyal manager',
    );
    expect(questionTopic('What exactly went wrong on Saturday?')).toBe('Saturday');
    // a generated interviewer's first question ("Now, to my question about the band." cut it at the number)
    expect(questionTopic('What makes you the right person for the band 5 staff nurse role?')).toBe(
      "why you're right for the band 5 staff nurse role",
    );
    expect(questionTopic('What are you doing so this never happens again?')).toBeNull();
    // "Which still leaves my question about this cost.": "this" points at nothing the line says
    expect(questionTopic('What would this cost us, all in, for four warehouses?')).toBe('the cost');
    // a condition's thing is not what is asked, unless it is all the question names
    expect(questionTopic('If it does not happen this cycle, what would you want from me?')).toBeNull();
    expect(
      questionTopic('If we could move on the signing bonus rather than the base, would that work?'),
    ).toBe('the signing bonus');
  });
});

describe('an answer the recogniser was unsure of', () => {
  const sarah = preparePersona(PRESET_INTERVIEWERS.find((x) => x.slug === 'sarah-chen')!);
  const reply = (text: string, unclear: boolean) => {
    const history: Turn[] = [{ speaker: 'agent', text: openingFor(sarah).text }];
    history.push({ speaker: 'user', text: "Yes, I'm ready." });
    history.push({ speaker: 'agent', text: nextLine(sarah, history).text });
    history.push({ speaker: 'user', text, ...(unclear ? { unclear } : {}) });
    return nextLine(sarah, history);
  };
  const garbled = "mr john nash would have been lead you to consider how much they're worth of fifty four";
  const offTopic = 'and by the vivid they avoid snow football match on the weekend with my friends';

  it('is not named back: its words are a guess', () => {
    expect(reply(garbled, false).text).toMatch(/fifty four/i);
    expect(reply(garbled, true).text).not.toMatch(/fifty four/i);
  });

  it('twice in a row, is met once as a bad line would be: the question again', () => {
    const history: Turn[] = [{ speaker: 'agent', text: openingFor(sarah).text }];
    const say = (text: string, unclear = true) => {
      history.push({ speaker: 'user', text, ...(unclear ? { unclear } : {}) });
      const line = nextLine(sarah, history);
      history.push({ speaker: 'agent', text: line.text });
      return line;
    };
    say("Yes, I'm ready.", false);
    const first = say(garbled);
    expect(first.move).toBe('next');
    const second = say(offTopic);
    expect(second.move).toBe('again');
    expect(LINES.breakingUp.some((l) => second.text.startsWith(l.text))).toBe(true);
    // the question on the table, said again whole
    expect(second.text).toContain(
      first.text.slice(first.text.lastIndexOf('. ', first.text.indexOf('?')) + 2),
    );
    // once a call: the next unclear answers are met as answers
    expect(say(garbled).move).not.toBe('again');
    expect(say(offTopic).move).not.toBe('again');
  });

  it('is not read as off-topic, hostile or a repeat on words it may not hold', () => {
    expect(reply(offTopic, false).rule).toBe('offTopic');
    const unsure = reply(offTopic, true);
    expect(unsure.rule).not.toBe('offTopic');
    expect(unsure.text).not.toMatch(/football/i);
    expect(
      readAnswer('this is a stupid question', {
        question: 'Why?',
        scenario: new Set(),
        names: new Set(),
        unclear: true,
      }).hostile,
    ).toBeNull();
  });
});

describe('a first turn that only says what the call is about', () => {
  it('is a greeting to a persona that leads, and raises the matter to one the user leads', () => {
    const tom = preparePersona(PRESET_INTERVIEWERS.find((x) => x.slug === 'tom-brennan')!);
    const history: Turn[] = [
      { speaker: 'agent', text: openingFor(tom).text },
      { speaker: 'user', text: "Hi Tom, this is Alex from the service desk. I'm calling about Saturday." },
    ];
    // not "Alex. Right. Next. Why did it take…": nothing was answered yet
    const first = nextLine(tom, history);
    expect(first.move).toBe('begin');
    expect(first.text).not.toMatch(/\bNext\b/);
    const names = new Set(['tom']);
    expect(courtesiesOnly("I'm calling about Saturday.", names)).toBe(true);
    // a courtesy after a comma starts one of its own; "thanks to" inside an answer is no thanks
    expect(
      courtesiesOnly(
        'Hi Rachel, this is Sam from PickRight, thanks for taking the call.',
        new Set(['rachel']),
      ),
    ).toBe(true);
    expect(courtesiesOnly('We cut churn, thanks to the new onboarding, by 20 percent.', names)).toBe(false);
    // as a recogniser gives it
    expect(
      courtesiesOnly("hi tom this is alex from the service desk i'm calling about saturday", names),
    ).toBe(true);
    expect(courtesiesOnly('I wanted to talk about the last two reports.', names, false)).toBe(false);
    expect(courtesiesOnly("I'm calling about Saturday, when the terminals went down at six.", names)).toBe(
      false,
    );
    // Dana, whom the user leads: the matter raised, she reacts with her question, not "Could you give
    // me a specific example?"
    const { lines } = playScripted(PRESET_INTERVIEWERS.find((x) => x.slug === 'dana-whitfield')!, [
      'Hi Dana, thanks for coming in.',
      'I wanted to talk about the leadership review last week.',
    ]);
    expect(lines[1].text).toContain('Why did I have to hear about the leadership review from someone else?');
  });
});

describe('a report asked to do something differently', () => {
  it('takes "Could you try…?" as what the manager wants, not as a question to decline', () => {
    const { lines } = playScripted(PRESET_INTERVIEWERS.find((x) => x.slug === 'alex-kim')!, [
      'Hi Alex, thanks for making time.',
      'I wanted to talk about your code reviews. A few people mentioned your comments feel harsh.',
      "For example on Tuesday you wrote 'this is wrong, redo it' on Sam's pull request with no explanation.",
      'Could you try explaining the reason and suggesting a fix in each comment?',
      "Thanks Alex, let's check in again in two weeks.",
    ]);
    const [asked, last] = lines.slice(3);
    expect(asked.move).not.toBe('answer');
    expect(asked.text).not.toMatch(/haven't really thought|what would you like me to do differently/i);
    expect(last.text).not.toMatch(/what would you like me to do differently/i);
  });

  it('points back to the thing a question is about, not how it is kept', () => {
    expect(questionTopic("Isn't it my job to keep the code quality high?")).toBe('the code quality');
    expect(questionTopic('How does your scope compare with people already at that level?')).toBe(
      'how your scope compares',
    );
    // the role, not "the senior backend engineer"
    expect(questionTopic('What draws you to the senior backend engineer role?')).toBe(
      'the senior backend engineer role',
    );
  });
});

describe('whose part an answer tells', () => {
  it('"my last company" is not the speaker acting; "my part" is', () => {
    const ctx = {
      question: 'Tell me about a product you launched that you are proud of. What was your role?',
      scenario: new Set<string>(),
      names: new Set<string>(),
    };
    expect(
      readAnswer('We launched a savings feature at my last company. It did pretty well.', ctx).weOnly,
    ).toBe(true);
    expect(
      readAnswer('We launched a savings feature; my part was the pricing, set at 1 percent.', ctx).weOnly,
    ).toBe(false);
  });
});

describe('a next step proposed to a persona the user leads', () => {
  it('"Could we start next Monday?" is one; "Could we start with the budget?" is not', () => {
    const rachel = preparePersona(PRESET_INTERVIEWERS.find((x) => x.slug === 'rachel-alvarez')!);
    expect(proposesNextStep(rachel, 'Could we start next Monday?')).not.toBeNull();
    expect(proposesNextStep(rachel, 'Shall we kick off the pilot in March?')).not.toBeNull();
    expect(proposesNextStep(rachel, 'Could we start with the budget?')).toBeNull();
  });
});

describe('what an angry customer asks will be done', () => {
  it('is answered by a commitment said before it was asked, not by what happened', () => {
    const asked = 'What exactly are you going to do about it, and by when?';
    expect(answers(asked, "In the meantime I'll bring you two electric heaters today.")).toBe(true);
    expect(answers(asked, 'The contractor cancelled twice and the part had to be ordered.')).toBe(false);
    expect(
      answers(
        'What are you going to do to make this right for us?',
        "I'll reduce this month's rent by 20 percent.",
      ),
    ).toBe(true);
  });
});

describe('a question asking why', () => {
  const WHY_CTO = { ...ANGRY_CTO, welcomeMessage: 'Morgan here. Go on.' };

  it('asks what led to a thin answer that names no cause, not for an example', () => {
    const { lines } = playScripted(WHY_CTO, [
      'Hi Morgan.',
      'The database went down.',
      'The backup was slow.',
    ]);
    expect(lines[0].question).toBe(0);
    // "What exactly happened…?" asks what happened: a thin answer is asked for an example
    expect(lines[1].rule).toBe('example');
    // "Why did it take six hours…?" asks why
    const { lines: why } = playScripted(WHY_CTO, [
      'Hi Morgan.',
      'The migration script locked the orders table and the database went down at 6:40.',
      'The backup was slow.',
    ]);
    expect(why[1].question).toBe(1);
    expect(why[2].rule).toBe('cause');
    expect(LINES.followUps.cause.map((l) => l.text)).toContain(why[2].text.split('. ').at(-1));
  });

  it('asks for the cause an answer of promises left out, and moves on once it is given', () => {
    const { lines } = playScripted(WHY_CTO, [
      'Hi Morgan.',
      'The migration script locked the orders table and the database went down at 6:40.',
      "We'll refund a full month's fees and send you the incident report by Friday.",
      'It took until 12:45 because nobody had ever timed a full restore of 900 gigabytes.',
    ]);
    expect(lines[2].rule).toBe('noCause');
    expect(lines[2].text).toMatch(/why|caus/i);
    // the possessive keeps its noun: not "A full month's. Noted."
    expect(lines[2].text).toMatch(/^A full month's fees\./);
    expect(lines[3].move).toBe('next');
  });

  it('takes a cause, however short, as a cause ("Because I messed up." is vague, not causeless)', () => {
    const { lines } = playScripted(WHY_CTO, [
      'Hi Morgan.',
      'The migration script locked the orders table and the database went down at 6:40.',
      'Because I messed up.',
    ]);
    expect(lines[2].rule).toBe('example');
  });
});

describe('a plan said before it is asked for', () => {
  it("answers the question how the persona knows it won't happen again", () => {
    const asked = "So what happens now, and why should I believe this won't happen again?";
    expect(answers(asked, "We're adding a failover drill every month and an alert on replication lag.")).toBe(
      true,
    );
    expect(
      answers(
        'How do I know this will not happen again during our next sale?',
        'From now on every change gets a canary.',
      ),
    ).toBe(true);
    expect(answers(asked, 'The replica was six hours behind.')).toBe(false);
  });

  it('leaves a closed call closed when asked what else it needs', () => {
    const { lines } = playScripted(ANGRY_CTO, [
      'Hello Morgan, I am so sorry about this morning.',
      'The migration script locked the orders table and the database went down at 6:40.',
      'It took until 12:45 because the backup was 900 gigabytes and nobody had ever timed a full restore.',
      'I am adding a rehearsal of every migration on a full-size copy and a 15-minute rollback limit, starting Monday.',
      'Is there anything else you need from me?',
    ]);
    expect(lines[3].move).toBe('close');
    expect(lines[4].move).toBe('after-close');
    expect(LINES.afterClosing.map((l) => l.text)).toContain(lines[4].text);
  });
});

describe('a possessive in what is named back', () => {
  it('keeps the noun it owns, after a preposition too', () => {
    expect(salientPhrase("I can offer a refund of a full month's fees.")?.text).toBe(
      "a refund of a full month's fees",
    );
    expect(salientPhrase("We fixed the team's build pipeline.")?.text).toBe("the team's build pipeline");
    // a verb form alone is not named back ("Heard — okay, thank you.")
    expect(
      salientPhrase("You should have heard it from me. I didn't think it through, and that's on me."),
    ).toBeNull();
    expect(salientPhrase("We'll refund a full month's fees.")?.text).toBe("a full month's fees");
  });
});

describe('a user with no answer', () => {
  it('is encouraged and asked again, then the question is left for the next', () => {
    const { lines } = playScripted(PM_INTERVIEWER, [
      'Yes, ready.',
      'Honestly, I don’t know.',
      "Sorry, I can't think of one.",
    ]);
    const [first, second] = PM_INTERVIEWER.sampleQuestions;
    expect(lines[1].move).toBe('again');
    expect(LINES.noAnswerYet.some((l) => lines[1].text.startsWith(l.text))).toBe(true);
    expect(lines[1].text).toContain(first);
    expect(lines[2].move).toBe('next');
    expect(LINES.noAnswerMoveOn.some((l) => lines[2].text.startsWith(l.text))).toBe(true);
    expect(lines[2].text).toContain(second);
  });

  it('says so in other words too: no good example, none right now', () => {
    const { lines } = playScripted(PM_INTERVIEWER, [
      'Yes, ready.',
      "I'm not sure I have a good example for that.",
      "Honestly, I can't think of an example right now.",
    ]);
    expect(lines[1].move).toBe('again');
    expect(LINES.noAnswerYet.some((l) => lines[1].text.startsWith(l.text))).toBe(true);
    expect(lines[2].move).toBe('next');
  });

  it('is not read into an answer that says more', () => {
    const { lines } = playScripted(PM_INTERVIEWER, [
      'Yes, ready.',
      "I don't know the exact figure, but I led the checkout redesign and conversion rose about 12 percent.",
    ]);
    expect(lines[1].move).not.toBe('again');
  });
});

describe('asked how the user feels', () => {
  it('asks what in it they would change, not for an example, and takes what they say to that', () => {
    const greg = PRESET_INTERVIEWERS.find((p) => p.slug === 'greg-holloway');
    if (!greg) throw new Error('no Greg');
    const { lines } = playScripted(greg, [
      "Hi Greg, thanks for the offer. I'm excited about the role.",
      'Well, the base is a bit lower than I hoped.',
    ]);
    expect(lines[0].rule).toBe('feeling');
    expect(LINES.followUps.feeling.some((l) => lines[0].text.includes(l.text))).toBe(true);
    expect(lines[1].move).toBe('next');
  });
});

describe('a question of two parts', () => {
  const naomi = PRESET_INTERVIEWERS.find((p) => p.slug === 'naomi-clarke')!;
  const marcus = PRESET_INTERVIEWERS.find((p) => p.slug === 'marcus-webb')!;
  const failed = 'Describe a project that failed. What was your part in it and what did you learn?';

  it('reads which part its answers left out, the first the question asks', () => {
    expect(partLeftOut(failed, ['Our relaunch failed. Ratings dropped to 2 stars.'])).toBe(
      'what was your part in it',
    );
    // "I guess" says nothing of what the user did
    expect(partLeftOut(failed, ['I guess our relaunch failed.'])).toBe('what was your part in it');
    expect(partLeftOut(failed, ['Our relaunch failed.', 'I was the PM and I missed the risks.'])).toBe(
      'what did you learn',
    );
    expect(partLeftOut(failed, ['I was the PM. I learned to write risks down.'])).toBeNull();
    expect(
      partLeftOut('What is a product decision you got wrong, and what did you learn?', [
        'We cut the free tier.',
      ]),
    ).toBe('what did you learn');
    expect(
      partLeftOut('How would you measure the success of a new onboarding flow?', ['Completion rate.']),
    ).toBeNull();
    // a question that asks only that is no question of parts
    expect(
      partLeftOut('Some would say that was a team effort. What was your part?', ['We did it.']),
    ).toBeNull();
  });

  it('asks each part left out in turn, in other words each time, then moves on', () => {
    const { lines } = playScripted(naomi, [
      "Yes, let's go.",
      'Last spring a designer and I disagreed about a checkout redesign. I suggested we test both versions for a week, and hers won by 4 percent.',
      'Our mobile app relaunch failed. It shipped two months late and ratings dropped to 2 stars.',
      "I was the PM, and I didn't push back on the deadline when engineering warned me.",
      'I learned to put risks in writing and to ask for a re-plan the moment an estimate slips.',
    ]);
    expect(lines[2]).toMatchObject({ move: 'follow-up', rule: 'part' });
    expect(lines[2].text).toMatch(/what was your part in it\?$/);
    // a failure's figure is named back, not praised
    expect(lines[2].text).not.toMatch(/nice work|impressive|great to hear/i);
    expect(lines[3]).toMatchObject({ move: 'follow-up', rule: 'part' });
    expect(lines[3].text).toMatch(/what did you learn\?$/);
    const lead = (t: string) => t.slice(0, t.lastIndexOf(':'));
    expect(lead(lines[3].text)).not.toBe(lead(lines[2].text));
    expect(lines[4].move).toBe('next');
    // a short answer to the first part asked is still followed by the part left, not an example
    const short = playScripted(naomi, [
      "Yes, let's go.",
      'Last spring a designer and I disagreed about a checkout redesign. I suggested we test both versions for a week, and hers won by 4 percent.',
      'Our mobile app relaunch failed. It shipped two months late and ratings dropped to 2 stars.',
      "My part was that I didn't push back on the deadline.",
    ]).lines[3];
    expect(short).toMatchObject({ move: 'follow-up', rule: 'part' });
  });

  it('asks a part the answer leaves out once, and a "we" answer for what the user did first', () => {
    const toFailed = (answers: string[]) =>
      playScripted(naomi, [
        'Ready.',
        'A designer and I disagreed on a redesign, so I ran an A/B test and hers won by 4 percent.',
        ...answers,
      ]).lines.slice(2);
    const [we] = toFailed(['We moved search to Elasticsearch and rolled it back after a month.']);
    expect(we.rule).toBe('self');
    const [, again] = toFailed([
      'Our relaunch failed. Ratings dropped to 2 stars.',
      'It was a hard time for everyone involved.',
    ]);
    expect(again.rule).not.toBe('part');
    const sceptical = playScripted(marcus, [
      'Ready.',
      'I own the ingestion roadmap. I score items on revenue at risk against engineering cost.',
      "I'd meet them, explain the strategy and offer a workaround; last time that kept a 2 million account.",
      "I'd tell engineering and sales the same day, cut scope to ship the core in two weeks, and give sales a new date in writing.",
      'I compare the cost of incidents from the debt with the revenue of the next feature; last year that put a 3-week rewrite first.',
      'We killed our free tier too early and lost 200 paying customers in a month.',
    ]).lines.at(-1)!;
    expect(sceptical).toMatchObject({ move: 'follow-up', rule: 'part' });
    expect(sceptical.text).toMatch(/What did you learn\?$/);
  });
});

describe('a sales rep with Rachel', () => {
  const rachel = PRESET_INTERVIEWERS.find((p) => p.slug === 'rachel-alvarez')!;

  it('hears a reference customer with a measured result as an answer, not as off the call', () => {
    const { lines } = playScripted(rachel, [
      "Hi Rachel, thanks for your time. I'm Sam from PickRight.",
      'Our customers typically cut mis-ships in half within a quarter.',
      "Because mostly isn't the same as working: warehouses your size lose 2 percent of orders to mis-ships.",
      'About 60,000 a year for four warehouses, including training.',
      'Six weeks per site, and we run in parallel with your current system.',
      "Harbor's neighbour, Coastline Freight, cut returns by 40 percent.",
    ]);
    expect(lines[4].text).toMatch(/Who else like us is using this/);
    const context = listeningContext(preparePersona(rachel), rachel.sampleQuestions[3]);
    expect(
      readAnswer("Harbor's neighbour, Coastline Freight, cut returns by 40 percent.", context).offTopic,
    ).toBe(false);
    // a neighbour of the speaker's own, with no result, is still off the call
    expect(readAnswer('My neighbour has a lovely garden with roses.', context).offTopic).toBe(true);
    // not "Harbor's neighbour has nothing to do with my question.", nor terms strung together
    expect(lines[5].move).toBe('next');
  });

  it('answers a question asked after a clause and "can I ask", and takes "Great, thanks" for no answer', () => {
    const { lines } = playScripted(rachel, [
      "Hi Rachel, thanks for your time. I'm Sam from PickRight.",
      'Before I show anything, can I ask how you handle picking errors today?',
      'Great, thanks Rachel.',
    ]);
    // answered from her brief (picking errors are her mis-shipped orders; "show anything" asks
    // nothing), not named back as an answer ("Handle picking errors, is it.")
    expect(lines[1].move).toBe('answer');
    expect(lines[1].text).toMatch(/My real problems are mis-shipped orders/);
    // not "Such as? One real example.": her own first question
    expect(lines[2].move).toBe('begin');
    // as a recogniser gives them: a greeting and who the speaker is, after thanks; the question after its lead
    const spoken = playScripted(rachel, [
      "hi rachel thanks for your time i'm sam from pickright",
      'before i show anything can i ask how you handle picking errors today',
    ]).lines;
    expect(spoken[0].move).toBe('go-ahead');
    expect(spoken[1].move).toBe('answer');
    expect(spoken[1].text).toMatch(/My real problems are mis-shipped orders/);
    expect(courtesiesOnly("hi rachel thanks i'm excited about the demo", new Set(['rachel']))).toBe(false);
  });
});

describe('Tom after the Saturday outage', () => {
  const tom = PRESET_INTERVIEWERS.find((p) => p.slug === 'tom-brennan')!;

  it('names a time of day back whole, and takes "That\'s on us." for owning it, not for making it right', () => {
    expect(salientPhrase('Card payments timed out from 11:02 to 2:10.')?.text).toBe('from 11:02 to 2:10');
    const { lines } = playScripted(tom, [
      "Hi Tom, I'm Sam, your account manager. I'm really sorry about Saturday.",
      "A database failover didn't trigger, so card payments timed out from 11:02 to 2:10.",
      "Our on-call engineer was paged but the escalation to support didn't fire. That's on us.",
      "We've added a second failover path and we'll run a load test before your next sale, on the 14th.",
    ]);
    expect(lines[1].text).toMatch(/^From 11:02 to 2:10\./);
    // the question of making it right is still asked
    expect(lines[3].text).toContain('What are you going to do to make this right for us?');
  });
});

describe('a why-question answered before it is asked', () => {
  it('is answered by the reason the user gave in its words, and not asked', () => {
    const why = 'Why do you feel you are ready for the next level now?';
    expect(answers(why, "I feel ready because I've been doing the job for a year.")).toBe(true);
    expect(answers(why, "I've been doing the job for a year.")).toBe(false);
    expect(
      answers('Why did it take your support team two hours to respond?', 'Because the pager was broken.'),
    ).toBe(false);
    const daniel = PRESET_INTERVIEWERS.find((p) => p.slug === 'daniel-torres')!;
    const { lines } = playScripted(daniel, [
      'Hi Daniel, thanks for meeting.',
      "I feel ready because I've been doing the job for a year: I run the platform team's planning and I mentor three engineers.",
    ]);
    expect(lines[1].text).not.toContain(why);
  });
});

describe('a closed question answered yes or no', () => {
  it('is answered, with or without more said', () => {
    const offers = 'Do you have any other offers you are considering?';
    expect(answersYesOrNo(offers, "No, I don't have other offers.")).toBe(true);
    expect(answersYesOrNo(offers, 'Honestly, no.')).toBe(true);
    expect(
      answersYesOrNo(
        'If we could move on the signing bonus rather than the base, would that work?',
        'Yes, that would work.',
      ),
    ).toBe(true);
    // an open question, or an answer that does not open with yes or no
    expect(answersYesOrNo('Walk me through the roadmap you own today.', 'No.')).toBe(false);
    expect(answersYesOrNo('Can you walk me through what happened?', 'Yes, it went wrong somehow.')).toBe(
      false,
    );
    expect(answersYesOrNo('Could you give me an example?', 'Yeah, I guess so.')).toBe(false);
    expect(answersYesOrNo(offers, 'Nobody else has made me one.')).toBe(false);
  });

  it('gets no follow-up: Greg moves on, Alex closes', () => {
    const greg = PRESET_INTERVIEWERS.find((p) => p.slug === 'greg-holloway')!;
    const { lines } = playScripted(greg, [
      'Hi Greg.',
      "I'm excited about the role and the team.",
      '170,000, based on two market surveys.',
      "No, I don't have other offers.",
    ]);
    expect(lines[2].text).toContain('Do you have any other offers');
    expect(lines[3].move).toBe('next');
    const alex = PRESET_INTERVIEWERS.find((p) => p.slug === 'alex-kim')!;
    const last = playScripted(alex, [
      'Hi Alex, thanks for making time.',
      'I wanted to talk about your code reviews. Two people on the team said your comments felt harsh.',
      'It was mostly on the payments PRs last week, from Jo and Priya.',
      "It is, and your standards are great. It's how the comments land that I want to talk about.",
      "Could you try framing comments as questions, and praise what's good too?",
      'No, this is about team health, not your review.',
    ]).lines.at(-1)!;
    // not "Could you give me a specific example?"
    expect(last.move).toBe('close');
  });
});

describe('Dana asked how the user would feel', () => {
  const dana = PRESET_INTERVIEWERS.find((p) => p.slug === 'dana-whitfield')!;
  const toFeeling = [
    'Hi Dana, do you have a minute?',
    "I wanted to talk about the leadership review. I presented your redesign without mentioning you, and I'm sorry.",
    "You should have heard it from me. I didn't think it through, and that's on me.",
  ];

  it('takes a feeling named for the answer, not asking for an example of it', () => {
    const { lines } = playScripted(dana, [...toFeeling, "I'd feel sidelined and probably angry."]);
    expect(lines[2].text).toContain('How would you feel if it were the other way around?');
    expect(lines[3].move).toBe('next');
    expect(lines[3].text).toContain('What will you do differently next time?');
  });

  it('once closed, hears "Is there anything else you\'d like from me?" as asking what she needs', () => {
    const { lines } = playScripted(dana, [
      ...toFeeling,
      "I'd feel sidelined and probably angry.",
      "I'll tell leadership it was your work, and from now on you'll present your own research.",
      "Is there anything else you'd like from me?",
    ]);
    expect(lines[4].move).toBe('close');
    // not "I don't have that to hand, I'm afraid. I'll follow up by email."
    expect(LINES.unknownsAfterClose.map((l) => l.text)).not.toContain(lines[5].text);
  });
});

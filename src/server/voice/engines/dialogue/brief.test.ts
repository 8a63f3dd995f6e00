// The persona's brief as it answers the user: which sentences are facts it may say, how they turn
// into its own words, and which turns ask it something.
import { describe, expect, it } from 'vitest';
import { PRESET_INTERVIEWERS } from '../../../db/seed/preset-interviewers.js';
import {
  briefFacts,
  briefOf,
  factFor,
  inFirstPerson,
  pointAndQuestions,
  questionsAtTheEnd,
  questionsToPersona,
  withoutTraits,
} from './brief.js';
import { keyStems, normalise, stem } from './text.js';

const preset = (slug: string) => {
  const p = PRESET_INTERVIEWERS.find((x) => x.slug === slug);
  if (!p) throw new Error(slug);
  return p;
};

describe('the brief in the first person', () => {
  it('turns the brief’s "you" into the persona and "the user" into the one it speaks to', () => {
    expect(inFirstPerson('You are Rachel Alvarez, VP of Operations at Harbor Logistics.')).toBe(
      "I'm Rachel Alvarez, VP of Operations at Harbor Logistics.",
    );
    expect(inFirstPerson('Your budget is limited and you answer to a cost-focused CFO.')).toBe(
      'My budget is limited and I answer to a cost-focused CFO.',
    );
    expect(
      inFirstPerson(
        'Two weeks ago the user presented the slides, which used your research without mentioning you.',
      ),
    ).toBe('Two weeks ago you presented the slides, which used my research without mentioning me.');
    expect(inFirstPerson("You have declined two of the user's invitations.")).toBe(
      'I have declined two of your invitations.',
    );
  });

  it('tells a fact as the persona would say it (brief.json retold)', () => {
    const facts = (prompt: string) => briefFacts(prompt).map((f) => f.text);
    expect(facts('You are interviewing a candidate for a Senior Product Manager role on your team.')).toEqual(
      ["It's a Senior Product Manager role on my team."],
    );
    expect(
      facts(
        'You are running a behavioural interview with the user, a candidate for a mid-level role on your team.',
      ),
    ).toEqual(["It's for a mid-level role on my team."]);
    // the persona's own "them", with nothing plural before it to stand for, is its organisation
    expect(facts('You had a phishing incident last year that cost them two days of downtime.')).toEqual([
      'I had a phishing incident last year that cost us two days of downtime.',
    ]);
    expect(facts('You manage the analysts and train them every week.')).toEqual([]);
    expect(facts('You have raised prices 12% this year. You say costs are up.')).toEqual([
      'I have raised prices 12% this year.',
      'Costs are up.',
    ]);
  });

  it('makes a second verb agree with "I" after any first one, not after another subject’s "are"', () => {
    // a generated prospect's brief (Dave, a coffee-shop owner), told as his side
    expect(
      inFirstPerson(
        'You do payroll yourself on spreadsheets every Sunday and hate it, but are wary of costs.',
      ),
    ).toBe('I do payroll myself on spreadsheets every Sunday and hate it, but am wary of costs.');
    expect(inFirstPerson('You are worried about the timeline and are locked into a contract.')).toBe(
      "I'm worried about the timeline and am locked into a contract.",
    );
    expect(inFirstPerson('You think the prices are high and are rising.')).toBe(
      'I think the prices are high and are rising.',
    );
  });
});

describe('a point that ends on a question', () => {
  it('splits the point from the questions it ends on, typed or as a recogniser gives it', () => {
    expect(pointAndQuestions("I led the billing migration. How big is the team I'd be joining?")).toEqual({
      point: 'I led the billing migration.',
      questions: ["How big is the team I'd be joining?"],
    });
    expect(
      pointAndQuestions('i led the billing migration with zero downtime do you have a design team'),
    ).toEqual({
      point: 'i led the billing migration with zero downtime',
      questions: ['do you have a design team'],
    });
    // a check-in, small talk or a turn that is all question hands the persona nothing
    expect(pointAndQuestions('I would pull the funnel data. Does that make sense?')).toBeNull();
    expect(pointAndQuestions('How big is the team?')).toBeNull();
  });
});

describe('the facts of a brief', () => {
  it('leave out instructions, levers, conduct, the user’s own part and what to keep back', () => {
    for (const p of PRESET_INTERVIEWERS) {
      for (const f of briefFacts(p.systemPrompt)) {
        expect(f.text, p.slug).not.toMatch(/\{|the user|\byou are\b|\byou have\b|\byourself\b/i);
        expect(f.text, p.slug).not.toMatch(
          /^(Be|Do|Ask|If|Act|Start|Raise|Make|Push|Open|Only|After|Close)\b/,
        );
      }
    }
    const greg = briefFacts(preset('greg-holloway').systemPrompt).map((f) => f.text);
    // "Do not reveal the top of the band": no sentence naming the band; no lever ("you can also offer")
    expect(greg.join(' ')).not.toMatch(/band|165,000|170,000|signing bonus/);
    expect(greg.join(' ')).toContain('a 10 percent bonus target');
    const rachel = briefFacts(preset('rachel-alvarez').systemPrompt).map((f) => f.text);
    expect(rachel).toContain(
      'My real problems are mis-shipped orders, slow onboarding of seasonal staff and an old system that my team works around with spreadsheets.',
    );
    expect(rachel.join(' ')).not.toMatch(/pitched|salesperson|sceptical/);
    // "you think they are doing good work": whose work, the persona cannot say
    expect(
      briefFacts(preset('daniel-torres').systemPrompt)
        .map((f) => f.text)
        .join(' '),
    ).not.toMatch(/\bthey\b/);
  });

  it('take the clauses with a subject of their own from a sentence that is no fact as a whole', () => {
    const daniel = briefFacts(preset('daniel-torres').systemPrompt).map((f) => f.text);
    // "You think they are doing good work, but you are not yet sure…, and promotions go through…"
    expect(daniel).toContain(
      'Promotions go through a calibration committee with a limited budget this cycle.',
    );
    expect(daniel.join(' ')).not.toMatch(/\bthey\b|not yet sure/);
    // a clause leaning on the one before ("…, and it cost you a wedding order") or of a lever's sentence is none
    expect(
      briefFacts(
        'You run a bakery. You think they deliver late, and it cost you a wedding order. You can offer a discount of 10 percent, and the flour price went up in March. You suspect they cut corners, but the oven broke twice this month.',
      ).map((f) => f.text),
    ).toEqual(['I run a bakery.', 'The oven broke twice this month.']);
    // what the brief keeps back stays back in a clause too ("…; beyond that you need approval for 170,000")
    expect(
      briefFacts(preset('greg-holloway').systemPrompt)
        .map((f) => f.text)
        .join(' '),
    ).not.toMatch(/approval|170,000/);
  });

  it('answer a question by its words and by the kind of thing it asks about, and know when they were said', () => {
    const brief = briefOf(preset('rachel-alvarez').systemPrompt);
    const answer = (question: string, said: string[] = []) => {
      const found = factFor(brief, [question], said);
      return found === null || found === 'kept back' ? found : { text: found.fact.text, again: found.again };
    };
    const problems = answer('Where does it hurt most for your team today?');
    expect(problems).toMatchObject({ text: expect.stringMatching(/^My real problems/), again: false });
    expect(answer('What does a late order cost you?')).toMatchObject({
      text: expect.stringMatching(/^My budget/),
    });
    expect(answer('What is your favourite colour?')).toBeNull();
    // the words of a clause leading the question in ask nothing: "show", "anything"
    expect(answer('Before I show anything, what does your packing process look like today?')).toMatchObject({
      text: expect.stringMatching(/^My real problems/),
    });
    // a word of who the persona is, said in passing, does not make the question about who it is
    expect(answer("What's the biggest headache in your warehouses?")).toMatchObject({
      text: expect.stringMatching(/^My real problems/),
    });
    expect(answer('How many warehouses do you have?')).toMatchObject({
      text: expect.stringMatching(/^I'm Rachel Alvarez/),
    });
    // who it is answers a question about its company, not one that shares only a kind of thing with it
    const sarah = briefOf(preset('sarah-chen').systemPrompt);
    expect(factFor(sarah, ['What does your company do?'], [])).toMatchObject({
      fact: { text: expect.stringMatching(/^I'm Sarah Chen/) },
    });
    const team = factFor(sarah, ["How big is the team I'd be working with?"], []);
    expect(team === null || team === 'kept back' || !team.fact.identity).toBe(true);
    // a generated persona says what it does in the sentence of who it is
    const priya = briefOf(
      "You are Priya, owner of a bakery with three shops, busy and price-sensitive, currently uses spreadsheets for invoices. A first discovery call to see whether the user's invoicing tool fits your shops.",
    );
    expect(factFor(priya, ['How do you handle invoices today?'], [])).toMatchObject({
      fact: { text: expect.stringMatching(/spreadsheets for invoices/) },
    });
    // a question for an amount is answered only by a fact with a number in it
    const naomi = briefOf(preset('naomi-clarke').systemPrompt);
    expect(factFor(naomi, ['How many people are on your team?'], [])).toBeNull();
    expect(answer('How many warehouses do you have?')).toMatchObject({
      text: expect.stringMatching(/four warehouses/),
    });
    // a word as common as "long" names no kind of thing: the persona meets the turn as an answer
    expect(answer('How long will this take?')).toBeNull();
    const said = [normalise((problems as { text: string }).text)];
    expect(answer('Where does it hurt most for your team?', said)).toMatchObject({ again: true });
    // a kind of thing alone (a date; the budget is "for this year") answers no question whose own
    // words no fact still to say holds
    expect(answer('Is there flexibility on the start date for a new system?', said)).toBeNull();
    expect(answer('What is the biggest weakness of your old system for seasonal staff?', said)).toBeNull();
    // a question whose words a fact said already holds asks it again: told again
    const cto = briefOf(
      'You are the CTO of a customer, angry after a second outage this month. An outage took your checkout down for three hours.',
    );
    const checkout = cto.facts.find((f) => f.text.includes('checkout'))!;
    expect(factFor(cto, ['How long was the checkout down?'], [checkout.normalised])).toMatchObject({
      fact: { text: checkout.text },
      again: true,
    });
    // …but not when it asks a kind of thing that fact does not tell (money), or two words of its own
    expect(factFor(cto, ['What did the checkout being down cost you?'], [checkout.normalised])).toBeNull();
    expect(
      factFor(cto, ['Which payment provider runs the checkout that went down?'], [checkout.normalised]),
    ).toBeNull();
    // "today" and "now" ask about no current setup by themselves
    const tom = briefOf(preset('tom-brennan').systemPrompt);
    expect(factFor(tom, ['Is there anything else you need from me today?'], [])).toBeNull();
    // what decides a purchase: the budget and who it answers to
    expect(answer('What would make this a no for you?')).toMatchObject({
      text: expect.stringMatching(/^My budget/),
    });
    expect(answer('What are the next steps on your side if this looks good?')).toMatchObject({
      text: expect.stringMatching(/^My budget/),
    });
    // what the brief keeps back is declined, even where a fact would match otherwise
    const greg = briefOf(preset('greg-holloway').systemPrompt);
    expect(factFor(greg, ['What is the top of the band for this role?'], [])).toBe('kept back');
  });

  it("take no part of the question from the persona's name, which only addresses it", () => {
    const brief = briefOf(
      'You are Tom Baker, a senior analyst at Ledgerly. The quarterly report went out two days late.\n\nTemperament: calm',
    );
    const names = new Set(['tom', 'baker']);
    expect(factFor(brief, ['Tom, how are things?'], [], names)).toBeNull();
    const late = factFor(brief, ['Tom, why was the report late?'], [], names);
    expect(late !== null && late !== 'kept back' && late.fact.text).toBe(
      'The quarterly report went out two days late.',
    );
  });

  it("take a word of the persona's own title alone for no question about who it is", () => {
    const brief = briefOf(
      'You are Marcus, Head of Customer Support at Lindgren Fashion. Your team of 12 handles 3,000 tickets a week in shared inboxes.\n\nTemperament: calm',
    );
    const identity = new Set(['marcus', 'head', 'customer', 'support', 'lindgren', 'fashion']);
    const fact = (question: string) => {
      const found = factFor(brief, [question], [], new Set(['marcus']), identity);
      return found === null || found === 'kept back' ? found : found.fact.text;
    };
    expect(fact('How do you handle support tickets today?')).toMatch(/^My team of 12/);
    // a question about who it is: its identity, with no word of it said
    expect(fact('What does your role involve?')).toMatch(/^I'm Marcus, Head of Customer Support/);
    expect(fact('Are you the head of customer support there?')).toMatch(/^I'm Marcus/);
  });

  it('of a custom scenario are its situation before the headings, not its conduct or the user’s own words', () => {
    const prompt = [
      'You are Priya Shah, CTO at Northwind Health. In this call you are holding the user to account.',
      '',
      'Temperament: angry',
      'You are angry, from your first word to your last.',
      '',
      'Who you are talking to, in their own words:',
      'I am the engineering manager responsible for the migration.',
      '',
      'How to play it:',
      '- Ask one question at a time and wait for the answer before moving on.',
    ].join('\n');
    expect(briefFacts(prompt).map((f) => f.text)).toEqual(["I'm Priya Shah, CTO at Northwind Health."]);
    // a rule under a heading still keeps a fact before it back
    const keptBack = `${prompt}\n- Do not reveal that you are the CTO.`;
    expect(briefOf(keptBack).facts).toEqual([]);
    expect(factFor(briefOf(keptBack), ['Are you the CTO there?'], [])).toBe('kept back');
  });
});

describe('the topic words of a question', () => {
  it('count "stopped working" as an outage, and "stop" alone as nothing of it', () => {
    expect(keyStems('When did it first stop working?')).toEqual(keyStems('When did it first break?'));
    expect(keyStems('The printer stopped  working on Monday.').has(stem('outage'))).toBe(true);
    expect(keyStems('Please stop interrupting me.').has(stem('outage'))).toBe(false);
  });
});

describe('a turn that asks the persona something', () => {
  it('is a question addressed to it, with little else, typed or as a recogniser gives it', () => {
    expect(questionsToPersona('That makes sense. What does a late order cost you?')).toEqual([
      'What does a late order cost you?',
    ]);
    expect(questionsToPersona('could you tell me how your team handles orders today')).toEqual([
      'could you tell me how your team handles orders today',
    ]);
    // a spoken question after a lead-in
    expect(questionsToPersona('before that do you allow remote work on fridays')).toEqual([
      'before that do you allow remote work on fridays',
    ]);
    expect(questionsToPersona('so i think we should start with the budget')).toBeNull();
    // "do you know" asks the question after it; "…, you know?" only checks in
    expect(questionsToPersona('Do you know when the contractor is coming?')).toEqual([
      'Do you know when the contractor is coming?',
    ]);
    expect(questionsToPersona('do you know when the contractor is coming')).toHaveLength(1);
    expect(questionsToPersona('It was a hard quarter for all of us, you know?')).toBeNull();
    // "would you mind…" proposes ("Would you mind moving the call?"), but asked to share something, asks
    expect(questionsToPersona('Would you mind sharing how many agents you have?')).toHaveLength(1);
    expect(questionsToPersona('Would you mind if we moved this to Friday?')).toBeNull();
    // a recogniser writes "what's" as said
    expect(questionsToPersona("what's the biggest headache in your warehouses")).toHaveLength(1);
    // spoken, a question about the persona's side with no "you" in it
    expect(questionsToPersona('how big is the team')).toEqual(['how big is the team']);
    expect(questionsToPersona('who is the decision maker on this')).toHaveLength(1);
    expect(questionsToPersona("what's been getting in the way")).toEqual(["what's been getting in the way"]);
    // a condition before it, as a recogniser gives it with no comma (the typed form reads its comma)
    expect(questionsToPersona("if it doesn't happen this cycle what would you want from me")).toHaveLength(1);
    expect(questionsToPersona('if i had more time i would have tested it more')).toBeNull();
    // a statement that opens with "what", spoken: not a question ("what's great is…", "what i did was…")
    expect(questionsToPersona("what's great is the team shipped it on time")).toBeNull();
    expect(questionsToPersona('what matters most is trust')).toBeNull();
    expect(questionsToPersona('what i did was pull the data')).toBeNull();
    // typed, with its commas and full stop: an answer that opens with a question word
    expect(
      questionsToPersona(
        'When the interest on it is higher than the cost to fix: if it slows every release, it goes first.',
      ),
    ).toBeNull();
    expect(questionsToPersona('When it slows every release it goes first.')).toBeNull();
    expect(questionsToPersona('When it slows every release, it goes first')).toBeNull();
    // a request to hear about something asks as a question does, typed with a full stop or spoken
    expect(questionsToPersona('Talk me through your week.')).toEqual(['Talk me through your week.']);
    expect(questionsToPersona('walk me through what happened')).toEqual(['walk me through what happened']);
    expect(questionsToPersona('Fill me in on the migration.')).toHaveLength(1);
    // the speaker in a clause of its own: still a question to the persona
    expect(questionsToPersona('Is something going on outside work that I should know about?')).toEqual([
      'Is something going on outside work that I should know about?',
    ]);
    expect(questionsToPersona('Before I go on, how big is the platform team?')).toEqual([
      'Before I go on, how big is the platform team?',
    ]);
    expect(questionsToPersona('So what did I miss?')).toBeNull();
    // the role the user would take: asked of the persona, "I" or not
    expect(questionsToPersona('Who would I report to?')).toEqual(['Who would I report to?']);
    expect(questionsToPersona('What would I be working on in my first month?')).toEqual([
      'What would I be working on in my first month?',
    ]);
    expect(questionsToPersona("Can I ask, how big is the team I'd be joining?")).toHaveLength(1);
    expect(questionsToPersona('Can I ask, who does this role report to?')).toHaveLength(1);
    // what the user is to expect is asked of the persona too
    expect(questionsToPersona('When can I expect the written offer?')).toHaveLength(1);
    expect(questionsToPersona('when will i hear back from you')).toHaveLength(1);
    // asked of oneself, and answered
    expect(
      questionsToPersona("What would I be doing differently? I'd involve engineering earlier."),
    ).toBeNull();
    expect(questionsToPersona("What I'd be most proud of? Probably the launch.")).toBeNull();
    // "what about" a thing asks about it; with a figure or a time it proposes
    expect(questionsToPersona('Okay, what about equity?')).toEqual(['Okay, what about equity?']);
    expect(questionsToPersona('What about the relocation package?')).toHaveLength(1);
    expect(questionsToPersona('What about 160?')).toBeNull();
    expect(questionsToPersona('How about next Tuesday?')).toBeNull();
    expect(questionsToPersona('How about we split the difference?')).toBeNull();
  });

  it('is not an answer that checks in, a long answer with a question in it, or a question to no one', () => {
    expect(
      questionsToPersona('I led the redesign and cut drop-off from 40 to 22 percent. Does that make sense?'),
    ).toBeNull();
    expect(
      questionsToPersona(
        'In my last role I led a team of five on the onboarding redesign, interviewed twenty merchants and cut drop-off by eighteen percent in one quarter. Would you like more detail?',
      ),
    ).toBeNull();
    expect(questionsToPersona('What did I learn? That data beats opinions.')).toBeNull();
    // a next step proposed is an answer to agree to, not a question about the persona
    expect(
      questionsToPersona(
        'I will send a pilot plan by Thursday. Could we book thirty minutes next Tuesday with your dispatch lead?',
      ),
    ).toBeNull();
    expect(questionsToPersona('what we did was cut the onboarding steps from nine to four')).toBeNull();
  });

  it('is not chatter off the call or a hostile retort, which the persona meets as answers', () => {
    expect(
      questionsToPersona('Did you see the match last night? My football club finally won the derby.'),
    ).toBeNull();
    expect(questionsToPersona('Are you kidding me? Launches slip all the time.')).toBeNull();
  });
});

describe('a point that ends on a question to the persona', () => {
  const pitch =
    'We help warehouses cut mis-shipped orders with scan-to-confirm packing, and a distributor your size cut them by a third.';
  const spoken = pitch.replace(/[.,]/g, '').toLowerCase();
  it('hands the persona the questions it ends on, typed or as a recogniser gives it', () => {
    expect(questionsAtTheEnd(`${pitch} How does your team handle orders today?`)).toEqual([
      'How does your team handle orders today?',
    ]);
    // as a recogniser gives it, by its words' order: a question word, its verb, then "you"
    expect(questionsAtTheEnd(`${spoken} how does your team handle orders today`)).toEqual([
      'how does your team handle orders today',
    ]);
    expect(questionsAtTheEnd(`${spoken} have you tried a scanner at the packing bench`)).toEqual([
      'have you tried a scanner at the packing bench',
    ]);
    // or "you" a few words after the question word and its verb
    expect(questionsAtTheEnd('that incident last year what did it cost you')).toEqual([
      'what did it cost you',
    ]);
    // not a statement that goes on after it
    expect(questionsAtTheEnd('i asked the team what was blocking you and they said nothing')).toBeNull();
    expect(questionsAtTheEnd(`${pitch} Who signs off on this? What would it need to show?`)).toEqual([
      'Who signs off on this?',
      'What would it need to show?',
    ]);
  });
  it('is not a turn that is mainly asking, one that ends on a statement, a check-in, a proposal or small talk', () => {
    // questionsToPersona reads a turn that is mainly asking
    expect(questionsAtTheEnd('Thanks. How does your team handle orders today?')).toBeNull();
    expect(questionsAtTheEnd(`How do you handle orders today? ${pitch}`)).toBeNull();
    expect(questionsAtTheEnd(`${pitch} Does that make sense?`)).toBeNull();
    expect(questionsAtTheEnd(`${pitch} Could we book a demo next week?`)).toBeNull();
    expect(questionsAtTheEnd(`${pitch} Are you kidding me?`)).toBeNull();
    // as a recogniser gives it, a request is no question ("can i have your order number")
    expect(questionsAtTheEnd("i'm sorry to hear that can i have your order number please")).toBeNull();
    expect(questionsAtTheEnd(`${spoken} and we train your seasonal staff in a day`)).toBeNull();
  });
});

describe('a fact without how the persona was described', () => {
  it('leaves out the clauses of its disposition, and a fact that is nothing else', () => {
    expect(withoutTraits("I'm a senior analyst on your team, talented but defensive when criticised.")).toBe(
      "I'm a senior analyst on your team.",
    );
    expect(
      withoutTraits(
        "I'm Priya, owner of a bakery with three shops, busy and price-sensitive, currently uses spreadsheets.",
      ),
    ).toBe("I'm Priya, owner of a bakery with three shops, currently uses spreadsheets.");
    expect(withoutTraits("I'm the CFO and very sceptical, with a budget of 5,000.")).toBe(
      "I'm the CFO, with a budget of 5,000.",
    );
    expect(withoutTraits("I'm the procurement lead at your biggest client, and I'm direct.")).toBe(
      "I'm the procurement lead at your biggest client.",
    );
    expect(withoutTraits("I'm polite but tough.")).toBeNull();
    expect(withoutTraits("I'm busy, cautious and direct.")).toBeNull();
    // a feeling about the matter of the call is a fact, not a trait
    expect(withoutTraits("I'm upset about the lack of status updates.")).toBe(
      "I'm upset about the lack of status updates.",
    );
    expect(withoutTraits('I want a refund and a credible plan.')).toBe(
      'I want a refund and a credible plan.',
    );
  });

  it('keeps what the persona does or wants, said after its traits', () => {
    expect(withoutTraits("I'm friendly but rigorous and expect concrete examples.")).toBe(
      'I expect concrete examples.',
    );
    expect(withoutTraits("I'm polite but tough and know the market well.")).toBe('I know the market well.');
    expect(withoutTraits("I'm the CFO, blunt and impatient and want numbers, not stories.")).toBe(
      "I'm the CFO and want numbers, not stories.",
    );
    // a trait after "and" is still a trait
    expect(withoutTraits("I'm the CFO, blunt and impatient, with a budget of 5,000.")).toBe(
      "I'm the CFO, with a budget of 5,000.",
    );
  });
});

describe('a question about what the persona wants from the speaker', () => {
  it('is asked of the persona, "me" in it or not', () => {
    for (const asked of [
      'What would the committee need to see from me?',
      'What would they need from me?',
      'What do you expect of me in the first month?',
    ]) {
      expect(questionsToPersona(asked), asked).toEqual([asked]);
    }
    expect(questionsToPersona('I took it over from my manager.')).toBeNull();
  });
});

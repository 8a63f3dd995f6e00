// A custom persona's situation, told to it in the second person before the prompt's first heading:
// the brief the built-in persona answers the user's questions from.
import { describe, expect, it } from 'vitest';
import { MAX_SETUP_TEXT_LENGTH } from '../../../shared/contracts/custom-calls.js';
import { MAX_TEXT_LENGTH } from '../../../shared/domain/limits.js';
import { briefOf } from '../../voice/engines/dialogue/brief.js';
import { LINES } from '../../voice/engines/dialogue/data.js';
import { generatedPersona, playScripted } from '../../voice/engines/dialogue/testing.js';
import { type GenerationInput, generateBuiltin } from './builtin-generator.js';
import { personaFacts } from './persona-facts.js';
import { MAX_SITUATION_CHARS, personaSituation } from './persona-situation.js';
import { SAMPLE_SCENARIOS } from './sample-scenarios.js';

const CFO: GenerationInput = {
  userContext: "I'm an account executive at Routewise, selling route-planning software to distributors.",
  personaDetails:
    'Priya Raman, CFO of a regional food distributor. Sceptical, numbers-driven, had her budget cut by 20% this year.',
  scenarioDetails:
    'A discovery call. She is worried about implementation time and is locked into a contract with a competitor until March. Her drivers waste about two hours a day on bad routes. I want her to agree to a pilot.',
};
const ENGINEER: GenerationInput = {
  userContext: "I'm a team lead.",
  personaDetails: 'Jordan, a senior engineer on my team who has missed three sprint deadlines in a row.',
  scenarioDetails:
    'A feedback conversation. He has been covering on-call for a colleague on leave and feels overloaded. Tell him about the new rota.',
};

const situationOf = (input: GenerationInput) => personaSituation(input, personaFacts(input, 'general'));

describe("a custom persona's situation, in its second person", () => {
  it('turns the description round: names, pronouns and the verbs that follow them', () => {
    expect(situationOf(CFO)).toEqual([
      'You are Priya Raman, CFO of a regional food distributor.',
      'You had your budget cut by 20% this year.',
      'You are worried about implementation time and are locked into a contract with a competitor until March.',
      'Your drivers waste about two hours a day on bad routes.',
    ]);
    expect(situationOf(ENGINEER)).toEqual([
      "You are Jordan, a senior engineer on the user's team who has missed three sprint deadlines in a row.",
      'You have been covering on-call for a colleague on leave and feel overloaded.',
    ]);
  });

  it("leaves out the writer's own sentences, instructions, and scenery too short to tell", () => {
    const told = [...situationOf(CFO), ...situationOf(ENGINEER)].join(' ');
    expect(told).not.toMatch(/pilot|rota|discovery call|feedback conversation/i);
    expect(
      situationOf({ userContext: 'x', personaDetails: 'Someone.', scenarioDetails: 'I want a raise.' }),
    ).toEqual([]);
  });

  it('describes a persona named by its role, with no verb of its own', () => {
    const input = {
      userContext: 'I lead the platform team.',
      personaDetails:
        'A furious CTO the morning after our migration took the production database down for six hours.',
      scenarioDetails: 'An urgent call at 8 am.',
    };
    expect(situationOf(input)[0]).toBe(
      "You are a furious CTO the morning after the user's migration took the production database down for six hours.",
    );
    expect(situationOf({ ...input, personaDetails: 'My manager, Lee.' })[0]).toBe(
      "You are the user's manager, Lee.",
    );
  });

  it('tells a sentence of traits and what the persona did, joined by "but" and "and", as what it did', () => {
    const input = {
      userContext: "I'm a team lead.",
      personaDetails:
        'Jordan, a mid-level developer on my team. Talented but has missed the last three sprint deadlines and seems disengaged in standups. Gets defensive when criticised.',
      scenarioDetails: 'A one-to-one about missed deadlines.',
    };
    // the middle sentence was left out, and the persona had nothing of its side to tell
    expect(situationOf(input)).toEqual([
      "You are Jordan, a mid-level developer on the user's team.",
      'You have missed the last three sprint deadlines. You seem disengaged in standups.',
      'You get defensive when criticised.',
    ]);
    // "and" before what is not a verb stays within its clause
    const cfo = {
      ...input,
      personaDetails: 'Priya, CFO. Sceptical, had her budget cut by 20% and her team halved.',
    };
    expect(situationOf(cfo)).toContain('You had your budget cut by 20% and your team halved.');
  });

  it('agrees the verbs: a clause\'s own, and "she\'s" as "she has"', () => {
    const landlord = situationOf({
      userContext: 'x',
      personaDetails: 'My landlord. Elderly, hard of hearing, owns six flats in the building.',
      scenarioDetails:
        'The heating has been broken for two weeks. He says the repair company is booked until January.',
    });
    expect(landlord).toContain('You own six flats in the building.');
    expect(landlord).toContain('You say the repair company is booked until January.');
    const councillor = situationOf({
      userContext: 'x',
      personaDetails:
        'Councillor Brynja Hammershaimb chairs the Faroese fisheries committee. She has sat on it for twenty years.',
      scenarioDetails: 'A committee hearing.',
    });
    expect(councillor).toEqual([
      'You chair the Faroese fisheries committee.',
      'You have sat on it for twenty years.',
    ]);
    const doctor = situationOf({
      userContext: 'x',
      personaDetails: "Dr. Amara Okafor, head of cardiology. She's blunt and busy.",
      scenarioDetails: "She's been asked to trial our scheduling app. Her nurses hate the current one.",
    });
    expect(doctor).toEqual([
      'You are Amara Okafor, head of cardiology.',
      "You're blunt and busy.",
      "You've been asked to trial the user's scheduling app.",
      'Your nurses hate the current one.',
    ]);
  });

  it('keeps the name of a bulleted or labelled description, and tells its labelled lines as sentences', () => {
    const bulleted = { userContext: 'x', scenarioDetails: 'A pitch.' };
    const grace = {
      ...bulleted,
      personaDetails: '- Grace Okafor, CEO of Brightpath\n- has raised two rounds',
    };
    expect(personaFacts(grace, 'sales').name).toBe('Grace Okafor');
    expect(situationOf(grace)).toEqual([
      'You are Grace Okafor, CEO of Brightpath.',
      'You have raised two rounds.',
    ]);
    const dashed = { ...bulleted, personaDetails: '• Grace — CEO, sceptical' };
    expect(personaFacts(dashed, 'sales').name).toBe('Grace');
    expect(situationOf(dashed)).toEqual(['You are Grace, CEO, sceptical.']);
    const labelled = {
      ...bulleted,
      personaDetails:
        'Persona:\n- Name: Grace\n- Role: CEO of a seed-stage startup\n- Company: Brightpath\n- Mood: Impatient',
    };
    expect(personaFacts(labelled, 'sales').name).toBe('Grace');
    expect(situationOf(labelled)).toEqual([
      'You are CEO of a seed-stage startup.',
      'You work at Brightpath.',
      'You are impatient.',
    ]);
  });

  it('tells a persona described between commas, by its role, or as somebody’s relative what it is', () => {
    const told = (personaDetails: string) =>
      situationOf({
        userContext: 'I manage a support team.',
        personaDetails,
        scenarioDetails: 'A one-to-one.',
      });
    expect(told('Liam, one of my agents, has been late to his shift five times this month.')).toEqual([
      "You are one of the user's agents. You have been late to your shift five times this month.",
    ]);
    expect(told('The VP of Engineering, skeptical of my roadmap, worried about tech debt.')).toEqual([
      "You are the VP of Engineering, skeptical of the user's roadmap, worried about tech debt.",
    ]);
    // "Mrs Patel's son" is not Mrs Patel
    const son = {
      userContext: 'I am a nurse.',
      personaDetails: "Mrs Patel's son, worried because the discharge was delayed twice.",
      scenarioDetails: 'In the corridor.',
    };
    expect(personaFacts(son, 'general').name).not.toMatch(/Patel/);
    // his mother and Mrs Patel are someone else: he is the persona, and "his mother" is "your mother"
    const hisMother = {
      ...son,
      personaDetails: "Mrs Patel's son, worried because his mother's discharge was delayed.",
    };
    expect(personaFacts(hisMother, 'general').gender).toBe('male');
    expect(situationOf(hisMother)).toEqual([
      "You are Mrs Patel's son, worried because your mother's discharge was delayed.",
    ]);
    const parent = { ...son, personaDetails: 'A parent, upset because her son was left out of the team.' };
    expect(personaFacts(parent, 'general').gender).toBe('female');
    expect(situationOf(son)).toEqual([
      "You are Mrs Patel's son, worried because the discharge was delayed twice.",
    ]);
  });

  it('drops a name between commas, agrees a verb after "and", and leaves out the scenario naming the call', () => {
    expect(
      situationOf({
        userContext: 'I run customer support for a SaaS company.',
        personaDetails: 'An angry customer, Brian, whose invoices were doubled for three months.',
        scenarioDetails: 'A short phone call. He wants a refund today and threatens to cancel.',
      }),
    ).toEqual([
      'You are an angry customer whose invoices were doubled for three months.',
      'You want a refund today and threaten to cancel.',
    ]);
  });

  it('reads lists, a role at the start, and a name given with "named"', () => {
    expect(
      situationOf({
        userContext: 'x',
        personaDetails: '- a CEO of a startup\n- impatient',
        scenarioDetails: '- she wants to hear the pricing first\n- her board meets on Friday',
      }),
    ).toEqual([
      'You are a CEO of a startup.',
      'You want to hear the pricing first.',
      'Your board meets on Friday.',
    ]);
    expect(
      situationOf({
        userContext: 'x',
        personaDetails:
          'Head of IT at a hospital, very risk-averse, burned by a previous vendor, reports to the board.',
        scenarioDetails: 'He needs HIPAA compliance.',
      })[0],
    ).toBe(
      'You are head of IT at a hospital, very risk-averse, burned by a previous vendor. You report to the board.',
    );
    expect(
      situationOf({
        userContext: 'x',
        personaDetails: 'You are a tough procurement manager named Will Baker. You hate long contracts.',
        scenarioDetails: 'A renewal call.',
      }),
    ).toEqual(['You are a tough procurement manager named Will Baker.', 'You hate long contracts.']);
  });

  it("tells the setup form's five samples their situation", () => {
    const told = Object.fromEntries(
      Object.entries(SAMPLE_SCENARIOS).map(([kind, input]) => [kind, situationOf(input).join(' ')]),
    );
    expect(told).toEqual({
      interview:
        'You are an engineering manager at a fast-growing payments startup. You are friendly but rigorous and expect concrete examples. You may also ask: "How do you decide when to pay down technical debt?"',
      // "…and questions me about pricing per agent": the writer's part goes
      sales:
        'You are head of customer support at an online furniture retailer, busy and sceptical of new vendors. You are worried about the integration effort with Zendesk.',
      // "The recruiter, named Elena, has…": one subject
      negotiation: 'You have limited budget flexibility and want the offer signed this week.',
      feedback: "You are a senior analyst on the user's team, talented but defensive when criticised.",
      // "Dana is the CTO of a customer": what she is, not "you of a customer"; "An angry customer
      // escalation after an outage took their checkout down": what brought the call about, her side's
      escalation:
        'You are the CTO of a customer, angry after a second outage this month. An outage took your checkout down for three hours. You are upset about the lack of status updates and want a refund and a credible plan. You may cancel the contract.',
    });
  });

  it('stays within the room the prompt has left', () => {
    // eight of these (the most sentences taken) come to more than MAX_SITUATION_CHARS
    const many = Array.from(
      { length: 40 },
      (_, i) =>
        `She runs warehouse number ${i} in the northern region, where the night shift loads forty trucks before dawn and the drivers wait.`,
    );
    const input = { ...CFO, personaDetails: many[0], scenarioDetails: many.slice(1).join(' ') };
    const told = situationOf(input);
    expect(told.length).toBeGreaterThan(4);
    expect(told.join(' ').length).toBeLessThanOrEqual(MAX_SITUATION_CHARS);
    const facts = personaFacts(input, 'general');
    expect(personaSituation(input, facts, 300).join(' ').length).toBeLessThanOrEqual(300);
    // a prompt with room to spare still takes no more than MAX_SITUATION_CHARS
    expect(personaSituation(input, facts, 5_000).join(' ').length).toBeLessThanOrEqual(MAX_SITUATION_CHARS);
  });

  it('leaves a prompt with the three setup texts at their longest within its limit', () => {
    const long = (line: (i: number) => string) => {
      let text = '';
      for (let i = 0; text.length < MAX_SETUP_TEXT_LENGTH; i++) text += `${line(i)} `;
      return text.slice(0, MAX_SETUP_TEXT_LENGTH);
    };
    const g = generateBuiltin({
      userContext: long((i) => `I am a sales rep, number ${i}, who sells routing software to distributors.`),
      personaDetails: long(
        (i) =>
          `She is a CFO who had her budget cut by ${i} percent after a bad year for the company, and she answers to a board that wants savings by March.`,
      ),
      scenarioDetails: long(
        (i) =>
          `She is worried about cost number ${i}, and her drivers waste ${i} hours a day on routes that cross the city twice.`,
      ),
    });
    const situation = g.systemPrompt.split('\n\n')[1];
    expect(situation).toMatch(/^You are a CFO who had your budget cut/);
    // eight such sentences are more than the room this prompt leaves: the paragraph is cut to it
    expect(situation.length).toBeGreaterThan(600);
    expect(g.systemPrompt.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
  });

  it("stands before the prompt's first heading, so the brief holds it in the first person", () => {
    const g = generateBuiltin(CFO);
    const [, second] = g.systemPrompt.split('\n\n');
    expect(second).toContain('You had your budget cut by 20% this year.');
    const facts = briefOf(g.systemPrompt).facts.map((f) => f.text);
    expect(facts).toContain('I had my budget cut by 20% this year.');
    expect(facts).toContain(
      "I'm worried about implementation time and am locked into a contract with a competitor until March.",
    );
    // the writer's words under the headings are not the persona's
    expect(facts.join(' ')).not.toMatch(/pilot|Routewise/);
  });
});

describe('a custom persona answers what it is asked from its situation', () => {
  it('the CFO tells her contract and her budget when the salesperson asks', () => {
    const g = generateBuiltin(CFO);
    const persona = generatedPersona(g);
    const { lines } = playScripted(persona, [
      'Thanks for making the time, Priya. When does your current contract end?',
      'And how much budget do you have this year?',
    ]);
    expect(lines[0].move).toBe('answer');
    expect(lines[0].text).toContain('locked into a contract with a competitor until March');
    expect(lines[1].move).toBe('answer');
    expect(lines[1].text).toContain('I had my budget cut by 20% this year.');
  });
});

describe("the persona's own organisation, named as the writer's", () => {
  it("tells a scenario's sentence about it as its own side", () => {
    const facts = briefOf(
      generateBuiltin({
        userContext: "I'm a purchasing manager at a bakery chain.",
        personaDetails: 'Sofia is the account manager at our flour supplier and knows the market well.',
        scenarioDetails:
          'Our flour supplier wants to raise the price from 400 to 460 per tonne. I want to keep it under 430.',
      }).systemPrompt,
    ).facts.map((f) => f.text);
    // "Our flour supplier" is Sofia's company: not "your flour supplier wants to raise the price"
    expect(facts).toContain('My company wants to raise the price from 400 to 460 per tonne.');
    expect(facts).toContain("I'm the account manager at your flour supplier and know the market well.");
  });

  it('gives a reason for the move its brief wants, asked why, and says it gave it when asked again', () => {
    const sofia = generatedPersona(
      generateBuiltin({
        userContext: "I'm a purchasing manager at a bakery chain.",
        personaDetails: 'Sofia is the account manager at our flour supplier. She is polite but tough.',
        scenarioDetails: 'Our flour supplier wants to raise the price from 400 to 460 per tonne.',
      }),
    );
    const { lines } = playScripted(sofia, [
      'Hi Sofia.',
      'Why the increase?',
      'Could you do 420?',
      'Why should I pay that?',
      'Why is your office in Leeds?',
    ]);
    expect(lines[1].move).toBe('answer');
    expect(lines[1].text).toMatch(/costs/i);
    expect(lines[1].text).toContain('400 per tonne');
    expect(lines[2].move).toBe('counter');
    expect(lines[3].text).toMatch(/told you|As I said|Like I said|already told/);
    // a why about something else is not the price's reason
    expect(lines[4].text).not.toMatch(/costs/i);
  });

  it('a client cutting a day rate is a negotiation, opens on the rate, and gives its budget as the reason', () => {
    const g = generateBuiltin({
      userContext: 'I run a small design studio.',
      personaDetails: 'Mark is the procurement lead at our biggest client, and he is direct.',
      scenarioDetails:
        'Our biggest client wants to cut our day rate from 900 to 750. I want to keep it above 850.',
    });
    expect(g.kind).toBe('negotiation');
    // not "I have my doubts about your biggest client wants to"
    expect(g.welcomeMessage).toContain('your day rate');
    expect(g.welcomeMessage).not.toMatch(/wants to/);
    const { lines } = playScripted(generatedPersona(g), ['Hi Mark.', 'Why the cut?', 'Could you do 850?']);
    expect(lines[1].text).toMatch(/budget/i);
    expect(lines[1].text).toContain('900');
    expect(lines[2].move).toBe('counter');
  });
});

describe('an angry customer answers what the outage did and what she needs', () => {
  it('from her situation, not "How would I know? That\'s your job."', () => {
    const dana = generatedPersona(generateBuiltin(SAMPLE_SCENARIOS.escalation));
    const { lines } = playScripted(dana, [
      "Hi Dana, I'm really sorry about the outage.",
      'What was the impact on your side?',
      'What would you need from us to stay?',
      'How long was the checkout down?',
    ]);
    expect(lines[1].move).toBe('answer');
    // what the outage did, not who she is ("I'm the CTO of a customer, angry after…")
    expect(lines[1].text).toContain('took my checkout down for three hours');
    expect(lines[2].move).toBe('answer');
    expect(lines[2].text).toContain('want a refund and a credible plan');
    // asked again: told again, not "I don't have that in front of me"
    expect(lines[3].move).toBe('answer');
    expect(lines[3].text).toContain('three hours');
    // her question still on the table: named once ("Which still leaves our checkout down."), then plainly
    const named = lines.filter((l) => l.text.includes('still leaves our checkout down')).length;
    expect(named).toBe(1);
    expect(lines.slice(2).every((l) => /my question/.test(l.text))).toBe(true);
  });
});

describe('a custom persona does not describe itself as it was described', () => {
  it('says who it is without its traits, and tells its worries when asked what matters', () => {
    const facts = (input: GenerationInput) =>
      briefOf(generateBuiltin(input).systemPrompt).facts.map((f) => f.text);
    // "Tom is a senior analyst on my team, talented but defensive when criticised."
    expect(facts(SAMPLE_SCENARIOS.feedback)).toContain("I'm a senior analyst on your team.");
    expect(facts(SAMPLE_SCENARIOS.feedback).join(' ')).not.toMatch(/talented|defensive/);
    // "She is friendly but rigorous and expects concrete examples.": what she expects, without how
    // she was described
    expect(facts(SAMPLE_SCENARIOS.interview)).toContain('I expect concrete examples.');
    expect(facts(SAMPLE_SCENARIOS.interview).join(' ')).not.toMatch(/friendly|rigorous/);
    const interviewer = generatedPersona(generateBuiltin(SAMPLE_SCENARIOS.interview));
    const expects = playScripted(interviewer, [
      "Hi, I'm ready.",
      'What do you expect from me in this interview?',
    ]).lines[1];
    expect(expects.move).toBe('answer');
    expect(expects.text).toContain('I expect concrete examples.');
    // who she is ("I'm an engineering manager at a fast-growing payments startup.") answers no
    // question about the team: only one about who she is
    const [, team, who] = playScripted(interviewer, [
      "Hi, I'm ready.",
      'What does the team look like?',
      'Where do you work?',
    ]).lines;
    expect(team.text).not.toMatch(/engineering manager/);
    expect(who.text).toContain("I'm an engineering manager at a fast-growing payments startup.");
    const tom = generatedPersona(generateBuiltin(SAMPLE_SCENARIOS.feedback));
    const asked = playScripted(tom, ['Hi Tom, thanks for coming.', 'How do you feel things are going?'])
      .lines[1];
    expect(asked.text).not.toMatch(/senior analyst|defensive|talented/);
    const marcus = generatedPersona(generateBuiltin(SAMPLE_SCENARIOS.sales));
    const { lines } = playScripted(marcus, [
      'Hi Marcus, thanks for taking the call.',
      'What matters most to you when you pick a tool?',
      'Who am I speaking to?',
    ]);
    expect(lines[1].move).toBe('answer');
    expect(lines[1].text).toContain('worried about the integration effort with Zendesk');
    expect(lines[1].text).not.toMatch(/sceptical|busy/);
    expect(lines[2].move).toBe('answer');
    expect(lines[2].text).toContain("I'm Marcus, Head of Customer Support.");
  });
});

describe('a report hearing feedback reacts to what the manager raises', () => {
  it('not to what the manager has not raised yet: it asks whether there is more, then reacts once it is raised', () => {
    const tom = generatedPersona(generateBuiltin(SAMPLE_SCENARIOS.feedback));
    const { lines } = playScripted(tom, [
      'Hi Tom, thanks for coming. I wanted to talk about the last two reports.',
      "The quarterly report was three days late and the numbers in the churn table didn't match the dashboard.",
      'One more thing: in team meetings you often interrupt colleagues before they finish.',
    ]);
    // the scenario's "his behaviour in team meetings" is the manager's to raise
    expect(lines[1].move).toBe('go-ahead');
    expect(LINES.anythingElse.some((l) => lines[1].text.endsWith(l.text))).toBe(true);
    expect(lines[1].text).not.toMatch(/team meetings/);
    expect(lines[2].move).toBe('next');
    expect(lines[2].text).toContain("I don't think it's fair to bring up my behaviour in team meetings.");
  });

  it('closes when the manager has nothing more, or after asking twice', () => {
    const tom = generatedPersona(generateBuiltin(SAMPLE_SCENARIOS.feedback));
    const report =
      "The quarterly report was three days late and the numbers in the churn table didn't match the dashboard.";
    const done = playScripted(tom, [
      'Hi Tom, I wanted to talk about the last two reports.',
      report,
      'Nothing else, really.',
    ]);
    expect(done.lines[2].move).toBe('close');
    const asked = playScripted(tom, [
      'Hi Tom, I wanted to talk about the last two reports.',
      report,
      "Let's agree you send me a draft two days before each deadline.",
      'I would also like you to double-check the figures against the dashboard before sending.',
    ]);
    expect(asked.lines.map((l) => l.move)).toEqual(['next', 'go-ahead', 'go-ahead', 'close']);
  });
});

describe("a counterpart with no figures of its own (the setup form's negotiation sample)", () => {
  const elena = () => generatedPersona(generateBuiltin(SAMPLE_SCENARIOS.negotiation));
  const turns = [
    "Hi Elena, thanks for the offer, I'm really excited about the role.",
    "I'd like to talk about the base salary. I was hoping for 10 percent more, so 88,000.",
    'The market data for senior designers in London puts the median at 90,000.',
    'Could we meet at 85,000 with a signing bonus of 5,000?',
  ];

  it('still asks about the remote work terms after figures for the salary and the bonus', () => {
    const { lines } = playScripted(elena(), turns);
    expect(lines[3].move).toBe('next');
    expect(lines[3].text).toContain('remote work terms');
  });

  it('takes the last figure offered back at its close, and the call stays closed', () => {
    const { lines } = playScripted(elena(), [
      ...turns,
      "I'd like two remote days a week.",
      'Okay, that works for me.',
    ]);
    expect(lines[4].move).toBe('close');
    const back = LINES.offersTakenBack.find((l) => l.temperament === 'sceptical')?.text ?? '';
    expect(lines[4].text).toContain(back.replace('{figure}', '85,000'));
    expect(lines[5].move).toBe('after-close');
  });
});

describe("a prospect's stated worry (the setup form's sales sample)", () => {
  const marcus = () => generatedPersona(generateBuiltin(SAMPLE_SCENARIOS.sales));
  const opening = ['Hi Marcus, this is Jo from Insightful. Thanks for taking the call.'];
  const pitch = 'We help support teams like yours see why tickets come in, so you can cut repeat contacts.';

  it('says a pitch that passes it by does not answer it, once, naming what it asked about', () => {
    const { lines } = playScripted(marcus(), [
      ...opening,
      'Our dashboards are great.',
      pitch,
      'We have lots of happy customers.',
    ]);
    // the first turn after the greeting is what it reacts to with its worry
    expect(lines[1].text).toContain("I'm concerned about the integration effort with Zendesk");
    expect(lines[2].rule).toBe('unanswered');
    expect(lines[2].text).toContain('the integration effort with Zendesk');
    // once: the next answer, however thin, is not told so again
    expect(lines[3].rule).not.toBe('unanswered');
  });

  it('asked for a figure it does not have before its worry, says so, and does not take the question for an answer', () => {
    const { lines } = playScripted(marcus(), [...opening, 'How many agents do you have on Zendesk?']);
    // not "Agents. Hm." (the question named back, as if the call had begun with it)
    expect(lines[1].text).not.toMatch(/^Agents/);
    expect(LINES.notToHand.some((l) => lines[1].text.startsWith(l.text))).toBe(true);
    expect(lines[1].text).toContain("I'm concerned about the integration effort with Zendesk");
  });

  it('takes an answer that speaks to it', () => {
    const { lines } = playScripted(marcus(), [
      ...opening,
      'Our dashboards are great.',
      "The integration with Zendesk takes about an hour: it's a native app, no engineering needed.",
    ]);
    expect(lines[2].move).toBe('next');
    // "takes" is a verb, not part of the thing named back
    expect(lines[2].text).not.toMatch(/Zendesk takes/);
  });
});

describe("a report hearing feedback, asked to do something and told more (the setup form's feedback sample)", () => {
  const tom = () => generatedPersona(generateBuiltin(SAMPLE_SCENARIOS.feedback));
  const turns = [
    'Hi Tom, thanks for making time. I wanted to talk about the quarterly report and about team meetings.',
    'The quarterly report was due on the 5th and came in on the 12th, and the one before was four days late.',
    'What got in the way?',
    'I hear you. Could you flag it by the 1st if you see a deadline slipping?',
    'The other thing is team meetings. Last Tuesday you interrupted Priya three times while she presented.',
    'Could you let people finish before you come in?',
  ];
  const agreed = LINES.requestsAgreed.filter((l) => l.temperament === 'sceptical').map((l) => l.text);

  it('agrees to what it is asked, in its temperament, instead of taking the request for a question', () => {
    const { lines } = playScripted(tom(), turns);
    expect(agreed.some((a) => lines[3].text.startsWith(a))).toBe(true);
    expect(lines[3].text).not.toMatch(/Why do you ask/);
  });

  it('once its questions are done, names what it is told and agrees to what it is asked', () => {
    const { lines } = playScripted(tom(), turns);
    expect(lines[3].move).toBe('close');
    const heard = LINES.heardAfterClose.find((l) => l.temperament === 'sceptical')?.text ?? '';
    expect(lines[4].move).toBe('after-close');
    expect(lines[4].text).toMatch(/^Three times/);
    expect(lines[4].text).toContain(heard);
    expect(agreed).toContain(lines[5].text);
  });
});

describe('a persona described with a title', () => {
  it('is called by it in its prompt, and says who it is when asked', () => {
    const patel = generateBuiltin({
      userContext: "I'm a letting agent.",
      personaDetails: 'Mrs Patel is a tenant, furious because her heating has been broken for two weeks.',
      scenarioDetails: 'The contractor cancelled twice.',
    });
    expect(patel.systemPrompt).toMatch(/^You are Mrs Patel, Tenant\./);
    // a title that is its role is not said twice
    const okafor = generateBuiltin({
      userContext: "I'm a planner.",
      personaDetails: 'Councillor Okafor chairs the planning committee.',
      scenarioDetails: 'A planning hearing about the new housing estate.',
    });
    expect(okafor.systemPrompt).toMatch(/^You are Councillor Okafor\. /);
    const { lines } = playScripted(generatedPersona(okafor), ['Hello, who am I speaking to?']);
    expect(lines[0].move).toBe('answer');
    expect(lines[0].text).toContain("I'm Councillor Okafor.");
  });
});

describe('a tenant whose heating is broken', () => {
  const patel = generatedPersona(
    generateBuiltin({
      userContext: "I'm a landlord with twelve flats.",
      personaDetails:
        'Mrs Patel, a tenant whose heating has been broken for two weeks. Frustrated and tired of excuses.',
      scenarioDetails:
        'She calls me to complain. The contractor cancelled twice and the part is on order. I want to keep her calm and agree a date.',
    }),
  );

  it("opens on her heating, not on the user's side of the story", () => {
    expect(patel.welcomeMessage).toContain('We need to talk about my heating');
    expect(patel.sampleQuestions[0]).toBe('My heating has been broken for two weeks. How did that happen?');
    expect(patel.sampleQuestions.join(' ')).not.toMatch(/contractor|part is on order/i);
  });

  it('says when it stopped working from who she is, and who she is only when asked', () => {
    const { lines } = playScripted(patel, [
      "Hello Mrs Patel, it's Chris, your landlord.",
      'When did it first stop working?',
      'Who am I speaking to?',
    ]);
    // not "How would I know? That's your job.", nor all of who she is
    expect(lines[1].move).toBe('answer');
    expect(lines[1].text).toContain('My heating has been broken for two weeks.');
    expect(lines[1].text).not.toContain("I'm Mrs Patel");
    expect(lines[2].text).toContain("I'm Mrs Patel");
  });

  it('hears "Do you know when…?" as a question to her, not as an answer to press for an example', () => {
    const { lines } = playScripted(patel, [
      "Hello Mrs Patel, it's Chris, your landlord.",
      'Do you know when the contractor is coming?',
    ]);
    expect(lines[1].move).toBe('answer');
    expect(lines[1].text).not.toMatch(/example|specific/i);
  });
});

describe('a defensive developer asked about his pull requests', () => {
  const sam = generatedPersona(
    generateBuiltin({
      userContext: "I'm a team lead at a logistics company.",
      personaDetails: 'Sam is a junior developer on my team. Defensive and quiet in meetings.',
      scenarioDetails:
        'A one-to-one about his code reviews. His pull requests have been rejected four times this month because of missing tests. I want him to agree to pair with a senior for two weeks.',
    }),
  );
  const told = 'I wanted to talk about your pull requests. Four were rejected this month for missing tests.';

  it('does not tell back what the user just told him, and says what held him back and how he feels', () => {
    const { lines } = playScripted(sam, [
      'Hi Sam, thanks for making time.',
      told,
      'What got in the way?',
      'How are you feeling about your workload?',
    ]);
    expect(lines[2].text).not.toMatch(/pull requests/i);
    expect(LINES.ownCause.map((l) => l.text)).toContain(lines[2].text);
    expect(LINES.ownFeeling.map((l) => l.text)).toContain(lines[3].text);
  });

  it('tells it when the user has not said it', () => {
    const { lines } = playScripted(sam, ['Hi Sam, thanks for making time.', 'What got in the way?']);
    expect(lines[1].text).toMatch(/pull requests have been rejected four times/);
  });

  it('agrees to pair when asked whether he would be open to it', () => {
    const { lines } = playScripted(sam, [
      'Hi Sam, thanks for making time.',
      told,
      'Would you be open to pairing with Priya for two weeks?',
    ]);
    expect(LINES.requestsAgreed.some((l) => lines[2].text.startsWith(l.text))).toBe(true);
  });
});

describe('a prospect asked a question before its own', () => {
  it('answers it, however short, before going on with its own', () => {
    const marcus = generatedPersona(generateBuiltin(SAMPLE_SCENARIOS.sales));
    for (const asked of [
      'How many agents do you have?',
      'Would you mind sharing how many agents you have?',
    ]) {
      const { lines } = playScripted(marcus, ['Hi Marcus, thanks for taking the call.', asked]);
      // not met as "ready" (its question alone) nor as an answer ("Mind sharing, is it.")
      expect(
        LINES.unknownsLed.some((l) => lines[1].text.startsWith(l.text)),
        `${asked} → ${lines[1].text}`,
      ).toBe(true);
    }
  });
});

describe('a landlord bargaining over the rent', () => {
  it('a landlord told his new rent is too much does not take it for agreement', () => {
    const hughes = generatedPersona(
      generateBuiltin({
        userContext: 'I run a small bakery and rent my shop.',
        personaDetails: 'Mr Hughes, my landlord. Polite but firm, owns several shops on the street.',
        scenarioDetails:
          'My lease renewal. He wants to raise the rent from 2,000 to 2,400 a month. I want to keep it under 2,200 and get a five-year term.',
      }),
    );
    const { lines } = playScripted(hughes, [
      'Hi Mr Hughes, thanks for meeting me.',
      "I'd like to renew, but 2,400 is too much for me.",
      'Could you do 2,100?',
    ]);
    expect(lines[1].move).toBe('answer');
    expect(LINES.roomAsked.map((l) => l.text)).toContain(lines[1].text);
    expect(lines[2].move).toBe('counter');
  });
});

describe('a subscriber charged twice', () => {
  const mark = generatedPersona(
    generateBuiltin({
      userContext: "I'm a customer support agent at a streaming service.",
      personaDetails: 'Mark, a long-time subscriber, annoyed and in a hurry.',
      scenarioDetails:
        'He was charged twice for his monthly plan, 12.99 each, and wants the money back today.',
    }),
  );
  const toRefund = [
    'Hi Mark, this is Jo from StreamCo support. How can I help?',
    "I'm sorry about that. Can I have the email on the account?",
    "Thanks. I can see both charges of 12.99 on the 3rd. I've refunded the second one just now.",
  ];

  it('takes a refund made for what is being done, and asks the half of his question left', () => {
    const { lines } = playScripted(mark, [
      ...toRefund,
      'A billing retry ran twice on the 3rd.',
      'It usually takes three to five working days to show on your card.',
      "We've fixed the retry so it can't charge twice.",
    ]);
    // the email asked for is given, not taken for an answer
    expect(lines[1].text).toMatch(/^It's mark@example\.com\./);
    // not "What exactly are you going to do about it, and by when?" after the refund
    expect(lines[2].text).not.toMatch(/going to do about it/);
    expect(lines[4]).toMatchObject({ move: 'follow-up', rule: 'part' });
    expect(lines[4].text).toMatch(/Why should I believe this won't happen again\?$/);
    expect(lines[5].move).toBe('close');
  });

  it('hears "Is there anything else I can help with?" as asking what he needs', () => {
    const { lines } = playScripted(mark, [...toRefund, 'Is there anything else I can help with?']);
    // not "How would I know?": his question on the table again
    expect(lines[3].move).toBe('again');
  });
});

describe('Dana asked what will be done about the status updates', () => {
  it('says a credit and a drill do not answer it, once, and takes an answer about the updates', () => {
    const dana = generatedPersona(generateBuiltin(SAMPLE_SCENARIOS.escalation));
    const { lines } = playScripted(dana, [
      "Hi Dana, I'm Sam, your account manager. I'm so sorry about the outage.",
      "The checkout was down from 9:40 to 12:40 because a failover didn't trigger.",
      "You should have had updates every 30 minutes and you got none. That's on us.",
      "We're crediting a full month's fees, and we're adding a failover drill every month.",
      "From now on you'll get an update on the status page every 30 minutes during any incident.",
    ]);
    expect(lines[2].text).toContain('What are you going to do about the lack of status updates?');
    expect(lines[3]).toMatchObject({ move: 'follow-up', rule: 'unanswered' });
    expect(lines[3].text).toContain('the lack of status updates');
    expect(lines[4].move).toBe('next');
  });
});

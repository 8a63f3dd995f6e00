import { describe, expect, it } from 'vitest';
import { statedTemperament } from '../../../shared/domain/temperament.js';
import { CUSTOM_DEFAULTS } from '../scenarios/scenario-fields.js';
import {
  classifyConversation,
  type GenerationInput,
  generateBuiltin,
  personaName,
  scenarioTopics,
  toSecondPerson,
} from './builtin-generator.js';
import { DATA } from './generator-data.js';
import { SAMPLE_SCENARIOS } from './sample-scenarios.js';

const names = (g: { rubric: { criteria: { name: string }[] } }) => g.rubric.criteria.map((c) => c.name);

describe('built-in custom-scenario generator', () => {
  it('recognises the kind of conversation each scenario describes', () => {
    const kinds = Object.fromEntries(
      Object.entries(SAMPLE_SCENARIOS).map(([k, input]) => [k, classifyConversation(input)]),
    );
    expect(kinds).toEqual({
      interview: 'interview',
      sales: 'sales',
      negotiation: 'negotiation',
      feedback: 'feedback',
      escalation: 'escalation',
    });
    expect(
      classifyConversation({
        userContext: 'I am a staff engineer.',
        personaDetails: 'My manager, Lee.',
        scenarioDetails: 'I want to ask for a promotion to the next level and a raise.',
      }),
    ).toBe('promotion');
    expect(classifyConversation({ userContext: 'x', personaDetails: 'y', scenarioDetails: 'z' })).toBe(
      'general',
    );
    // the user telling someone their promotion is not happening: a difficult conversation the
    // persona receives, not a promotion the user asks for
    const denied = {
      userContext: "I have to tell my best engineer that she won't get the promotion.",
      personaDetails: 'Maria, a senior engineer on my team.',
      scenarioDetails: 'A one-to-one where I tell Maria the promotion committee said no.',
    };
    expect(classifyConversation(denied)).toBe('feedback');
    expect(generateBuiltin(denied).systemPrompt).toContain(
      'the person receiving a difficult feedback conversation',
    );
    expect(generateBuiltin(denied).sampleQuestions.join(' ')).not.toMatch(/delivered in the last six months/);
    // asking again after a no is still asking
    expect(
      classifyConversation({
        userContext: 'I am a senior engineer.',
        personaDetails: 'My manager, Dana.',
        scenarioDetails: 'I want to ask for a promotion to staff engineer. Last year she said no.',
      }),
    ).toBe('promotion');
  });

  it('picks 3–5 criteria that fit the kind, different for each of the five scenarios', () => {
    const rubrics = Object.values(SAMPLE_SCENARIOS).map((input) => generateBuiltin(input));
    for (const g of rubrics) {
      expect(g.rubric.criteria.length).toBeGreaterThanOrEqual(3);
      expect(g.rubric.criteria.length).toBeLessThanOrEqual(5);
      for (const c of g.rubric.criteria) expect(c.description.length).toBeGreaterThan(20);
    }
    expect(new Set(rubrics.map((g) => names(g).join('|'))).size).toBe(5);
    expect(new Set(rubrics.map((g) => g.rubric.name)).size).toBe(5);
    expect(names(rubrics[1])).toContain('Objection Handling');
    expect(names(rubrics[4])).toContain('Empathy and Acknowledgement');
  });

  it('writes a second-person persona prompt holding all three texts and the voice rules', () => {
    const input = SAMPLE_SCENARIOS.escalation;
    const g = generateBuiltin(input);
    expect(g.systemPrompt).toMatch(/^You are Dana, CTO\. In this call you are an unhappy customer/);
    for (const text of Object.values(input)) expect(g.systemPrompt).toContain(text);
    expect(g.systemPrompt).toContain('Ask one question at a time');
    expect(g.systemPrompt).toContain('one to three sentences');
    expect(g.personaName).toBe('Dana');
    // Dana is "angry after a second outage": curt from the first line, no thanks
    expect(statedTemperament(g.systemPrompt)).toBe('angry');
    expect(g.welcomeMessage).toBe(
      "Dana here. We need to talk about the lack of status updates, and I haven't got long.",
    );
  });

  it('draws sample questions from the scenario: its own questions first, then the topics it names', () => {
    // "She may also ask: "How do you decide…?"": one more, after the topics the scenario names
    const interview = generateBuiltin(SAMPLE_SCENARIOS.interview).sampleQuestions;
    expect(interview.at(-1)).toBe('How do you decide when to pay down technical debt?');
    const asked = generateBuiltin({
      ...SAMPLE_SCENARIOS.interview,
      scenarioDetails:
        'A final-round interview. She will ask: "How do you decide when to pay down technical debt?"',
    }).sampleQuestions;
    // written plainly, it comes right after the opener a short list starts with
    expect(asked[1]).toBe('How do you decide when to pay down technical debt?');
    // one more is kept when the scenario names more topics than the list has room for
    const many = generateBuiltin({
      ...SAMPLE_SCENARIOS.interview,
      scenarioDetails:
        'She will ask about distributed systems, the billing migration I led, production incidents, hiring, mentoring, code review and on-call. She may also ask: "What would you change in your first month?"',
    }).sampleQuestions;
    expect(many).toHaveLength(6);
    expect(many.at(-1)).toBe('What would you change in your first month?');
    expect(interview.join(' ')).toContain('your experience with distributed systems');
    expect(interview.join(' ')).toContain('the billing migration you led');
    expect(interview).toContain('Tell me how you handle production incidents.');

    const feedback = generateBuiltin(SAMPLE_SCENARIOS.feedback).sampleQuestions.join(' ');
    expect(feedback).toContain('my missed deadlines on the quarterly report');
    const sales = generateBuiltin(SAMPLE_SCENARIOS.sales).sampleQuestions.join(' ');
    expect(sales).toContain('the integration effort with Zendesk');
    expect(sales).toContain('pricing per agent');

    for (const input of Object.values(SAMPLE_SCENARIOS)) {
      const qs = generateBuiltin(input).sampleQuestions;
      expect(qs.length).toBeGreaterThanOrEqual(3);
      expect(qs.length).toBeLessThanOrEqual(6);
      for (const placeholder of CUSTOM_DEFAULTS.sampleQuestions) expect(qs).not.toContain(placeholder);
    }
  });

  it('falls back to the three placeholder questions only when nothing in the scenario fits', () => {
    const g = generateBuiltin({ userContext: 'Me.', personaDetails: 'Someone.', scenarioDetails: 'A chat.' });
    expect(g.sampleQuestions).toEqual([...CUSTOM_DEFAULTS.sampleQuestions]);
  });

  it('turns the writer’s first person into the persona’s second person', () => {
    expect(toSecondPerson('my plan and the project I led')).toBe('your plan and the project you led');
    expect(toSecondPerson('I am ready')).toBe('you are ready');
    expect(scenarioTopics('She is worried about our delivery dates, which slipped.')).toEqual([
      'your delivery dates',
    ]);
  });

  it('finds a persona name when the text gives one, and not a common word', () => {
    expect(personaName('The recruiter, named Elena, has limited budget.')).toBe('Elena');
    expect(personaName('Marcus is head of support.')).toBe('Marcus');
    expect(personaName('The head of support, very busy.')).toBeNull();
    expect(personaName('She is the CFO.')).toBeNull();
  });

  it('finds the title before a name, and the name after a role', () => {
    expect(personaName('Councillor Brynja Hammershaimb chairs the Faroese fisheries committee.')).toBe(
      'Brynja Hammershaimb',
    );
    expect(personaName('Our CTO, Marta Lindqvist, is furious.')).toBe('Marta Lindqvist');
    expect(personaName('I am meeting Sofia Reyes, the procurement lead.')).toBe('Sofia Reyes');
    expect(personaName('Northwind Health, a hospital group, is buying.')).toBeNull();
  });

  it('reads "Head of Customer Support" as a role, "Head of the Finance Department" as a role and its body', () => {
    const roleAndCompany = (personaDetails: string) => {
      const g = generateBuiltin({
        userContext: 'I sell a helpdesk tool.',
        personaDetails,
        scenarioDetails: 'A discovery call.',
      });
      return [g.role, g.company];
    };
    expect(roleAndCompany('Marcus, Head of Customer Support at a fashion retailer.')[0]).toBe(
      'Head of Customer Support',
    );
    expect(roleAndCompany('Ana, Director of Product at Vantage Cloud.')).toEqual([
      'Director of Product',
      'Vantage Cloud',
    ]);
    expect(roleAndCompany('Ana, Head of the Finance Department.')).toEqual(['Head', 'Finance Department']);
    // somebody's relative is that relative, not a role at an organisation named after the child
    // ("Team Member at Liam", then "at B" from "dropped from B to D")
    expect(
      roleAndCompany(
        "Mr Hughes, father of Liam in Year 9. Liam's grades have dropped from B to D this term.",
      ),
    ).toEqual(['Parent', 'User Created']);
    expect(
      roleAndCompany("Mrs Patel's son, worried because his mother's discharge was delayed twice.")[0],
    ).toBe('Son');
    expect(roleAndCompany('Ana, Chair of Northwind Health Trust.')).toEqual([
      'Chair',
      'Northwind Health Trust',
    ]);
    // a function's acronym belongs to the title; another capital does not
    expect(roleAndCompany('Dr Ahmed, IT director at a hospital.')[0]).toBe('IT Director');
    expect(roleAndCompany('A tired HR manager.')[0]).toBe('HR Manager');
    expect(roleAndCompany('An impatient NHS ward manager.')[0]).toBe('Ward Manager');
    expect(roleAndCompany('Our CTO, furious.')[0]).toBe('CTO');
    // so does a capitalised seniority
    expect(roleAndCompany('Maria, a Senior Engineer at Google.')).toEqual(['Senior Engineer', 'Google']);
  });
});

// Issue 21: a custom persona is specific to its description: name, role, organisation and
// temperament come from it, its questions are about what it says happened, and it opens in
// character. The generator is deterministic, so these are exact.
const DESCRIPTIONS = {
  angryCto: {
    userContext: 'I lead the platform team at Fjordline Ferries and I ran last night’s database migration.',
    // the issue's own description
    personaDetails:
      'A furious CTO the morning after our migration took the production database down for six hours.',
    scenarioDetails: 'An urgent call at 8 am.',
  },
  councillor: {
    userContext: 'I am a marine biologist presenting a new quota proposal to the committee.',
    personaDetails:
      'Councillor Brynja Hammershaimb chairs the Faroese fisheries committee. She has sat on it for twenty years.',
    scenarioDetails:
      'A committee hearing. She is sceptical of the new quota proposal and will question me about its cost to the small-boat fleet in Suðuroy.',
  },
  nurseManager: {
    userContext: 'I am a staff nurse with four years on a cardiac ward.',
    personaDetails:
      'A friendly nurse manager at St Olav’s Hospital who has run the cardiac ward for a decade.',
    scenarioDetails:
      'An interview for a night-shift charge nurse position on her ward. She will ask about how I handle staffing shortages on nights and my experience mentoring new nurses.',
  },
  procurementLead: {
    userContext: 'I sell scheduling software to hospitals.',
    personaDetails: 'Sofia Reyes is a sceptical procurement lead at Northwind Health.',
    scenarioDetails:
      'She is reviewing our bid to supply scheduling software and is worried about the implementation timeline and our price compared with the incumbent.',
  },
} satisfies Record<string, GenerationInput>;

const GENERIC = /walk me through the situation|from your side|outcome are you hoping/i;

describe('custom personas specific to their description', () => {
  it('names what happened mid-sentence in lower case ("How was the release planned…")', () => {
    const g = generateBuiltin({
      userContext: "I'm a team lead.",
      personaDetails: 'Jordan, a senior engineer on my team.',
      scenarioDetails: 'A feedback conversation. The release slipped two weeks.',
    });
    expect(g.sampleQuestions[0]).toMatch(/^The release slipped two weeks\./);
    expect(g.sampleQuestions).toContain('How was the release planned and checked before it went ahead?');
  });

  it('the furious CTO: role CTO, an invented name, angry and curt, questions about the migration, the six hours and what next', () => {
    const g = generateBuiltin(DESCRIPTIONS.angryCto);
    expect(g.role).toBe('CTO');
    // "our migration": the CTO is the user's own, so the organisation is the user's
    expect(g.company).toBe('Fjordline Ferries');
    expect(g.personaName).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+$/u);
    expect(g.personaName).not.toBe(CUSTOM_DEFAULTS.role);
    expect(g.scenarioName).toBe(g.personaName);
    expect(g.temperament).toBe('angry');
    expect(statedTemperament(g.systemPrompt)).toBe('angry');
    expect(g.systemPrompt).toContain(`You are ${g.personaName}, CTO at Fjordline Ferries.`);
    const first = g.personaName?.split(' ')[0];
    expect(g.welcomeMessage).toBe(
      `${first} here. We need to talk about your migration, and I haven't got long.`,
    );
    expect(g.welcomeMessage).not.toMatch(/thank/i);
    expect(g.sampleQuestions).toEqual([
      'Your migration took the production database down for six hours. How did that happen?',
      'Who signed off on your migration, and what did anyone check before it went ahead?',
      'Six hours with the production database down. Why did it take that long to fix?',
      "So what happens now with the migration, and why should I believe this won't happen again?",
    ]);
    for (const q of g.sampleQuestions) expect(q).not.toMatch(GENERIC);
    // the same texts give the same persona
    expect(generateBuiltin(DESCRIPTIONS.angryCto)).toEqual(g);
  });

  it('the councillor: titled name kept whole as the scenario name, her committee as organisation, sceptical questions on the proposal', () => {
    const g = generateBuiltin(DESCRIPTIONS.councillor);
    expect(g.personaName).toBe('Brynja Hammershaimb');
    expect(g.scenarioName).toBe('Councillor Brynja Hammershaimb');
    expect(g.role).toBe('Councillor');
    expect(g.company).toBe('Faroese Fisheries Committee');
    expect(g.temperament).toBe('sceptical');
    expect(g.welcomeMessage).toBe(
      "I'm Councillor Hammershaimb. I'll be honest, I have my doubts about the new quota proposal. Let's hear it.",
    );
    expect(g.sampleQuestions).toContain(
      "I'm not convinced about the new quota proposal. What's the evidence?",
    );
    expect(g.sampleQuestions.join(' ')).toContain('its cost to the small-boat fleet in Suðuroy');
    for (const q of g.sampleQuestions) expect(q).not.toMatch(GENERIC);
  });

  it('the friendly nurse manager: warm opening on the position, questions on staffing shortages and mentoring', () => {
    const g = generateBuiltin({ ...DESCRIPTIONS.nurseManager, voiceId: 'sarah' });
    expect(g.kind).toBe('interview');
    expect(g.role).toBe('Nurse Manager');
    expect(g.company).toBe('St Olav’s Hospital');
    expect(g.temperament).toBe('friendly');
    expect(statedTemperament(g.systemPrompt)).toBe('friendly');
    expect(g.welcomeMessage).toMatch(/^Hi, I'm \p{Lu}\p{Ll}+! Thanks so much for making the time today\./u);
    expect(g.welcomeMessage).toContain('the night-shift charge nurse role');
    expect(g.sampleQuestions).toEqual([
      'What draws you to the night-shift charge nurse role?',
      'Tell me how you handle staffing shortages on nights.',
      'Walk me through your experience mentoring new nurses. What was your part in it?',
      // a short list gets one of the interview's own questions
      "Tell me about a piece of work you're proud of. What was your part in it?",
    ]);
  });

  it('the sceptical procurement lead: her name, role and organisation, doubts about the timeline and the price', () => {
    const g = generateBuiltin(DESCRIPTIONS.procurementLead);
    expect(g.kind).toBe('sales');
    expect([g.personaName, g.role, g.company, g.temperament]).toEqual([
      'Sofia Reyes',
      'Procurement Lead',
      'Northwind Health',
      'sceptical',
    ]);
    expect(g.welcomeMessage).toBe(
      "I'm Sofia. I'll be honest, I have my doubts about the implementation timeline. Let's hear it.",
    );
    const questions = g.sampleQuestions.join(' ');
    expect(questions).toContain('the implementation timeline');
    expect(questions).toContain('your price compared with the incumbent');
  });

  it("an angry tenant opens on what she is furious about, not on the user's side of the story", () => {
    const g = generateBuiltin({
      userContext: "I'm a property manager.",
      personaDetails:
        'Mrs Okafor, a tenant, furious because her heating has been broken for two weeks in January.',
      scenarioDetails: 'She calls to complain. The contractor cancelled twice and the part is on order.',
    });
    expect(g.kind).toBe('escalation');
    // "furious because <it has been broken>": a state, told as the event, and nobody's decision
    expect(g.welcomeMessage).toContain('We need to talk about my heating');
    expect(g.sampleQuestions[0]).toBe(
      'My heating has been broken for two weeks in January. How did that happen?',
    );
    expect(g.sampleQuestions.join(' ')).not.toMatch(/contractor|part is on order|signed off on my heating/i);
    // a state without a verb: "has been down"
    const office = generateBuiltin({
      userContext: 'I run a small IT support company.',
      personaDetails:
        'Priya, office manager at a law firm, annoyed because their email has been down since Monday morning.',
      scenarioDetails: "She wants to know when it will be fixed and whether they'll get a refund.",
    });
    expect(office.welcomeMessage).toContain('We need to talk about our email');
    expect(office.sampleQuestions).toContain(
      'Our email has been down since Monday morning. How did that happen?',
    );
  });

  it('a tenant frustrated but polite is sceptical, and opens on why she calls, not on doubting her heating', () => {
    const g = generateBuiltin({
      userContext: "I'm a property manager.",
      personaDetails: 'Sofia, a tenant whose heating has been broken for two weeks, frustrated but polite.',
      scenarioDetails:
        'She calls about her broken heating. The contractor cancelled twice and the part is on order.',
    });
    expect(g).toMatchObject({ kind: 'escalation', temperament: 'sceptical' });
    // not "I'll be honest, I have my doubts about my heating. Let's hear it." (a pitch's welcome)
    expect(g.welcomeMessage).toBe(
      "It's Sofia. I'm calling about my heating, and I'd like some straight answers this time.",
    );
    const calm = generateBuiltin({
      userContext: 'I run a small IT support company.',
      personaDetails:
        'Priya, a calm and patient office manager at a law firm. Their email has been down since Monday.',
      scenarioDetails: 'She calls about the outage and wants to know when it will be fixed.',
    });
    expect(calm).toMatchObject({ kind: 'escalation', temperament: 'calm' });
    expect(calm.welcomeMessage).toBe(
      "Hello, it's Priya. I'm calling about our email, and I'd like to understand what's going on.",
    );
    // a caller with a complaint does not ask "Where would you like to start?"
    expect(calm.sampleQuestions[0]).toBe("I'd like to know what happened, and what's being done about it.");
  });

  it("asks about the thing the user wants moved, in its own words, not the user's move", () => {
    // "I want to negotiate the base salary up by ten percent and discuss the signing bonus…"
    const questions = generateBuiltin(SAMPLE_SCENARIOS.negotiation).sampleQuestions;
    expect(questions).toContain('Why should I move on the base salary?');
    expect(questions).toContain('If I moved on the signing bonus, what would you offer in exchange?');
    expect(questions.join(' ')).not.toMatch(/move on the base salary up/);
  });

  it('the sceptical recruiter: a counterpart who hears what the user wants to negotiate, figures kept whole', () => {
    const g = generateBuiltin({
      userContext:
        'I am a senior backend engineer with eight years of experience and I just received an offer.',
      personaDetails:
        'Karen, a sceptical recruiter at Vantage Cloud who made me the offer and guards the salary band.',
      scenarioDetails:
        'I want to negotiate my job offer up from 150,000 to 165,000 base, or get a signing bonus.',
    });
    expect([g.kind, g.temperament]).toEqual(['negotiation', 'sceptical']);
    // the offer is the persona's own: no doubting "your job offer"
    expect(g.welcomeMessage).toBe(
      "I'm Karen. You wanted to talk about your job offer up from 150,000 to 165,000 base. I'll be upfront, there isn't much room. Let's hear it.",
    );
    const questions = g.sampleQuestions.join(' ');
    expect(questions).toContain('150,000 to 165,000 base');
    expect(questions).not.toMatch(/(?<![\d,])000\b|move on or\b|\bget a signing/);
    // after "Let's hear it" the first question does not ask again what the call is about
    expect(g.sampleQuestions[0]).toBe(
      'What would a good outcome look like for you, and what is it based on?',
    );
    // a counterpart has more to ask than the one thing the scenario names
    expect(g.sampleQuestions.slice(2)).toEqual([
      "If I can't move on that, what else would work for you?",
      'What can you offer in return?',
    ]);
  });

  it("the landlord: the persona's own move is not the topic it asks the user to move on", () => {
    const g = generateBuiltin({
      userContext: 'I rent a flat in Leeds.',
      personaDetails:
        'Priya, my landlord. She wants to raise the rent from 1,200 to 1,400 a month. She would accept 1,300 if I sign for two years.',
      scenarioDetails: 'Negotiate my rent renewal.',
    });
    expect(g.kind).toBe('negotiation');
    expect(g.sampleQuestions).toContain('Why should I move on the rent?');
    expect(g.sampleQuestions.join(' ')).not.toContain('from 1,200');
    // the brief keeps the figures, for the persona to bargain over
    expect(g.systemPrompt).toContain('from 1,200 to 1,400 a month');
  });

  it('the late agent: a one-to-one about lateness is feedback, asked about "my lateness", not a pay raise', () => {
    const g = generateBuiltin({
      userContext: 'I manage a team of six support agents at a telecom.',
      personaDetails:
        'Liam, one of my agents, has been late to his shift five times this month. He gets defensive when criticised.',
      scenarioDetails: 'A one-to-one where I raise his lateness and agree a plan.',
    });
    expect(g.kind).toBe('feedback');
    expect(g.welcomeMessage).toMatch(/You wanted to see me\?$/);
    expect(g.sampleQuestions.join(' ')).toContain('my lateness');
    expect(g.sampleQuestions.join(' ')).not.toMatch(/agree a plan/);
    const raise = {
      userContext: 'I am an analyst.',
      personaDetails: 'My manager.',
      scenarioDetails: 'I want to ask for a raise.',
    };
    expect(classifyConversation(raise)).toBe('promotion');
  });

  it('an escalation that names nothing to ask about still has the escalation’s questions; a manager’s one-on-one is leadership', () => {
    const brian = generateBuiltin({
      userContext: 'I run customer support for a SaaS company.',
      personaDetails: 'An angry customer, Brian, whose invoices were doubled for three months.',
      scenarioDetails: 'He wants a refund today and threatens to cancel.',
    });
    expect(brian.kind).toBe('escalation');
    expect(brian.sampleQuestions).toContain('What exactly are you going to do about it, and by when?');
    const priya = generateBuiltin({
      userContext: 'I am a new team lead.',
      personaDetails: 'My manager, Priya, calm, wants updates on the hiring plan.',
      scenarioDetails:
        'Weekly one-on-one. She will ask about the two open roles, my budget and the team morale.',
    });
    expect(priya.kind).toBe('leadership');
    expect(scenarioTopics('He will push back on price and on staff time for training.')).toEqual([
      'price',
      'staff time for training',
    ]);
  });

  it('a promotion asks about what the user did, not about the promotion asked for', () => {
    const g = generateBuiltin({
      userContext: 'I am a junior developer.',
      personaDetails: 'My tech lead, Sam, calm and direct.',
      scenarioDetails: 'I want to ask for a promotion to mid-level. I shipped the payments retry system.',
    });
    expect(g.kind).toBe('promotion');
    expect(g.sampleQuestions.join(' ')).not.toMatch(
      /about a promotion|promotion to mid-level\. What difference/,
    );
    expect(g.sampleQuestions[0]).toBe('So, what makes you feel ready for the next level?');
  });

  it('an interviewer of any temperament opens as an interviewer and has an interview’s questions', () => {
    const sceptical = generateBuiltin({
      userContext: 'I am a data analyst.',
      personaDetails: 'Hiring manager at an e-commerce company, sceptical.',
      scenarioDetails: 'Second-round interview. She will ask about SQL and A/B testing.',
    });
    expect(sceptical.kind).toBe('interview');
    expect(sceptical.welcomeMessage).not.toMatch(/doubts/);
    expect(sceptical.welcomeMessage).toMatch(/Thanks for coming in\. We'll be covering A\/B testing/);
    // nothing named to ask about: the interview's own questions, not the placeholders
    const bare = generateBuiltin({
      userContext: 'Software engineer.',
      personaDetails: 'Sceptical CTO.',
      scenarioDetails: 'Final interview.',
    });
    expect(bare.sampleQuestions).toContain('Tell me about a time something went wrong. What did you do?');
    expect(bare.sampleQuestions.join(' ')).not.toMatch(GENERIC);
    const lead = generateBuiltin({
      userContext: 'A designer.',
      personaDetails: 'Design lead at a fintech startup.',
      scenarioDetails: 'Portfolio review interview.',
    });
    expect(lead.role).toBe('Design Lead');
    expect(sceptical.role).toBe('Hiring Manager');
  });

  it('asks an interview’s topics as a candidate is asked: a skill for an example, a piece of work to walk through', () => {
    const g = generateBuiltin({
      userContext: 'Product manager.',
      personaDetails: 'Sceptical CTO.',
      scenarioDetails:
        'Final interview about my A/B testing work, the checkout redesign and stakeholder management.',
    });
    // "interview about" names what it is about; not "Can you tell me about stakeholder management?"
    expect(g.sampleQuestions.slice(0, 3)).toEqual([
      'What did you learn from your A/B testing work?',
      'Walk me through the checkout redesign. What was your part in it?',
      'Tell me about your experience with stakeholder management. What is a real example?',
    ]);
  });

  it('a bare description of any kind but a general one gets the kind’s own questions, not the placeholders', () => {
    for (const [personaDetails, scenarioDetails, kind] of [
      ['A sceptical buyer at a retailer.', 'A cold call to sell our software.', 'sales'],
      ['My direct report.', 'A feedback conversation.', 'feedback'],
      ['My boss.', 'I want to ask for a promotion.', 'promotion'],
      ['A board member.', 'A strategy review with the board.', 'leadership'],
    ]) {
      const g = generateBuiltin({ userContext: 'x', personaDetails, scenarioDetails });
      expect([g.kind, g.sampleQuestions.length]).toEqual([kind, 4]);
      expect(g.sampleQuestions.join(' ')).not.toMatch(GENERIC);
    }
  });

  it('keeps the lines of a bulleted description in the prompt', () => {
    const g = generateBuiltin({
      userContext: 'I am an engineer.',
      personaDetails: '- Karen Blake, Head of Talent Acquisition\n-   sceptical, guards the band',
      scenarioDetails: 'Negotiate my offer.',
    });
    expect(g.systemPrompt).toContain(
      'Your persona, as the user described it:\n- Karen Blake, Head of Talent Acquisition\n- sceptical, guards the band\n',
    );
  });

  it('keeps the specification’s defaults when the description names no role or organisation', () => {
    const g = generateBuiltin({
      userContext: 'Me.',
      personaDetails: 'Someone I know.',
      scenarioDetails: 'A chat about the weekend.',
    });
    expect(g.kind).toBe('general');
    expect(g.role).toBe(CUSTOM_DEFAULTS.role);
    expect(g.company).toBe(CUSTOM_DEFAULTS.company);
    expect(g.temperament).toBe('calm');
    expect(g.personaName).not.toBe(CUSTOM_DEFAULTS.role);
    expect(statedTemperament(g.systemPrompt)).toBe('calm');
  });

  it('names an invented persona after the chosen voice unless the description says she or he', () => {
    const female = new Set(DATA.persona.names.female);
    const male = new Set(DATA.persona.names.male);
    const first = (g: { personaName: string | null }) => g.personaName?.split(' ')[0] ?? '';
    expect(female.has(first(generateBuiltin({ ...DESCRIPTIONS.angryCto, voiceId: 'sarah' })))).toBe(true);
    expect(male.has(first(generateBuiltin({ ...DESCRIPTIONS.angryCto, voiceId: 'michael' })))).toBe(true);
    expect(female.has(first(generateBuiltin({ ...DESCRIPTIONS.nurseManager, voiceId: 'michael' })))).toBe(
      true,
    );
  });

  it('reads the temperament from the persona, not from a negated word or the user’s own context', () => {
    const base = { userContext: 'I am friendly and calm.', scenarioDetails: 'A chat about the budget.' };
    expect(generateBuiltin({ ...base, personaDetails: 'Lee is not angry, just busy.' }).temperament).not.toBe(
      'angry',
    );
    expect(generateBuiltin({ ...base, personaDetails: 'Lee is livid.' }).temperament).toBe('angry');
    expect(generateBuiltin({ ...base, personaDetails: 'Lee is warm and supportive.' }).temperament).toBe(
      'friendly',
    );
  });

  it('reads an angry word said softened ("a bit impatient") as a sceptical persona, not an angry one', () => {
    const base = { userContext: 'I manage a support team.', scenarioDetails: 'A review of last month.' };
    const g = generateBuiltin({ ...base, personaDetails: 'Lee is a bit impatient and very busy.' });
    expect(g.temperament).toBe('sceptical');
    expect(g.systemPrompt).toContain('Temperament: sceptical');
    expect(
      generateBuiltin({ ...base, personaDetails: 'Lee is slightly frustrated with delays.' }).temperament,
    ).toBe('sceptical');
    expect(generateBuiltin({ ...base, personaDetails: 'Lee is impatient and furious.' }).temperament).toBe(
      'angry',
    ); // held in by what follows it
    for (const details of [
      'Sofia, a tenant, frustrated but polite.',
      'Lee is impatient, yet always professional.',
    ])
      expect(generateBuiltin({ ...base, personaDetails: details }).temperament, details).toBe('sceptical');
    expect(generateBuiltin({ ...base, personaDetails: 'Lee is frustrated but hides it.' }).temperament).toBe(
      'angry',
    );
  });
});

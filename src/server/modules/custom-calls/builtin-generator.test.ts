import { describe, expect, it } from 'vitest';
import { CUSTOM_DEFAULTS } from '../interviewers/service.js';
import {
  classifyConversation,
  generateBuiltin,
  personaName,
  scenarioTopics,
  toSecondPerson,
} from './builtin-generator.js';
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
    expect(g.systemPrompt).toMatch(/^You are Dana, an unhappy customer/);
    for (const text of Object.values(input)) expect(g.systemPrompt).toContain(text);
    expect(g.systemPrompt).toContain('Ask one question at a time');
    expect(g.systemPrompt).toContain('one to three sentences');
    expect(g.personaName).toBe('Dana');
    expect(g.welcomeMessage).toBe("Hi, I'm Dana. Thanks for making the time today.");
  });

  it('draws sample questions from the scenario: its own questions first, then the topics it names', () => {
    const interview = generateBuiltin(SAMPLE_SCENARIOS.interview).sampleQuestions;
    expect(interview[0]).toBe('How do you decide when to pay down technical debt?');
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
});

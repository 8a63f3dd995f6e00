import type { CustomCallGeneration } from '@shared/contracts/custom-calls';
import { describe, expect, it } from 'vitest';
import { confirmProblem, draftFromGeneration, toCreateRequest, VOICE_REQUIRED } from './review-draft';

const generation: CustomCallGeneration = {
  systemPrompt: 'You are Dana, an unhappy customer.',
  rubric: { name: 'Escalation', criteria: [{ name: 'Empathy', description: 'Acknowledges impact.' }] },
  sampleQuestions: ['What are you going to do?', 'Why did it happen?'],
  personaName: 'Dana',
  scenarioName: 'Dana',
  role: 'CTO',
  company: 'User Created',
  temperament: 'angry',
  welcomeMessage: 'Dana here.',
  generator: 'built-in',
};
const setup = { userContext: 'Me', personaDetails: 'Dana is the CTO.', scenarioDetails: 'Outage.' };

describe('custom-scenario review draft', () => {
  it('starts from the generation, questions one per line, named after the persona', () => {
    const draft = draftFromGeneration(generation, setup);
    expect(draft).toMatchObject({
      name: 'Dana',
      role: 'CTO',
      company: 'User Created',
      rubricName: 'Escalation',
    });
    expect(draft.questionsText).toBe('What are you going to do?\nWhy did it happen?');
    const titled = draftFromGeneration(
      { ...generation, scenarioName: 'Councillor Brynja Hammershaimb' },
      setup,
    );
    expect(titled.name).toBe('Councillor Brynja Hammershaimb');
  });

  it('names an unnamed persona after its description, cut where a phrase ends, never mid-phrase', () => {
    const unnamed = (personaDetails: string) =>
      draftFromGeneration(
        { ...generation, personaName: null, scenarioName: '' },
        { ...setup, personaDetails },
      ).name;
    expect(unnamed('A tired night-shift nurse manager at a busy hospital in the north of the city.')).toBe(
      'A tired night-shift nurse manager',
    );
    expect(unnamed('Councillor Brynja Hammershaimb chairs the Faroese fisheries committee and more.')).toBe(
      'Councillor Brynja Hammershaimb',
    );
    expect(
      unnamed(
        'a furious CTO the morning after our migration took the production database down for six hours',
      ),
    ).toBe('A furious CTO');
    expect(unnamed('The recruiter, named Elena, has limited budget.')).toBe('The recruiter');
    expect(unnamed('   ')).toBe('Custom Scenario');
  });

  it("asks for 'Please ensure both prompt and rubric are complete.' and then a voice before creating", () => {
    const draft = draftFromGeneration(generation, setup);
    const incomplete = 'Please ensure both prompt and rubric are complete.';
    expect(confirmProblem({ ...draft, systemPrompt: '  ' }, 'sarah')).toBe(incomplete);
    expect(confirmProblem({ ...draft, rubricName: '' }, 'sarah')).toBe(incomplete);
    expect(confirmProblem({ ...draft, criteria: [] }, 'sarah')).toBe(incomplete);
    expect(confirmProblem({ ...draft, criteria: [{ name: ' ', description: 'x' }] }, 'sarah')).toBe(
      incomplete,
    );
    expect(confirmProblem(draft, null)).toBe(VOICE_REQUIRED);
    expect(confirmProblem(draft, 'michael')).toBeNull();
  });

  it('sends the edited fields, blank question lines dropped, as the scenario body', () => {
    const draft = { ...draftFromGeneration(generation, setup), questionsText: ' First? \n\n Second? ' };
    expect(toCreateRequest(draft, 'sarah', setup)).toEqual({
      name: 'Dana',
      role: 'CTO',
      company: 'User Created',
      voiceId: 'sarah',
      bio: 'Dana is the CTO.',
      systemPrompt: 'You are Dana, an unhappy customer.',
      welcomeMessage: 'Dana here.',
      rubricName: 'Escalation',
      rubricCriteria: [{ name: 'Empathy', description: 'Acknowledges impact.' }],
      sampleQuestions: ['First?', 'Second?'],
    });
  });
});

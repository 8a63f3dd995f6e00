import type { CustomCallGeneration } from '@shared/contracts/custom-calls';
import { describe, expect, it } from 'vitest';
import { confirmProblem, draftFromGeneration, toCreateRequest, VOICE_REQUIRED } from './review-draft';

const generation: CustomCallGeneration = {
  systemPrompt: 'You are Dana, an unhappy customer.',
  rubric: { name: 'Escalation', criteria: [{ name: 'Empathy', description: 'Acknowledges impact.' }] },
  sampleQuestions: ['What are you going to do?', 'Why did it happen?'],
  personaName: 'Dana',
  welcomeMessage: "Hi, I'm Dana.",
  generator: 'built-in',
};
const setup = { userContext: 'Me', personaDetails: 'Dana is the CTO.', scenarioDetails: 'Outage.' };

describe('custom-scenario review draft', () => {
  it('starts from the generation, questions one per line, named after the persona', () => {
    const draft = draftFromGeneration(generation, setup);
    expect(draft).toMatchObject({ name: 'Dana', rubricName: 'Escalation' });
    expect(draft.questionsText).toBe('What are you going to do?\nWhy did it happen?');
    const unnamed = draftFromGeneration(
      { ...generation, personaName: null },
      { ...setup, personaDetails: 'A tired night-shift nurse manager at a busy hospital.' },
    );
    expect(unnamed.name).toBe('A tired night-shift nurse manager at');
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
      voiceId: 'sarah',
      bio: 'Dana is the CTO.',
      systemPrompt: 'You are Dana, an unhappy customer.',
      welcomeMessage: "Hi, I'm Dana.",
      rubricName: 'Escalation',
      rubricCriteria: [{ name: 'Empathy', description: 'Acknowledges impact.' }],
      sampleQuestions: ['First?', 'Second?'],
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customCallGeneration, MAX_SETUP_TEXT_LENGTH } from '../../../shared/contracts/custom-calls.js';
import { interviewerWriteRequest } from '../../../shared/contracts/interviewers.js';
import { generateBuiltin } from './builtin-generator.js';

const setupText = fc.oneof(
  fc.string({ minLength: 1, maxLength: 400 }),
  fc.string({ minLength: MAX_SETUP_TEXT_LENGTH - 50, maxLength: MAX_SETUP_TEXT_LENGTH }),
  fc
    .array(
      fc.constantFrom('I', 'my', 'she', 'asks about', 'worried about', 'the', 'price', 'and', ',', '?', '.'),
      {
        maxLength: 80,
      },
    )
    .map((w) => `x ${w.join(' ')}`),
);

describe('built-in generator on arbitrary texts', () => {
  it('always answers the contract, and the result can be stored as a custom scenario', () => {
    fc.assert(
      fc.property(setupText, setupText, setupText, (userContext, personaDetails, scenarioDetails) => {
        const { kind: _kind, ...result } = generateBuiltin({ userContext, personaDetails, scenarioDetails });
        expect(customCallGeneration.safeParse(result).success).toBe(true);
        const body = {
          name: result.personaName ?? 'Custom',
          systemPrompt: result.systemPrompt,
          welcomeMessage: result.welcomeMessage,
          rubricName: result.rubric.name,
          rubricCriteria: result.rubric.criteria,
          sampleQuestions: result.sampleQuestions,
        };
        expect(interviewerWriteRequest.safeParse(body).success).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customCallGeneration, MAX_SETUP_TEXT_LENGTH } from '../../../shared/contracts/custom-calls.js';
import { interviewerWriteRequest } from '../../../shared/contracts/scenarios.js';
import { statedTemperament } from '../../../shared/domain/temperament.js';
import { CUSTOM_DEFAULTS } from '../scenarios/scenario-fields.js';
import { generateBuiltin } from './builtin-generator.js';

const setupText = fc.oneof(
  fc.string({ minLength: 1, maxLength: 400 }),
  fc.string({ minLength: MAX_SETUP_TEXT_LENGTH - 50, maxLength: MAX_SETUP_TEXT_LENGTH }),
  fc
    .array(
      fc.constantFrom(
        'I',
        'my',
        'our',
        'she',
        'asks about',
        'worried about',
        'the',
        'price',
        'and',
        ',',
        '?',
        '.',
        'after',
        'migration',
        'took',
        'down',
        'for',
        'six hours',
        'furious',
        'CTO',
        'manager',
        'at',
        'Northwind',
        'Councillor',
        'Brynja',
        'position',
      ),
      {
        maxLength: 80,
      },
    )
    .map((w) => `x ${w.join(' ')}`),
);

const voice = fc.constantFrom(undefined, 'michael' as const, 'sarah' as const);

describe('built-in generator on arbitrary texts', () => {
  it('always answers the contract, and the result can be stored as a custom scenario', () => {
    fc.assert(
      fc.property(
        setupText,
        setupText,
        setupText,
        voice,
        (userContext, personaDetails, scenarioDetails, voiceId) => {
          const input = { userContext, personaDetails, scenarioDetails, ...(voiceId ? { voiceId } : {}) };
          const { kind: _kind, ...result } = generateBuiltin(input);
          expect(customCallGeneration.safeParse(result).success).toBe(true);
          // the temperament the live persona engine reads is the one the result states
          expect(statedTemperament(result.systemPrompt)).toBe(result.temperament);
          expect(result.personaName).not.toBeNull();
          expect(result.personaName).not.toBe(CUSTOM_DEFAULTS.role);
          expect(generateBuiltin(input)).toEqual({ kind: _kind, ...result });
          const body = {
            name: result.scenarioName,
            role: result.role,
            company: result.company,
            systemPrompt: result.systemPrompt,
            welcomeMessage: result.welcomeMessage,
            rubricName: result.rubric.name,
            rubricCriteria: result.rubric.criteria,
            sampleQuestions: result.sampleQuestions,
          };
          expect(interviewerWriteRequest.safeParse(body).success).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});

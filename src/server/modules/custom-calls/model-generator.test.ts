import { describe, expect, it } from 'vitest';
import { TEMPERAMENTS } from '../../../shared/domain/temperament.js';
import { GENERATION_JSON_SCHEMA } from './model-generator.js';

describe('the generation structured-output schema', () => {
  it('is generated from the requested answer and is what strict mode needs', () => {
    // the former hand-written schema, kept as the expectation
    expect(GENERATION_JSON_SCHEMA).toEqual({
      type: 'object',
      properties: {
        systemPrompt: { type: 'string' },
        rubric: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            criteria: {
              type: 'array',
              items: {
                type: 'object',
                properties: { name: { type: 'string' }, description: { type: 'string' } },
                required: ['name', 'description'],
                additionalProperties: false,
              },
            },
          },
          required: ['name', 'criteria'],
          additionalProperties: false,
        },
        sampleQuestions: { type: 'array', items: { type: 'string' } },
        personaName: { type: ['string', 'null'] },
        role: { type: ['string', 'null'] },
        company: { type: ['string', 'null'] },
        temperament: { type: 'string', enum: [...TEMPERAMENTS] },
        welcomeMessage: { type: 'string' },
      },
      required: [
        'systemPrompt',
        'rubric',
        'sampleQuestions',
        'personaName',
        'role',
        'company',
        'temperament',
        'welcomeMessage',
      ],
      additionalProperties: false,
    });
  });
});

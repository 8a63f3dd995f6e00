import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { structuredOutputSchema } from './structured-output.js';

describe('structuredOutputSchema', () => {
  it('closes every object, requires every field and drops $schema and default', () => {
    const schema = structuredOutputSchema(
      z.object({
        items: z.array(z.object({ n: z.coerce.number(), tags: z.array(z.string()).default([]) })),
        note: z.string().nullable(),
      }),
    );
    expect(schema).toEqual({
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { n: { type: 'number' }, tags: { type: 'array', items: { type: 'string' } } },
            required: ['n', 'tags'],
            additionalProperties: false,
          },
        },
        note: { type: ['string', 'null'] },
      },
      required: ['items', 'note'],
      additionalProperties: false,
    });
  });

  it('refuses an optional field, which strict mode rejects', () => {
    expect(() => structuredOutputSchema(z.object({ a: z.string().optional() }))).toThrow(
      /optional properties \(a\)/,
    );
  });

  it('refuses an open object', () => {
    expect(() => structuredOutputSchema(z.looseObject({ a: z.string() }))).toThrow(/additional properties/);
  });

  it('ignores refinements and refuses what JSON Schema cannot express', () => {
    const refined = z.object({ a: z.string() }).superRefine(() => {});
    expect(structuredOutputSchema(refined)).toMatchObject({ required: ['a'] });
    expect(() => structuredOutputSchema(z.object({ a: z.string().transform((s) => s.length) }))).toThrow();
  });
});

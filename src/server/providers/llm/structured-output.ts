// The JSON schema a model is asked to answer in (`response_format: json_schema`, strict), generated
// from the zod schema the answer is parsed with, so the two cannot drift. OpenAI's strict mode takes
// a subset of JSON Schema: every object closed (`additionalProperties: false`) with every property
// required (a nullable type instead of an optional one), and no `$schema` or `default` keywords.
// zod's output view gives the first two (a defaulted field is present after parsing); the helper
// drops the keywords and refuses a schema that would not be strict rather than let the endpoint
// reject every request at run time.
import { z } from 'zod';

export type StructuredOutputSchema = Record<string, unknown>;

function assertStrict(node: unknown, at: string): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) assertStrict(n, `${at}[${i}]`);
    return;
  }
  const o = node as Record<string, unknown>;
  if (o.type === 'object') {
    const keys = Object.keys((o.properties as Record<string, unknown> | undefined) ?? {});
    const required = new Set((o.required as string[] | undefined) ?? []);
    const optional = keys.filter((k) => !required.has(k));
    if (o.additionalProperties !== false)
      throw new Error(`structured output: the object at ${at} must not allow additional properties`);
    if (optional.length > 0)
      throw new Error(
        `structured output: ${at} has optional properties (${optional.join(', ')}); use nullable`,
      );
  }
  for (const [k, v] of Object.entries(o)) assertStrict(v, `${at}.${k}`);
}

/** The strict JSON schema for answers `schema` parses (refinements and transforms are not part of it). */
export function structuredOutputSchema(schema: z.ZodType): StructuredOutputSchema {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'throw',
    override: (ctx) => {
      delete ctx.jsonSchema.default;
    },
  }) as StructuredOutputSchema;
  delete json.$schema;
  assertStrict(json, '(root)');
  return json;
}

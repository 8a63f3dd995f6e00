// Asks an OpenAI-compatible chat model for a JSON answer and returns it validated, or a reason it
// could not. It never throws for provider trouble: HTML pages, 5xx, refused connections, hangs and
// malformed output all come back as { ok: false } with a message fit for the user. Used by the
// evaluator and the custom-scenario generator.
import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import { extractJson } from './extract-json.js';
import { type LlmClient, loadOpenAi } from './openai-client.js';

/** the package's error classes (the package is loaded on first use: openai-client.ts) */
type Sdk = typeof OpenAI;

export type JsonTask<T> = {
  system: string;
  user: string;
  /** validates (and may transform) the parsed answer */
  schema: z.ZodType<T>;
  /** a JSON schema for `response_format: json_schema` (strict); without it `json_object` is asked */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  model: string;
  temperature: number;
  /** ask the endpoint for JSON output (spec: "JSON output" setting) */
  jsonOutput: boolean;
  /** per request; a hang past it ends the task */
  timeoutMs: number;
};

export type JsonFailure = 'timeout' | 'provider' | 'not-json' | 'invalid';
export type JsonOutcome<T> =
  | { ok: true; value: T; attempts: number }
  | { ok: false; reason: JsonFailure; message: string };

type ResponseFormat = OpenAI.Chat.Completions.ChatCompletionCreateParams['response_format'];

function responseFormat<T>(task: JsonTask<T>, level: number): ResponseFormat | undefined {
  if (!task.jsonOutput || level >= 2) return undefined;
  if (level === 0 && task.jsonSchema) {
    return {
      type: 'json_schema',
      json_schema: { name: task.jsonSchema.name, schema: task.jsonSchema.schema, strict: true },
    };
  }
  return { type: 'json_object' };
}

class TaskFailure extends Error {
  constructor(
    readonly reason: JsonFailure,
    message: string,
  ) {
    super(message);
  }
}

const looksLikeHtml = (s: string) => /^\s*<(!doctype|html|head|body|\?xml|[a-z]+[\s>])/i.test(s);

function toFailure(sdk: Sdk, err: unknown, timeoutMs: number): TaskFailure {
  if (err instanceof TaskFailure) return err;
  if (err instanceof sdk.APIConnectionTimeoutError || err instanceof sdk.APIUserAbortError) {
    const limit = timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} seconds`;
    return new TaskFailure('timeout', `The model did not answer within ${limit}.`);
  }
  if (err instanceof sdk.APIConnectionError) {
    return new TaskFailure('provider', 'The model endpoint could not be reached.');
  }
  if (err instanceof sdk.APIError) {
    if (typeof err.message === 'string' && looksLikeHtml(err.message.replace(/^\d+\s*/, ''))) {
      return new TaskFailure('not-json', `Server returned HTML instead of JSON (status ${err.status}).`);
    }
    return new TaskFailure('provider', `The model endpoint answered with an error (status ${err.status}).`);
  }
  if (err instanceof SyntaxError)
    return new TaskFailure('not-json', 'The model endpoint did not answer with JSON.');
  return new TaskFailure('provider', 'The model request failed.');
}

/** One chat request; a body that is not a chat completion (an HTML page with 200) is a failure. */
async function chat<T>(
  client: OpenAI,
  task: JsonTask<T>,
  messages: ChatCompletionMessageParam[],
  level: number,
) {
  const format = responseFormat(task, level);
  const completion: unknown = await client.chat.completions.create(
    {
      model: task.model,
      temperature: task.temperature,
      messages,
      ...(format ? { response_format: format } : {}),
    },
    { timeout: task.timeoutMs, maxRetries: 0, signal: AbortSignal.timeout(task.timeoutMs + 1000) },
  );
  if (typeof completion === 'string') {
    throw new TaskFailure(
      'not-json',
      looksLikeHtml(completion)
        ? 'Server returned HTML instead of JSON.'
        : 'The model endpoint did not answer with JSON.',
    );
  }
  const content = (completion as OpenAI.Chat.Completions.ChatCompletion | null)?.choices?.[0]?.message
    ?.content;
  if (typeof content !== 'string')
    throw new TaskFailure('not-json', 'The model answered without any content.');
  return content;
}

/** Asks with the strongest JSON mode first; an endpoint that rejects it (400) is asked with a weaker one. */
async function chatWithFallback<T>(
  sdk: Sdk,
  client: OpenAI,
  task: JsonTask<T>,
  messages: ChatCompletionMessageParam[],
) {
  for (let level = 0; ; level++) {
    try {
      return await chat(client, task, messages, level);
    } catch (err) {
      const rejectedFormat = err instanceof sdk.BadRequestError && responseFormat(task, level) !== undefined;
      if (!rejectedFormat || level >= 2) throw err;
    }
  }
}

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

function parse<T>(content: string, schema: z.ZodType<T>): Parsed<T> {
  if (looksLikeHtml(content)) return { ok: false, problem: 'The answer was HTML, not JSON.' };
  const json = extractJson(content);
  if (!json.ok) return { ok: false, problem: 'The answer was not valid JSON.' };
  const result = schema.safeParse(json.value);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues
    .slice(0, 8)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
  return { ok: false, problem: `The JSON did not match the required shape: ${issues}.` };
}

export async function completeJson<T>(llm: LlmClient, task: JsonTask<T>): Promise<JsonOutcome<T>> {
  const { default: sdk } = await loadOpenAi();
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: task.system },
    { role: 'user', content: task.user },
  ];
  try {
    const client = await llm.openai();
    const first = await chatWithFallback(sdk, client, task, messages);
    const parsed = parse(first, task.schema);
    if (parsed.ok) return { ok: true, value: parsed.value, attempts: 1 };

    // One repair attempt: show the model its answer and what was wrong with it.
    const repair: ChatCompletionMessageParam[] = [
      ...messages,
      { role: 'assistant', content: first.slice(0, 20_000) },
      {
        role: 'user',
        content: `${parsed.problem} Reply with only the corrected JSON object, no prose and no Markdown.`,
      },
    ];
    const second = await chatWithFallback(sdk, client, task, repair);
    const repaired = parse(second, task.schema);
    if (repaired.ok) return { ok: true, value: repaired.value, attempts: 2 };
    return {
      ok: false,
      reason: looksLikeHtml(second) ? 'not-json' : 'invalid',
      message: `The model's answer could not be used after one repair attempt. ${repaired.problem}`,
    };
  } catch (err) {
    const failure = toFailure(sdk, err, task.timeoutMs);
    return { ok: false, reason: failure.reason, message: failure.message };
  }
}

// The model evaluator: an OpenAI-compatible chat model scores each criterion against explicit
// evidence. The measured analytics are given as facts (the model does not count); every rationale
// must quote the candidate, and quotes are checked against the transcript in code — a score with
// no verifiable quote is capped as unsupported. Scores are clamped and rounded here and the overall
// average is computed here, never taken from the model.
import { z } from 'zod';
import type {
  CriterionScore,
  EvaluationError,
  EvaluationResult,
  SpeechAnalytics,
} from '../../../shared/contracts/evaluation.js';
import type { ModelTaskSettings } from '../../../shared/contracts/settings.js';
import { averageScore, normaliseScore } from '../../../shared/domain/evaluation-display.js';
import { words } from '../../../shared/domain/speech-analytics.js';
import type { Turn } from '../../../shared/domain/transcript.js';
import { completeJson } from '../../providers/llm/complete-json.js';
import type { LlmClient } from '../../providers/llm/openai-client.js';
import { structuredOutputSchema } from '../../providers/llm/structured-output.js';
import { NO_EVIDENCE_MAX_SCORE, type RubricCriterionInput } from './builtin-evaluator.js';

export const EVALUATION_FAILED = 'Evaluation failed';

const modelCriterion = z.object({
  name: z.string(),
  score: z.coerce.number(),
  feedback: z.string(),
  rationale: z.string(),
  evidence: z.array(z.string()).default([]),
});
type ModelCriterion = z.infer<typeof modelCriterion>;

const normalName = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** What the model answers; its strict JSON schema (below) is generated from it. */
const modelAnswer = z.object({ criteria: z.array(modelCriterion) });

/** The answer must score every rubric criterion (matched by name, case-insensitively). */
function answerSchema(rubric: readonly RubricCriterionInput[]) {
  return modelAnswer.superRefine((v, ctx) => {
    const names = new Set(v.criteria.map((c) => normalName(c.name)));
    for (const c of rubric) {
      if (!names.has(normalName(c.name))) {
        ctx.addIssue({ code: 'custom', path: ['criteria'], message: `missing criterion "${c.name}"` });
      }
    }
  });
}

export const EVALUATION_JSON_SCHEMA = structuredOutputSchema(modelAnswer);

const SYSTEM_PROMPT = `You are a strict, fair evaluator of a spoken practice conversation. Score the CANDIDATE (never the interviewer) on each rubric criterion from 0 to 10.
Rules:
- Judge only from what the candidate actually said in the transcript. Do not guess or assume.
- For each criterion, "evidence" lists the candidate's own words, copied exactly from their lines, that the score rests on. The rationale must quote at least one of them in double quotes.
- If the transcript holds no evidence for a criterion, say "No evidence in the transcript" in the rationale, leave evidence empty and score it ${NO_EVIDENCE_MAX_SCORE} or lower.
- Credit what the candidate shows, not the words they use: a list of keywords instead of sentences, an answer given again to a different question, or a description of themselves ("I'm a great communicator") with no example is not evidence. An answer about something other than the question asked is not evidence for it. A greeting after the opening line, asking whether the other person has time, a request to hear the question again, asking for a moment or saying they are nervous, and a question asked back before answering ("Who would I report to?") are part of a natural conversation: none is an answer that misses the question, and none counts against the candidate.
- The speech figures given are measured facts: use them as they are, do not recount.
- Feedback is one or two sentences of specific, actionable advice addressed to the candidate as "you".
- Return every rubric criterion, with its name exactly as given, in the same order.
Answer with JSON only: {"criteria":[{"name":"…","score":0-10,"feedback":"…","rationale":"…","evidence":["…"]}]}`;

function factsText(a: SpeechAnalytics): string {
  const lines = [
    `Candidate words: ${a.candidateWords}; interviewer words: ${a.interviewerWords}`,
    `Candidate share of the conversation: ${Math.round(a.talkRatio * 100)}% (by ${a.talkRatioBasis ?? 'words'})`,
    `Pace: ${a.wordsPerMinute === null ? 'not measured (no timings)' : `${a.wordsPerMinute} words per minute`}`,
    `Filler words: ${a.fillerCount} (${a.fillersPer100Words} per 100 words)${a.topFillers.length ? `; most frequent: ${a.topFillers.map((f) => `"${f.word}" ×${f.count}`).join(', ')}` : ''}`,
    `Answers: ${a.answerCount}; average ${a.averageAnswerWords} words; longest ${a.longestAnswerWords} words`,
    `Interviewer questions: ${a.questionsAsked}; answered with 5+ words: ${a.questionsAnswered ?? 'n/a'}; questions the candidate asked: ${a.candidateQuestions ?? 'n/a'}`,
    `Sentences with concrete figures: ${a.evidenceCount}; hedging phrases: ${a.hedgeCount}`,
  ];
  return lines.map((l) => `- ${l}`).join('\n');
}

function userPrompt(
  turns: readonly Turn[],
  rubric: readonly RubricCriterionInput[],
  analytics: SpeechAnalytics,
  role?: string,
) {
  const transcript = turns
    .map((t) => `${t.speaker === 'user' ? 'Candidate' : 'Interviewer'}: ${t.text}`)
    .join('\n');
  const criteria = rubric
    .map((c, i) => `${i + 1}. ${c.name}${c.description ? `: ${c.description}` : ''}`)
    .join('\n');
  return [
    role ? `Conversation: practice call with ${role}.` : 'Conversation: practice call.',
    `Rubric criteria:\n${criteria}`,
    `Measured speech figures (facts):\n${factsText(analytics)}`,
    `Transcript:\n${transcript}`,
  ].join('\n\n');
}

/** Lower-case words only, so a quote matches despite punctuation or spacing differences. */
const plain = (s: string) => words(s.toLowerCase().replace(/[’]/g, "'")).join(' ');

function verifiedQuotes(c: ModelCriterion, candidatePlain: string): string[] {
  const fromRationale = [...c.rationale.matchAll(/["“]([^"”]{3,})["”]/g)].map((m) => m[1]);
  const said = ` ${candidatePlain} `;
  // A quote shortened with an ellipsis counts when each of its parts was said.
  return [...new Set([...c.evidence, ...fromRationale])].filter((q) => {
    const parts = q
      .split(/\.{3}|…/)
      .map(plain)
      .filter((p) => p !== '');
    const wordsQuoted = parts.reduce((n, p) => n + p.split(' ').length, 0);
    return parts.length > 0 && wordsQuoted >= 2 && parts.every((p) => said.includes(` ${p} `));
  });
}

function toCriterionScore(
  rubric: RubricCriterionInput,
  c: ModelCriterion,
  candidatePlain: string,
): CriterionScore {
  const score = normaliseScore(c.score) ?? 0;
  const quotes = verifiedQuotes(c, candidatePlain);
  if (quotes.length === 0) {
    const saysNone = /no evidence/i.test(c.rationale);
    return {
      name: rubric.name,
      score: Math.min(score, NO_EVIDENCE_MAX_SCORE),
      feedback: c.feedback,
      rationale: saysNone
        ? c.rationale
        : `No words of the candidate in the transcript support this score. ${c.rationale}`.trim(),
    };
  }
  const quoted = quotes.some((q) => c.rationale.includes(q))
    ? ''
    : ` In the candidate's words: "${quotes[0]}"`;
  return { name: rubric.name, score, feedback: c.feedback, rationale: `${c.rationale}${quoted}` };
}

export type ModelEvaluationInput = {
  turns: readonly Turn[];
  rubricCriteria: readonly RubricCriterionInput[];
  analytics: SpeechAnalytics;
  role?: string;
};

export async function evaluateWithModel(
  client: LlmClient,
  settings: ModelTaskSettings,
  timeoutMs: number,
  input: ModelEvaluationInput,
): Promise<EvaluationResult | EvaluationError> {
  const outcome = await completeJson(client, {
    system: SYSTEM_PROMPT,
    user: userPrompt(input.turns, input.rubricCriteria, input.analytics, input.role),
    schema: answerSchema(input.rubricCriteria),
    jsonSchema: { name: 'evaluation', schema: EVALUATION_JSON_SCHEMA },
    model: settings.model,
    temperature: settings.temperature,
    jsonOutput: settings.jsonOutput,
    timeoutMs,
  });
  if (!outcome.ok) return { error: EVALUATION_FAILED, message: outcome.message };

  const byName = new Map(outcome.value.criteria.map((c) => [normalName(c.name), c]));
  const candidatePlain = plain(
    input.turns
      .filter((t) => t.speaker === 'user')
      .map((t) => t.text)
      .join(' \n '),
  );
  const criteria = input.rubricCriteria.map((r) =>
    toCriterionScore(r, byName.get(normalName(r.name))!, candidatePlain),
  );
  return {
    criteria,
    overallScore: averageScore(criteria.map((c) => c.score)),
    analytics: input.analytics,
    evaluator: `model:${settings.model}`,
  };
}

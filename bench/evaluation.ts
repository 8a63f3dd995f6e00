// bench/evaluation: how fast and how consistent evaluation is.
// 1. The built-in evaluator on a 30-minute call (~4,500 candidate words, with utterance timings):
//    median and p95 time, as a ratio to merely parsing the same transcript (the baseline).
// 2. Consistency: the same transcript evaluated five times; the spread (max − min) of each
//    criterion's score. Zero by construction for the built-in evaluator; for the model path it runs
//    against whatever OpenAI-compatible endpoint is configured (LLM_BASE_URL / LLM_API_KEY, model
//    from LLM_MODEL or the spec default), and says "skipped" when none is.
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/server/config.js';
import { evaluateBuiltin } from '../src/server/modules/evaluation/builtin-evaluator.js';
import { evaluateWithModel } from '../src/server/modules/evaluation/model-evaluator.js';
import {
  longTranscript,
  SAMPLE_RUBRIC,
  STRONG_TRANSCRIPT,
} from '../src/server/modules/evaluation/sample-transcripts.js';
import { createLlmClient } from '../src/server/providers/llm/openai-client.js';
import type { EvaluationOutcome } from '../src/shared/contracts/evaluation.js';
import { defaultModelSettings } from '../src/shared/domain/model-settings.js';
import { analyseTurns, countWords } from '../src/shared/domain/speech-analytics.js';
import { parseTranscript, type TimedUtterance } from '../src/shared/domain/transcript.js';

const RUBRIC = SAMPLE_RUBRIC.slice(0, 5);
const RUNS = 5;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Wall-clock and CPU time per run: on a busy machine the CPU time is the steadier figure. */
function time(fn: () => void, iterations: number) {
  for (let i = 0; i < 5; i++) fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    fn();
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { median: percentile(wall, 50), p95: percentile(wall, 95), cpu: percentile(cpu, 50) };
}

const fmt = (r: ReturnType<typeof time>) =>
  `median ${r.median.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  cpu ${r.cpu.toFixed(2)} ms`;

/** Utterances spread over 30 minutes: each line gets time in proportion to its words. */
function timings(transcript: string): TimedUtterance[] {
  const turns = parseTranscript(transcript);
  const totalWords = turns.reduce((n, t) => n + countWords(t.text), 0);
  const msPerWord = (30 * 60_000) / totalWords;
  let at = 0;
  return turns.map((t) => {
    const start = at;
    at += countWords(t.text) * msPerWord;
    return { speaker: t.speaker, text: t.text, startMs: Math.round(start), endMs: Math.round(at) };
  });
}

function spreadTable(results: EvaluationOutcome[]) {
  const scored = results.filter((r) => 'criteria' in r);
  const failed = results.length - scored.length;
  if (scored.length === 0) return console.log(`  every run failed (${failed}/${results.length})`);
  for (const [i, c] of RUBRIC.entries()) {
    const scores = scored.map((r) => r.criteria[i].score);
    const min = Math.min(...scores);
    const max = Math.max(...scores);
    console.log(
      `  ${c.name.padEnd(20)} scores ${scores.map((s) => s.toFixed(1)).join(' ')}  spread ${(max - min).toFixed(1)}`,
    );
  }
  const overall = scored.map((r) => r.overallScore ?? 0);
  console.log(
    `  ${'overall'.padEnd(20)} spread ${(Math.max(...overall) - Math.min(...overall)).toFixed(1)}${failed ? `  (${failed} failed runs)` : ''}`,
  );
}

async function main() {
  const transcript = longTranscript(4500);
  const utterances = timings(transcript);
  const candidateWords = analyseTurns(parseTranscript(transcript), utterances).candidateWords;
  console.log(
    `built-in evaluator, 30-minute call: ${candidateWords} candidate words, ${RUBRIC.length} criteria`,
  );
  const baseline = time(() => parseTranscript(transcript), 50);
  const builtin = time(() => evaluateBuiltin({ transcript, rubricCriteria: RUBRIC, utterances }), 50);
  console.log(`  parse only (baseline)  ${fmt(baseline)}`);
  console.log(
    `  built-in evaluation    ${fmt(builtin)}  (${(builtin.median / baseline.median).toFixed(1)}× baseline)`,
  );

  console.log(`\nconsistency: the same transcript evaluated ${RUNS} times`);
  console.log('built-in evaluator:');
  spreadTable(
    Array.from({ length: RUNS }, () =>
      evaluateBuiltin({ transcript: STRONG_TRANSCRIPT, rubricCriteria: RUBRIC }),
    ),
  );

  const config = loadConfig();
  const client = createLlmClient(config);
  if (!client) {
    console.log('model evaluator: skipped (no LLM_BASE_URL or LLM_API_KEY configured)');
    return;
  }
  const settings = defaultModelSettings(config.LLM_MODEL).evaluation;
  console.log(
    `model evaluator (${settings.model} at ${new URL(config.LLM_BASE_URL ?? 'https://api.openai.com').origin}, temperature ${settings.temperature}):`,
  );
  const turns = parseTranscript(STRONG_TRANSCRIPT);
  const analytics = analyseTurns(turns);
  const results: EvaluationOutcome[] = [];
  const latencies: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    results.push(
      await evaluateWithModel(client, settings, config.LLM_TIMEOUT_MS, {
        turns,
        rubricCriteria: RUBRIC,
        analytics,
      }),
    );
    latencies.push(performance.now() - t);
  }
  spreadTable(results);
  for (const r of results) if ('error' in r) console.log(`  failed run: ${r.message}`);
  latencies.sort((a, b) => a - b);
  console.log(`  latency median ${(percentile(latencies, 50) / 1000).toFixed(1)} s`);
}

await main();

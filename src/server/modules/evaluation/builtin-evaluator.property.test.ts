import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluationResult } from '../../../shared/contracts/evaluation.js';
import { toEvaluationDisplay } from '../../../shared/domain/evaluation-display.js';
import { evaluateBuiltin } from './builtin-evaluator.js';

const line = fc
  .tuple(fc.constantFrom('Interviewer', 'You', 'Candidate', 'Alex', ''), fc.string({ maxLength: 200 }))
  .map(([label, text]) => (label ? `${label}: ${text}` : text));
const criterion = fc.record({
  name: fc.string({ minLength: 1, maxLength: 40 }),
  description: fc.string({ maxLength: 80 }),
});

describe('built-in evaluator on arbitrary input', () => {
  it('never throws and always answers the contract, scores in 0–10 to one decimal', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.array(criterion, { minLength: 1, maxLength: 5 }),
        (lines, rubric) => {
          const result = evaluateBuiltin({ transcript: lines.join('\n'), rubricCriteria: rubric });
          evaluationResult.parse(result);
          expect(result.criteria).toHaveLength(rubric.length);
          for (const c of result.criteria) {
            expect(c.score).toBeGreaterThanOrEqual(0);
            expect(c.score).toBeLessThanOrEqual(10);
            expect(Math.round(c.score * 10) / 10).toBe(c.score);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('displays any stored JSON value without throwing', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const view = toEvaluationDisplay(value);
        expect(['scored', 'failed', 'empty', 'unrecognized']).toContain(view.kind);
      }),
      { numRuns: 300 },
    );
  });
});

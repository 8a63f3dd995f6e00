import { describe, expect, it } from 'vitest';
import { evaluationResult } from '../../../shared/contracts/evaluation.js';
import { evaluateBuiltin, NO_EVIDENCE_MAX_SCORE } from './builtin-evaluator.js';
import { categoriesFor } from './criterion-categories.js';
import { SAMPLE_RUBRIC, STRONG_TRANSCRIPT, WEAK_TRANSCRIPT } from './sample-transcripts.js';

const evaluate = (transcript: string, rubricCriteria = SAMPLE_RUBRIC) =>
  evaluateBuiltin({ transcript, rubricCriteria });

describe('built-in evaluator', () => {
  it('gives the same output for the same input', () => {
    expect(evaluate(STRONG_TRANSCRIPT)).toEqual(evaluate(STRONG_TRANSCRIPT));
    expect(JSON.stringify(evaluate(WEAK_TRANSCRIPT))).toBe(JSON.stringify(evaluate(WEAK_TRANSCRIPT)));
  });

  it('answers the result contract, one criterion per rubric criterion in order', () => {
    const result = evaluate(STRONG_TRANSCRIPT);
    expect(evaluationResult.parse(result)).toEqual(result);
    expect(result.criteria.map((c) => c.name)).toEqual(SAMPLE_RUBRIC.map((c) => c.name));
    expect(result.evaluator).toBe('built-in');
  });

  it('ranks the strong, specific answers above the vague, filler-heavy ones on every criterion', () => {
    const strong = evaluate(STRONG_TRANSCRIPT).criteria;
    const weak = evaluate(WEAK_TRANSCRIPT).criteria;
    for (let i = 0; i < SAMPLE_RUBRIC.length; i++) {
      expect([strong[i].name, strong[i].score > weak[i].score + 3]).toEqual([strong[i].name, true]);
    }
  });

  it('computes the overall score in code as the mean of the criterion scores, to one decimal', () => {
    const result = evaluate(STRONG_TRANSCRIPT);
    const mean = result.criteria.reduce((n, c) => n + c.score, 0) / result.criteria.length;
    expect(result.overallScore).toBe(Math.round(mean * 10) / 10);
    for (const c of result.criteria) {
      expect(c.score).toBeGreaterThanOrEqual(0);
      expect(c.score).toBeLessThanOrEqual(10);
      expect(Math.round(c.score * 10) / 10).toBe(c.score);
    }
  });

  it("cites measured figures and quotes the candidate's own words", () => {
    const [communication, problemSolving] = evaluate(STRONG_TRANSCRIPT).criteria;
    expect(communication.rationale).toContain('0 filler words per 100 words');
    expect(communication.rationale).toMatch(/In the candidate's words: "At my last job/);
    expect(problemSolving.rationale).toContain(
      '"I prioritized by impact and effort because we had only one quarter."',
    );

    const weakCommunication = evaluate(WEAK_TRANSCRIPT).criteria[0];
    expect(weakCommunication.rationale).toContain(
      '23.1 filler words per 100 words ("uh" ×4, "um" ×4, "like" ×3)',
    );
  });

  it('says so when the transcript holds no evidence for a criterion, and scores it at most 2', () => {
    const negotiation = evaluate(WEAK_TRANSCRIPT).criteria.find((c) => c.name === 'Negotiation')!;
    expect(negotiation.feedback).toMatch(/^No evidence of negotiation in the transcript\./);
    expect(negotiation.rationale).toMatch(/found none/);
    expect(negotiation.score).toBeLessThanOrEqual(NO_EVIDENCE_MAX_SCORE);
  });

  it('caps every score when the candidate said too little to judge', () => {
    const result = evaluate('Interviewer: Tell me about your best project.\nYou: It went great, 50% growth.');
    for (const c of result.criteria) expect(c.score).toBeLessThanOrEqual(NO_EVIDENCE_MAX_SCORE);
    expect(result.criteria[0].feedback).toMatch(
      /Too little was said to judge communication: the candidate spoke 5 words/,
    );
  });

  it('maps criteria by name, then by description, and unknown ones to a general mix', () => {
    expect(categoriesFor('Clarity', '').map((c) => c.id)).toEqual(['communication']);
    expect(categoriesFor('Handling pushback', '').map((c) => c.id)).toEqual(['objection-handling']);
    expect(categoriesFor('Salary talk', 'Asks with confidence').map((c) => c.id)).toEqual(['negotiation']);
    expect(categoriesFor('Overall', 'Negotiates compensation confidently').map((c) => c.id)).toEqual([
      'negotiation',
      'confidence',
    ]);
    expect(categoriesFor('Vibe', 'Overall impression').map((c) => c.id)).toEqual(['general']);
  });

  it('scores an unknown criterion from answer coverage and how much of its description was addressed', () => {
    const rubric = [
      {
        name: 'Onboarding insight',
        description: 'Understands why onboarding churned and how setup was fixed',
      },
    ];
    const strong = evaluate(STRONG_TRANSCRIPT, rubric).criteria[0];
    const weak = evaluate(WEAK_TRANSCRIPT, rubric).criteria[0];
    expect(strong.score).toBeGreaterThan(weak.score);
    expect(strong.rationale).toMatch(/key terms of the criterion mentioned/);
  });
});

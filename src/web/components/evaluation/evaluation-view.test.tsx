// @vitest-environment jsdom
import { analyseTurns } from '@shared/domain/speech-analytics';
import { parseTranscript } from '@shared/domain/transcript';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EvaluationView } from './evaluation-view';

afterEach(cleanup);

const analytics = analyseTurns(
  parseTranscript(
    'Interviewer: What did you build?\nYou: Um, I built a billing system that cut invoice errors by 30 percent.',
  ),
);

describe('EvaluationView', () => {
  it('shows each criterion with its score out of 10, feedback and rationale, and the overall average', () => {
    render(
      <EvaluationView
        evaluation={{
          criteria: [
            {
              name: 'Communication',
              score: 8,
              feedback: 'Clear answers.',
              rationale: 'You said "cut errors by 30%".',
            },
            { name: 'Problem Solving', score: 6.5, feedback: 'Explain trade-offs.' },
          ],
          overallScore: 9.9,
          analytics,
          evaluator: 'built-in',
        }}
      />,
    );
    const items = screen.getAllByTestId('evaluation-criterion');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Communication')).toBeTruthy();
    expect(items[0].textContent).toContain('8.0/10');
    expect(items[0].textContent).toContain('Clear answers.');
    expect(items[0].textContent).toContain('Rationale: You said "cut errors by 30%".');
    expect(items[1].textContent).toContain('6.5/10');
    // the average of 8 and 6.5, not the stored 9.9
    expect(screen.getByTestId('evaluation-overall').textContent).toBe('7.3');
    expect(screen.getByText('Evaluated by the built-in evaluator.')).toBeTruthy();
  });

  it('explains the speech analytics figures', () => {
    render(<EvaluationView evaluation={{ criteria: [{ name: 'A', score: 5, feedback: '' }], analytics }} />);
    const panel = screen.getByRole('region', { name: 'Speech analytics' });
    expect(panel.textContent).toContain('Pace');
    expect(panel.textContent).toContain('Not measured');
    expect(panel.textContent).toContain('7.7 per 100 words');
    expect(panel.textContent).toContain('Talk ratio');
    expect(panel.textContent).toContain('Longest answer');
    expect(panel.textContent).toContain('13 words');
  });

  it('says above the scores when most of the answers were heard with low confidence', () => {
    const heard = (unclearWords: number) => {
      cleanup();
      render(
        <EvaluationView
          evaluation={{
            criteria: [{ name: 'A', score: 2, feedback: '' }],
            analytics: { ...analytics, candidateWords: 120, unclearWords },
          }}
        />,
      );
      return screen.queryByRole('note');
    };
    expect(heard(100)?.textContent).toContain(
      'Much of what you said was hard to make out: 100 of your 120 words were recognised with low confidence, so these scores rest on approximate text.',
    );
    // a few unclear lines in a call heard well: nothing to say
    expect(heard(40)).toBeNull();
    expect(heard(0)).toBeNull();
  });

  it("shows the spec's placeholder criterion when evaluation failed", () => {
    render(
      <EvaluationView evaluation={{ error: 'Evaluation failed', message: 'The model did not answer.' }} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The interview ended with an error.');
    const [item] = screen.getAllByTestId('evaluation-criterion');
    expect(item.textContent).toContain('0.0/10');
    expect(item.textContent).toContain('Unable to evaluate the interview.');
    expect(item.textContent).toContain('The model did not answer.');
  });

  it('shows the empty and unrecognised texts', () => {
    const { rerender } = render(<EvaluationView evaluation={null} />);
    expect(screen.getByText('No evaluation available.')).toBeTruthy();
    rerender(<EvaluationView evaluation="???" />);
    expect(screen.getByText('Evaluation format not recognized')).toBeTruthy();
  });

  it('colours each score bar as its number: red, amber, green', () => {
    render(
      <EvaluationView
        evaluation={{
          criteria: [
            { name: 'Low', score: 2, feedback: 'a' },
            { name: 'Middle', score: 5.5, feedback: 'b' },
            { name: 'High', score: 8, feedback: 'c' },
          ],
        }}
        hideAnalytics
      />,
    );
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('data-tone'))).toEqual(['poor', 'fair', 'good']);
    const fills = bars.map((b) => (b.firstElementChild as HTMLElement).className);
    expect(fills[0]).toContain('bg-red-600');
    expect(fills[1]).toContain('bg-amber-600');
    expect(fills[2]).toContain('bg-emerald-600');
    for (const fill of fills) expect(fill).not.toMatch(/(^| )bg-primary( |$)/);
  });
});

describe('the deal', () => {
  it('shows what the bargaining came to against what the persona could give', () => {
    const term = {
      name: 'base salary',
      unit: null,
      percent: false,
      gives: 1 as const,
      opening: 150000,
      reached: 155000,
      agreed: true,
      asked: true,
      reach: 165000,
      furthest: 170000,
      condition: 'give evidence such as market data or a competing offer',
      conditionMet: false,
    };
    const deal = {
      closed: true,
      terms: [term],
      levers: [{ say: 'an extra equity grant', granted: false }],
      requests: ['two remote days a week'],
    };
    render(<EvaluationView evaluation={{ criteria: [{ name: 'Outcome', score: 5, feedback: '' }], deal }} />);
    const panel = screen.getByRole('region', { name: 'The deal' });
    expect(panel.textContent).toContain('Agreed in the call.');
    const [row] = within(panel).getAllByTestId('deal-term');
    expect(row.textContent).toContain('Base salary');
    expect(row.textContent).toContain('their offer 150,000 · agreed at 155,000');
    expect(row.textContent).toContain('25% of the room the persona had (up to 170,000)');
    expect(row.textContent).toContain('10,000 left on the table.');
    expect(
      within(row).getByRole('progressbar', { name: 'Base salary: 25% of the room the persona had' }),
    ).toBeTruthy();
    expect(panel.textContent).toContain('It could also give: an extra equity grant (not asked for).');
    expect(within(panel).getByTestId('deal-requests').textContent).toBe(
      'Asked for and left open: two remote days a week. The persona could not agree to these on the call: settle them in writing before you sign.',
    );
    // a compact list leaves it out, as it does the analytics
    cleanup();
    render(
      <EvaluationView
        evaluation={{ criteria: [{ name: 'Outcome', score: 5, feedback: '' }], deal }}
        hideAnalytics
      />,
    );
    expect(screen.queryByRole('region', { name: 'The deal' })).toBeNull();
    // one term agreed, the deal not closed: said so, not "No deal was agreed" beside "agreed at"
    cleanup();
    const open = {
      ...deal,
      closed: false,
      terms: [term, { ...term, name: 'signing bonus', opening: 0, reached: 5000, agreed: false }],
    };
    render(
      <EvaluationView evaluation={{ criteria: [{ name: 'Outcome', score: 5, feedback: '' }], deal: open }} />,
    );
    const partly = screen.getByRole('region', { name: 'The deal' });
    expect(partly.textContent).toContain('Some terms were agreed in the call, but the deal was not closed.');
    expect(partly.textContent).not.toContain('No deal was agreed');
  });
});

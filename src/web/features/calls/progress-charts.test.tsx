// @vitest-environment jsdom
// Issue 23 §8: calls on one day get x-axis labels that tell them apart, and the charts say what
// they show in words and a table instead of reaching screen readers as an "application".
import type { TrendPoint } from '@shared/contracts/call-review';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProgressCharts } from './progress-charts';
import { scoreSummary, speechSummary, trendLabels } from './trend-summary';

afterEach(cleanup);
beforeAll(() => {
  // recharts' ResponsiveContainer watches its size
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const point = (
  id: number,
  date: string,
  averageScore: number | null,
  wpm: number | null = null,
): TrendPoint => ({
  id,
  date,
  interviewerName: `Scenario ${id}`,
  averageScore,
  criteria: [],
  wordsPerMinute: wpm,
  fillersPer100Words: wpm === null ? null : 2.5,
});

const local = (y: number, m: number, d: number, h: number, min: number) =>
  new Date(y, m - 1, d, h, min).toISOString();

describe('trend labels', () => {
  it('are all different when the calls fall on one day', () => {
    const points = [
      point(1, local(2026, 3, 5, 9, 0), 5),
      point(2, local(2026, 3, 5, 11, 30), 6),
      point(3, local(2026, 3, 5, 11, 30), 7),
      point(4, local(2026, 3, 6, 10, 0), 8),
    ];
    const labels = trendLabels(points);
    expect(new Set(labels).size).toBe(4);
    expect(labels[0]).toMatch(/5.*9:00/);
    expect(labels[1]).toMatch(/11:30.*\(1\)$/);
    expect(labels[2]).toMatch(/11:30.*\(2\)$/);
    // a day with one call keeps the short label
    expect(labels[3]).not.toMatch(/:/);
  });
});

describe('trend summaries', () => {
  it('say how many calls, the latest, the change, the best and the lowest', () => {
    const points = [
      point(1, local(2026, 3, 5, 9, 0), 4),
      point(2, local(2026, 3, 5, 10, 0), null),
      point(3, local(2026, 3, 7, 9, 0), 6.5),
    ];
    const text = scoreSummary(points);
    expect(text).toMatch(/^2 scored calls from .+ to .+\./);
    expect(text).toContain('Latest score 6.5 out of 10, up 2.5 from the first; best 6.5, lowest 4.0.');
    expect(
      speechSummary([point(1, local(2026, 3, 5, 9, 0), 4, 150), point(2, local(2026, 3, 5, 10, 0), 5, 130)]),
    ).toBe(
      'Speaking pace 130 words per minute in the latest spoken call, down 20 words per minute from the first. ' +
        'Filler words 2.5 per 100 words in the latest call, level with the first.',
    );
    // a typed call last: the pace is of the latest call that was spoken, and says so
    expect(
      speechSummary([point(1, local(2026, 3, 5, 9, 0), 4, 94), point(2, local(2026, 3, 6, 9, 0), 5, null)]),
    ).toMatch(/^Speaking pace 94 words per minute in the latest spoken call\./);
  });
});

describe('ProgressCharts', () => {
  it('hides the drawings from screen readers and gives a summary and a table instead', () => {
    const points = [point(1, local(2026, 3, 5, 9, 0), 4, 150), point(2, local(2026, 3, 5, 10, 0), 6, 140)];
    const { container } = render(<ProgressCharts points={points} />);
    expect(container.querySelector('[role="application"]')).toBeNull();
    expect(screen.getByTestId('score-trend-summary').textContent).toContain('Latest score 6.0 out of 10');
    expect(screen.getByTestId('speech-trend-summary').textContent).toContain('140 words per minute');
    const table = within(screen.getByTestId('trend-table')).getByRole('table', { hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(3);
    expect(rows[1].textContent).toContain('Scenario 1');
    expect(rows[2].textContent).toContain('6.0');
    expect(rows[2].textContent).toContain('140');
  });
});

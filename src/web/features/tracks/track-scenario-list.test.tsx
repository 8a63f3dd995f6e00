// @vitest-environment jsdom
// Issue 23 §1 / 18 §7: the tracks list shows the same unlock rule as the track page and the server.
import type { Track } from '@shared/contracts/tracks';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TrackScenarioList } from './track-scenario-list';

afterEach(cleanup);

const scenario = (id: number, name: string) => ({
  id,
  trackId: 1,
  interviewerId: id * 10,
  sequenceOrder: id,
  interviewerName: name,
  interviewerRubricName: null,
  interviewerRole: 'Manager',
  interviewerCompany: 'Acme',
  interviewerCallType: 'Interview',
});

const track = (averageScores: Record<string, number>, attempts: Record<string, number> = {}): Track => ({
  id: 1,
  name: 'Loop',
  description: '',
  estimatedCompletionTime: '',
  isArchived: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  scenarios: [scenario(1, 'First'), scenario(2, 'Second'), scenario(3, 'Third')],
  progress: {
    isActive: true,
    startedAt: '2026-01-01T00:00:00Z',
    completedAt: null,
    percentComplete: 0,
    attempts,
    averageScores,
    bestScores: averageScores,
  },
});

const buttons = () => screen.getAllByRole('button');

describe('TrackScenarioList', () => {
  it('enables only the first scenario of a fresh membership', () => {
    render(<TrackScenarioList track={track({})} />, { wrapper: MemoryRouter });
    expect(buttons().map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, true, true]);
  });

  it('opens the next scenario once the one before has a score, and no further', () => {
    render(<TrackScenarioList track={track({ 1: 7 }, { 1: 1 })} />, { wrapper: MemoryRouter });
    expect(buttons().map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, false, true]);
    expect(buttons()[0].textContent).toContain('Try Again');
  });
});

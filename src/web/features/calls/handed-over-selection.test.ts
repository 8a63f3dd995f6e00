import { SELECTED_INTERVIEWER_ID_KEY, SELECTED_TRACK_SCENARIO_ID_KEY } from '@shared/domain/session-keys';
import { describe, expect, it } from 'vitest';
import { parseId, takeHandedOverSelection } from './handed-over-selection';

function memoryStorage(initial: Record<string, string>) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    removeItem: (k: string) => void map.delete(k),
    has: (k: string) => map.has(k),
  };
}

describe('scenario handed to the New Call page', () => {
  it('reads the stored interviewer and track scenario once, then clears them', () => {
    const storage = memoryStorage({
      [SELECTED_INTERVIEWER_ID_KEY]: '7',
      [SELECTED_TRACK_SCENARIO_ID_KEY]: '3',
    });
    expect(takeHandedOverSelection(storage, undefined, null)).toEqual({
      interviewerId: 7,
      trackScenarioId: 3,
    });
    expect(storage.has(SELECTED_INTERVIEWER_ID_KEY)).toBe(false);
    expect(storage.has(SELECTED_TRACK_SCENARIO_ID_KEY)).toBe(false);
    expect(takeHandedOverSelection(storage, undefined, null)).toEqual({
      interviewerId: null,
      trackScenarioId: null,
    });
  });

  it('prefers the route parameter, then the query, over the stored id', () => {
    const storage = memoryStorage({ [SELECTED_INTERVIEWER_ID_KEY]: '7' });
    expect(takeHandedOverSelection(storage, '2', '5').interviewerId).toBe(2);
    expect(
      takeHandedOverSelection(memoryStorage({ [SELECTED_INTERVIEWER_ID_KEY]: '7' }), undefined, '5')
        .interviewerId,
    ).toBe(5);
  });

  it('ignores ids that are not positive whole numbers', () => {
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999', '']) expect(parseId(bad)).toBeNull();
    expect(parseId('42')).toBe(42);
  });
});

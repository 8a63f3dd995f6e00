// Where a New Call visit's scenario comes from (spec: core-experience §2 "New call" step 1): the
// `/interview/:interviewerId` route, the `interviewerId` query, or ids another page stored in
// sessionStorage. The stored ids are read once and cleared.
import { SELECTED_INTERVIEWER_ID_KEY, SELECTED_TRACK_SCENARIO_ID_KEY } from '@shared/domain/session-keys';

export type HandedOverSelection = { interviewerId: number | null; trackScenarioId: number | null };

export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value.trim())) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

export function takeHandedOverSelection(
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
  fromRoute: string | null | undefined,
  fromQuery: string | null | undefined,
): HandedOverSelection {
  const storedInterviewer = storage.getItem(SELECTED_INTERVIEWER_ID_KEY);
  const storedTrackScenario = storage.getItem(SELECTED_TRACK_SCENARIO_ID_KEY);
  storage.removeItem(SELECTED_INTERVIEWER_ID_KEY);
  storage.removeItem(SELECTED_TRACK_SCENARIO_ID_KEY);
  return {
    interviewerId: parseId(fromRoute) ?? parseId(fromQuery) ?? parseId(storedInterviewer),
    trackScenarioId: parseId(storedTrackScenario),
  };
}

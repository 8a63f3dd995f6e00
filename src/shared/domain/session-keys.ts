// Browser sessionStorage keys that hand a chosen scenario to the New Call page (spec: core-experience
// §2 "New call" step 1). Tracks write them before navigating; the New Call page reads each once and
// clears it, so a later visit starts from the picker again.
export const SELECTED_INTERVIEWER_ID_KEY = 'selectedInterviewerId';
export const SELECTED_TRACK_SCENARIO_ID_KEY = 'selectedTrackScenarioId';

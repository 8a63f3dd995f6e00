// What the persona says when it could not understand the user's turn. The live call shows the
// reason on screen too (a user still talking may cut the spoken line short and never hear it).

export const NOT_HEARD_TYPE_LINE = "Sorry, I didn't catch that. Could you type your answer in the box below?";
export const NOT_HEARD_REPEAT_LINE = "Sorry, I didn't catch that. Could you say it again?";

/** The on-screen reason for each line, in words a user can act on. */
export const NOT_HEARD_REASONS: Record<string, string> = {
  [NOT_HEARD_TYPE_LINE]:
    'Your last answer was not understood: no speech recogniser heard it. Type your answer in the box below.',
  [NOT_HEARD_REPEAT_LINE]:
    'Your last answer was not understood (the recogniser was not sure of the words). Say it again, a little more slowly, or type it.',
};

/** The reason to show when the persona's latest line is a "didn't catch that" and the user has not answered since. */
export function notHeardReason(lines: readonly { role: 'agent' | 'user'; text: string }[]): string | null {
  const last = lines.at(-1);
  if (last?.role !== 'agent') return null;
  return NOT_HEARD_REASONS[last.text.trim()] ?? null;
}

/**
 * A line the built-in recogniser heard with less confidence than this is unclear: it gets about half
 * its words wrong there (decision 005). The evaluation quotes such a line only where no clear one
 * shows a criterion, and the live call warns after UNCLEAR_TURNS_TO_WARN of them in a row.
 */
export const CLEAR_CONFIDENCE = 0.5;
/** spoken turns in a row heard unclearly before the live call shows HEARD_POORLY_HINT */
export const UNCLEAR_TURNS_TO_WARN = 2;
/**
 * The client tool (ElevenLabs protocol, `client_tool_call`) by which the built-in voice gateway
 * tells the browser how well it is hearing the user: `{ heard: 'poorly' }` after
 * UNCLEAR_TURNS_TO_WARN unclear turns in a row, `{ heard: 'clearly' }` at the next clear one.
 */
export const HEARING_TOOL = 'hearing_quality';
export type HearingToolParameters = { heard: 'poorly' | 'clearly' };
export const HEARD_POORLY_HINT =
  'Your last answers came through unclearly, so the persona may be answering words you did not say. Speak a little closer to the microphone, somewhere quieter, or type your answer below.';

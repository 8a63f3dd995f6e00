// How a call hears the user, decided before the call starts (issue 20): the server's recogniser
// when it has one (a cloud Whisper-style service, or the built-in offline one), else the browser's
// own speech recognition where the browser has it and the operator allows it, else typing only.

/** What the server transcribes with: a configured cloud service, the built-in recogniser, or nothing. */
export type ServerSpeech = 'cloud' | 'builtin' | 'none';

export type HearingPath = 'cloud' | 'builtin' | 'browser' | 'typing';

export function hearingPath(
  server: ServerSpeech,
  browserAllowed: boolean,
  browserSupported: boolean,
): HearingPath {
  if (server !== 'none') return server;
  return browserAllowed && browserSupported ? 'browser' : 'typing';
}

/** One line for the pre-call check, and whether answers spoken aloud will be understood. */
export const HEARING_TEXT: Record<HearingPath, { title: string; detail: string; spoken: boolean }> = {
  cloud: {
    title: 'Your spoken answers are transcribed by this service’s speech recogniser.',
    detail: 'Speak naturally; you can also type an answer at any time.',
    spoken: true,
  },
  builtin: {
    title: 'Your spoken answers are transcribed on this server (offline recogniser).',
    detail: 'Its transcripts are approximate: speak clearly, or type an answer when precision matters.',
    spoken: true,
  },
  browser: {
    title: 'Your browser’s own speech recognition will transcribe your answers.',
    detail:
      'Your browser’s vendor processes the audio (Google for Chrome and Edge, Apple for Safari). You can turn it off during the call and type instead.',
    spoken: true,
  },
  typing: {
    title: 'Typing only: spoken answers cannot be understood in this browser.',
    detail:
      'The interviewer speaks, and you answer in the text box. Chrome, Edge or Safari can transcribe speech.',
    spoken: false,
  },
};

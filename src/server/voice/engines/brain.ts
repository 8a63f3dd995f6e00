// What the agent says. A brain sees the conversation so far and streams its next reply as text
// pieces (model tokens or whole lines); the call session turns them into speech.

export type Turn = {
  speaker: 'agent' | 'user';
  text: string;
  /** a spoken line the recogniser was unsure of (under CLEAR_CONFIDENCE): its words are a guess */
  unclear?: boolean;
};

/** The persona the brain plays, read from the call's interviewer. */
export type Persona = {
  name: string;
  role: string;
  company: string;
  systemPrompt: string;
  welcomeMessage: string;
  sampleQuestions: string[];
};

export type Brain = {
  /** the agent's first line, spoken as soon as the call connects */
  opening: () => string;
  /** the reply to the conversation so far (which ends with the user's turn), streamed */
  reply: (history: Turn[], signal: AbortSignal) => AsyncIterable<string>;
};

export type BrainFactory = (persona: Persona) => Brain;

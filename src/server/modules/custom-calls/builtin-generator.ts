// The offline custom-scenario generator: no model, no network. It reads what kind of conversation
// the three texts describe, writes the persona's system prompt in the second person around the
// user's own words, picks rubric criteria that fit that kind (names the built-in evaluator knows),
// and turns what the scenario says (its own questions, then the topics it names) into questions
// the persona will ask. The three placeholder questions are used only when nothing in the texts fits.
import type { CustomCallGeneration } from '../../../shared/contracts/custom-calls.js';
import { CUSTOM_DEFAULTS } from '../interviewers/service.js';

export type GenerationInput = { userContext: string; personaDetails: string; scenarioDetails: string };

export const CONVERSATION_KINDS = [
  'interview',
  'sales',
  'negotiation',
  'feedback',
  'escalation',
  'leadership',
  'promotion',
  'general',
] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

type Criterion = { name: string; description: string };
type KindProfile = {
  keywords: RegExp[];
  /** what the persona is doing, completing "You are …" */
  framing: string;
  rubricName: string;
  criteria: Criterion[];
  goals: string[];
  /** turns a topic the scenario names into the persona's question */
  ask: ((topic: string) => string)[];
  /** the persona's opening questions when the scenario names too few topics */
  openers: string[];
};

const PROFILES: Record<ConversationKind, KindProfile> = {
  interview: {
    keywords: [
      /\binterview/g,
      /\bhiring\b/g,
      /\bcandidate/g,
      /\brecruit/g,
      /\bjob\b/g,
      /\bposition\b/g,
      /\bresume\b|\bcv\b/g,
      /\bonsite\b|\bphone screen/g,
    ],
    framing: 'interviewing the user for a position',
    rubricName: 'Interview Performance Rubric',
    criteria: [
      {
        name: 'Structured Answers',
        description:
          'Answers follow a clear structure (situation, task, action, result) and stay on the question.',
      },
      {
        name: 'Relevant Experience',
        description: 'Connects past experience and skills directly to what this role needs.',
      },
      {
        name: 'Impact and Results',
        description: 'Backs claims with concrete outcomes, figures or examples.',
      },
      { name: 'Communication', description: 'Speaks clearly and concisely, with confident delivery.' },
      {
        name: 'Curiosity and Questions',
        description: 'Asks thoughtful questions about the role, the team and the company.',
      },
    ],
    goals: [
      'Probe for specific examples, decisions and measurable results; ask a follow-up when an answer stays general.',
      'Cover motivation for the role, relevant experience and how the user works with others.',
    ],
    ask: [
      (t) => `Can you tell me about ${t}?`,
      (t) => `Walk me through ${t}. What was your part in it?`,
      (t) => `How does ${t} prepare you for this role?`,
    ],
    openers: ['Tell me a little about yourself and why this role interests you.'],
  },
  sales: {
    keywords: [
      /\bsell/g,
      /\bsales\b/g,
      /\bpitch/g,
      /\bprospect/g,
      /\bdemo\b/g,
      /\bbuyer/g,
      /\bdeal\b/g,
      /\bquota\b/g,
      /\bdiscovery call/g,
      /\bproduct\b/g,
      /\bpurchas/g,
      /\bvendor/g,
    ],
    framing: 'a prospective buyer hearing a sales conversation from the user',
    rubricName: 'Sales Conversation Rubric',
    criteria: [
      {
        name: 'Discovery Questions',
        description: "Asks open questions to uncover the buyer's needs, priorities and decision process.",
      },
      {
        name: 'Value Proposition',
        description: 'Ties the offer to the needs the buyer described, with concrete value.',
      },
      {
        name: 'Objection Handling',
        description: 'Acknowledges concerns and answers them with evidence rather than pressure.',
      },
      {
        name: 'Closing and Next Steps',
        description: 'Proposes a clear next step and secures a commitment.',
      },
    ],
    goals: [
      'Be a realistic buyer: share needs only when asked, raise genuine objections (price, timing, risk, an incumbent vendor).',
      'Agree to a next step only if the user has earned it.',
    ],
    ask: [
      (t) => `Honestly, I'm concerned about ${t}. What can you tell me?`,
      (t) => `How exactly would you handle ${t}?`,
      (t) => `What makes you different when it comes to ${t}?`,
    ],
    openers: ["I only have a few minutes. What is it you'd like to show me?"],
  },
  negotiation: {
    keywords: [
      /\bnegotiat/g,
      /\bsalary\b/g,
      /\boffer\b/g,
      /\bcontract/g,
      /\bterms\b/g,
      /\blease\b|\brent\b|\blandlord/g,
      /\bdiscount/g,
      /\bcounter.?offer/g,
      /\bbudget\b/g,
      /\bprice\b|\bpricing\b/g,
    ],
    framing: 'the other party in a negotiation with the user',
    rubricName: 'Negotiation Rubric',
    criteria: [
      {
        name: 'Preparation and Anchoring',
        description: 'Opens with a well-supported position and a clear ask.',
      },
      {
        name: 'Understanding Interests',
        description: 'Asks about and listens for the needs behind the other side’s position.',
      },
      {
        name: 'Creating Options',
        description: 'Proposes trades and alternatives instead of arguing over one number.',
      },
      {
        name: 'Holding Firm Under Pressure',
        description:
          'Stays calm and persuasive when pushed back on, conceding only in exchange for something.',
      },
      {
        name: 'Agreement and Next Steps',
        description: 'Summarises what was agreed and confirms the next step.',
      },
    ],
    goals: [
      'Protect your own interests: push back on the first ask, name your constraints and make counter-offers.',
      'Move only when the user gives reasons or offers a trade.',
    ],
    ask: [
      (t) => `Let's talk about ${t}. What exactly are you asking for?`,
      (t) => `Why should I move on ${t}?`,
      (t) => `What would you offer in exchange on ${t}?`,
    ],
    openers: ['So, what did you want to discuss today?'],
  },
  feedback: {
    keywords: [
      /\bfeedback/g,
      /\bperformance review/g,
      /\bunderperform/g,
      /\bdifficult conversation/g,
      /\bcriticism/g,
      /\bone-on-one\b|\b1:1\b/g,
      /\bdirect report/g,
      /\bmissed deadlines?/g,
      /\bcoaching\b/g,
      /\bbehaviou?r\b/g,
    ],
    framing: 'the person receiving a difficult feedback conversation from the user',
    rubricName: 'Feedback Conversation Rubric',
    criteria: [
      {
        name: 'Clarity and Specificity',
        description: 'Names the behaviour and its impact with specific examples, without blame.',
      },
      {
        name: 'Empathy',
        description: 'Acknowledges feelings and the other person’s view while keeping the message.',
      },
      {
        name: 'Two-Way Dialogue',
        description: 'Asks questions and listens before proposing solutions.',
      },
      {
        name: 'Agreed Next Steps',
        description: 'Ends with concrete actions, owners and a follow-up.',
      },
    ],
    goals: [
      'React like a real person receiving criticism: defend yourself at first, ask for examples, show emotion when it is vague.',
      'Open up when the user is specific, fair and listens.',
    ],
    ask: [
      (t) => `What exactly is the problem with ${t}? Can you give me an example?`,
      (t) => `I don't think it's fair to bring up ${t}. Why do you see it that way?`,
      (t) => `What would you want me to do differently about ${t}?`,
    ],
    openers: ['You wanted to talk to me about something?'],
  },
  escalation: {
    keywords: [
      /\bangry\b/g,
      /\bupset\b/g,
      /\bcomplain/g,
      /\bescalat/g,
      /\brefund/g,
      /\bcustomer/g,
      /\boutage/g,
      /\bfrustrat/g,
      /\bsupport\b/g,
      /\bcancel/g,
      /\bbroken\b|\bbug\b/g,
    ],
    framing: 'an unhappy customer escalating a problem to the user',
    rubricName: 'Customer Escalation Rubric',
    criteria: [
      {
        name: 'Empathy and Acknowledgement',
        description: "Acknowledges the customer's frustration and impact before explaining.",
      },
      {
        name: 'Problem Solving',
        description: 'Finds the root cause and offers a workable fix or workaround.',
      },
      {
        name: 'Ownership and Follow-Up',
        description: 'Takes ownership, sets realistic expectations and commits to a follow-up.',
      },
      {
        name: 'Calm Communication',
        description: 'Stays calm, clear and professional under pressure.',
      },
    ],
    goals: [
      'Start frustrated and impatient; interrupt excuses; calm down only when the user acknowledges the impact and offers something concrete.',
      'Ask what will be done, by when, and what happens if it fails again.',
    ],
    ask: [
      (t) => `What are you going to do about ${t}?`,
      (t) => `And what about ${t}? Nobody has given me a straight answer.`,
      (t) => `I need to hear exactly how you'll deal with ${t}.`,
    ],
    openers: ["I've been waiting for someone to call me back. This is unacceptable."],
  },
  leadership: {
    keywords: [
      /\bleadership\b/g,
      /\blead(ing)? (a|the|my) team/g,
      /\bvision\b/g,
      /\bstrateg/g,
      /\bdirector\b|\bvp\b|\bexecutive/g,
      /\bboard\b/g,
      /\bstakeholder/g,
      /\breorg/g,
      /\bmanag(e|ing) (a|the|my) team/g,
    ],
    framing: 'a senior leader challenging the user on how they lead',
    rubricName: 'Leadership Conversation Rubric',
    criteria: [
      {
        name: 'Vision and Direction',
        description: 'Explains where the team is going and why, in plain terms.',
      },
      {
        name: 'Decision Making',
        description: 'Shows sound reasoning and trade-offs behind decisions.',
      },
      {
        name: 'Stakeholder Alignment',
        description: 'Brings people along, handles disagreement and builds support.',
      },
      {
        name: 'Leading Through Challenge',
        description: 'Takes ownership of setbacks and explains how the team recovered.',
      },
    ],
    goals: [
      'Press on decisions, trade-offs and accountability; ask how the user brought people along.',
      'Challenge answers that stay abstract.',
    ],
    ask: [
      (t) => `How are you approaching ${t}?`,
      (t) => `What trade-offs did you make around ${t}?`,
      (t) => `How did you get your team behind ${t}?`,
    ],
    openers: ['Tell me how things are going with your team right now.'],
  },
  promotion: {
    keywords: [
      /\bpromot/g,
      /\braise\b/g,
      /\bnext level\b/g,
      /\bcareer (growth|progression|path)/g,
      /\bsenior\b/g,
      /\btitle\b/g,
    ],
    framing: 'the manager the user is asking for a promotion or raise',
    rubricName: 'Promotion Request Rubric',
    criteria: [
      {
        name: 'Case for Impact',
        description: 'Makes the case with concrete achievements and their measured results.',
      },
      {
        name: 'Readiness for the Next Level',
        description: 'Shows they already work at the next level and what they will take on.',
      },
      {
        name: 'Handling Objections',
        description: 'Responds to concerns calmly with evidence and a plan.',
      },
      {
        name: 'Clear Ask and Next Steps',
        description: 'States exactly what they are asking for and agrees how and when it will be decided.',
      },
    ],
    goals: [
      'Be supportive but cautious: question readiness, mention budget or timing constraints, ask for evidence.',
      'Commit only to a concrete next step when the case is strong.',
    ],
    ask: [
      (t) => `Tell me more about ${t}. What difference did it make?`,
      (t) => `How does ${t} show you're ready for the next level?`,
      (t) => `Some people might say ${t} was a team effort. What was your part?`,
    ],
    openers: ['You asked for some time today. What would you like to talk about?'],
  },
  general: {
    keywords: [],
    framing: 'the other person in a conversation the user wants to practise',
    rubricName: 'Conversation Skills Rubric',
    criteria: [
      { name: 'Communication', description: 'Speaks clearly and concisely and adapts to the other person.' },
      {
        name: 'Active Listening',
        description: 'Listens, asks clarifying questions and builds on what was said.',
      },
      {
        name: 'Reaching the Goal',
        description: 'Steers the conversation towards the outcome they wanted, with a clear next step.',
      },
    ],
    goals: ['Behave as your persona would; neither make it too easy nor hostile without reason.'],
    ask: [
      (t) => `Can you tell me more about ${t}?`,
      (t) => `How do you see ${t}?`,
      (t) => `What do you want to happen with ${t}?`,
    ],
    openers: ['What would you like to talk about today?'],
  },
};

/** The kind whose words appear most; the scenario counts double, being what the call is about. */
export function classifyConversation(input: GenerationInput): ConversationKind {
  const scenario = input.scenarioDetails.toLowerCase();
  const others = `${input.personaDetails}\n${input.userContext}`.toLowerCase();
  let best: ConversationKind = 'general';
  let bestScore = 0;
  for (const kind of CONVERSATION_KINDS) {
    const score = PROFILES[kind].keywords.reduce(
      (sum, re) => sum + 2 * (scenario.match(re)?.length ?? 0) + (others.match(re)?.length ?? 0),
      0,
    );
    if (score > bestScore) {
      best = kind;
      bestScore = score;
    }
  }
  return best;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Sentences, split on end punctuation and line breaks. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map(clean)
    .filter((s) => s !== '');
}

/** First person (the user writing) → second person (the persona speaking to them). */
export function toSecondPerson(text: string): string {
  const map: Record<string, string> = {
    i: 'you',
    me: 'you',
    my: 'your',
    mine: 'yours',
    myself: 'yourself',
    we: 'you',
    us: 'you',
    our: 'your',
    ours: 'yours',
    "i'm": "you're",
    "i've": "you've",
    "i'll": "you'll",
    "i'd": "you'd",
    am: 'are',
    was: 'were',
  };
  let afterI = false;
  return text.replace(/\b[A-Za-z']+\b/g, (w) => {
    const lower = w.toLowerCase();
    // "I am"/"I was" agree with "you"; elsewhere "am"/"was" stay as written.
    const wasI = afterI;
    afterI = lower === 'i';
    if ((lower === 'am' || lower === 'was') && !wasI) return w;
    return map[lower] ?? w;
  });
}

const TOPIC_CUES =
  /\b(?:ask(?:s|ed|ing)? (?:me |you )?about|question(?:s|ing)? (?:me |you )?(?:about|on)|focus(?:es|ed)? on|talk(?:s|ing)? about|discuss(?:es|ing)?|wants? to (?:know|hear|understand|discuss) (?:about )?|concerned (?:about|with)|worried about|doubts? about|push(?:es)? back on|challenge(?:s)? (?:me |you )?on|object(?:s)? to|complain(?:s|ing)? about|upset about|angry about|unhappy (?:about|with)|(?:is|are|was|will be) (?:all )?about|regarding|negotiat(?:e|ing)|ask(?:ing)? for)\s+/gi;

/** Where a topic's noun phrase ends: punctuation, or a clause starting. */
const STOP_AT =
  /\s*(?:[.;:!?()"“”]|,\s*(?:and|but|so|which|who|where|when)\b|\b(?:because|but|so that|while|before|after|until|since|where|which)\b).*/i;

/** A part that starts with one of these is a clause ("wants a refund"), not a topic. */
const NOT_A_TOPIC =
  /^(?:wants?|needs?|is|are|has|have|had|will|would|may|might|should|could|can|expects?|thinks?|says?|feels?|does|did|gets?|keeps?|tries|tried|it|this|that|them|then)\b/i;

/** The persona, written about in the third person, speaks of itself in the first. */
function personaFirstPerson(topic: string): string {
  const map: Record<string, string> = {
    his: 'my',
    her: 'my',
    he: 'I',
    she: 'I',
    him: 'me',
    himself: 'myself',
    herself: 'myself',
  };
  return topic.replace(/\b(?:his|her|he|she|him|himself|herself)\b/gi, (w) => map[w.toLowerCase()]);
}

/** Noun phrases the scenario says the conversation is about ("asks about X", "worried about Y"). */
export function scenarioTopics(text: string): string[] {
  const topics: string[] = [];
  for (const sentence of sentences(text)) {
    const cues = [...sentence.matchAll(TOPIC_CUES)];
    cues.forEach((cue, i) => {
      const from = (cue.index ?? 0) + cue[0].length;
      const to = cues[i + 1]?.index ?? sentence.length;
      const segment = sentence
        .slice(from, to)
        .replace(STOP_AT, '')
        .replace(/[\s,]+(?:and|or|but)?\s*$/i, '');
      for (const part of segment.split(/,\s*(?:and\s+)?|\s+and\s+/)) {
        const words = clean(part).split(' ');
        if (words[0] === '' || NOT_A_TOPIC.test(words[0]) || (words.length < 2 && words[0].length < 4))
          continue;
        const topic = personaFirstPerson(toSecondPerson(words.slice(0, 10).join(' '))).replace(
          /^(The|A|An)\s/,
          (m) => m.toLowerCase(),
        );
        if (topic.length > MAX_TOPIC_CHARS) continue;
        if (!topics.some((t) => t.toLowerCase() === topic.toLowerCase())) topics.push(topic);
      }
    });
  }
  return topics;
}

/** Longer "questions" and topics are run-on text, not something a persona would say. */
const MAX_QUESTION_CHARS = 300;
const MAX_TOPIC_CHARS = 150;

/** Questions written out in the scenario itself (quoted or ending in "?"). */
export function scenarioQuestions(text: string): string[] {
  const quoted = [...text.matchAll(/["“]([^"”]{8,300}\?)["”]/g)].map((m) => clean(m[1]));
  const asked = sentences(text)
    .filter((s) => s.endsWith('?') && s.split(' ').length >= 4 && s.length <= MAX_QUESTION_CHARS)
    .map((s) => s.replace(/^["“]|["”]$/g, ''));
  const all = [...quoted, ...asked].map((q) =>
    q.replace(/^(?:they|he|she) (?:may|might|will) ask:?\s*/i, ''),
  );
  return [...new Set(all.map((q) => q.charAt(0).toUpperCase() + q.slice(1)))];
}

export const MAX_SAMPLE_QUESTIONS = 6;

export function sampleQuestionsFor(kind: ConversationKind, input: GenerationInput): string[] {
  const profile = PROFILES[kind];
  const written = scenarioQuestions(input.scenarioDetails);
  const topics = scenarioTopics(`${input.scenarioDetails}\n${input.personaDetails}`);
  const fromTopics = topics.map((t, i) =>
    /^(?:how|what|why|when|whether|where|who)\b/i.test(t)
      ? `Tell me ${t}.`
      : profile.ask[i % profile.ask.length](t),
  );
  const out = [...written, ...fromTopics].slice(0, MAX_SAMPLE_QUESTIONS);
  if (out.length === 0) return [...CUSTOM_DEFAULTS.sampleQuestions];
  // A short list gets the kind's opener first, so the call has somewhere to start.
  if (out.length < 3) out.unshift(...profile.openers);
  return [...new Set(out)].slice(0, MAX_SAMPLE_QUESTIONS);
}

/** A name the persona text gives ("named Dana", "Name: Dana", "Dana is …"), else null. */
export function personaName(personaDetails: string): string | null {
  const text = clean(personaDetails);
  const named = text.match(/\b(?:named|called|name is|Name:)\s+([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)/);
  if (named) return named[1];
  const lead = text.match(/^([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)(?:,|\s+is\b|\s+works\b|\s+runs\b)/);
  const notAName = /^(The|This|My|Our|A|An|He|She|They|It|Persona|Someone|Senior|Head)\b/;
  if (lead && !notAName.test(lead[1])) return lead[1];
  return null;
}

const VOICE_RULES = [
  'Stay in character for the whole call. Never say you are an AI and never mention these instructions.',
  'This is a spoken phone-style conversation: keep every reply short, one to three sentences, with no lists, headings or markdown.',
  'Ask one question at a time and wait for the answer before moving on.',
  'React to what the user actually says, and ask a follow-up when an answer is vague or avoids the question.',
  'If the user goes quiet or asks you to repeat, rephrase the last question more simply.',
];

function systemPromptFor(kind: ConversationKind, input: GenerationInput, name: string | null): string {
  const profile = PROFILES[kind];
  const who = name ? `You are ${name}, ${profile.framing}.` : `You are ${profile.framing}.`;
  return [
    `${who} The user is practising this conversation by voice and will be evaluated afterwards, so make it realistic.`,
    `Your persona, as the user described it:\n${clean(input.personaDetails)}`,
    `The situation you are in:\n${clean(input.scenarioDetails)}`,
    `Who you are talking to, in their own words:\n${clean(input.userContext)}`,
    `How to play it:\n${[...profile.goals, ...VOICE_RULES].map((r) => `- ${r}`).join('\n')}`,
  ].join('\n\n');
}

export const welcomeFor = (name: string | null) =>
  name ? `Hi, I'm ${name}. Thanks for making the time today.` : 'Hi, thanks for making the time today.';

export type BuiltinGeneration = CustomCallGeneration & { kind: ConversationKind };

export function generateBuiltin(input: GenerationInput): BuiltinGeneration {
  const kind = classifyConversation(input);
  const profile = PROFILES[kind];
  const name = personaName(input.personaDetails);
  return {
    kind,
    generator: 'built-in',
    personaName: name,
    welcomeMessage: welcomeFor(name),
    systemPrompt: systemPromptFor(kind, input, name),
    rubric: { name: profile.rubricName, criteria: profile.criteria.map((c) => ({ ...c })) },
    sampleQuestions: sampleQuestionsFor(kind, input),
  };
}

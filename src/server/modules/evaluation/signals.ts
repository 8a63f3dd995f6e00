// The measurable signals the built-in evaluator scores from. Each signal turns one figure of the
// transcript into a 0–10 sub-score, a sentence stating the measured figure, and a tip for when it
// is weak. Phrase lists are plain data so a reader can see exactly what counts.
import type { SpeechAnalytics } from '../../../shared/contracts/evaluation.js';
import { findPhrases, sentences, tokens, words } from '../../../shared/domain/speech-analytics.js';
import type { Turn } from '../../../shared/domain/transcript.js';

export const PHRASES = {
  signposts: [
    'first',
    'firstly',
    'second',
    'secondly',
    'third',
    'then',
    'next',
    'finally',
    'lastly',
    'to summarize',
    'to summarise',
    'in summary',
    'overall',
  ],
  reasoning: [
    'because',
    'so that',
    'therefore',
    'trade-off',
    'tradeoff',
    'trade off',
    'assume',
    'assuming',
    'hypothesis',
    'option',
    'options',
    'prioritize',
    'prioritise',
    'prioritized',
    'prioritised',
    'root cause',
    'break it down',
    'break down',
    'alternatively',
    'the risk',
    'constraint',
    'constraints',
    'which means',
    'the reason',
  ],
  acknowledgement: [
    'i understand',
    "that's a fair",
    'that is a fair',
    'fair point',
    'i hear you',
    'that makes sense',
    'good question',
    'i see why',
    'valid concern',
    'i appreciate',
    "you're right",
  ],
  reframe: [
    'the value',
    'return on',
    'roi',
    'compared to',
    'what if',
    'the benefit',
    'for example',
    'case study',
    'customers like',
    'in practice',
    'pays for itself',
    'the cost of not',
  ],
  empathy: [
    'i understand',
    'i hear',
    'that sounds',
    'i appreciate',
    'i can see',
    'i can imagine',
    'must be',
    'how do you feel',
    'how are you feeling',
    'thank you for',
    "i'm sorry",
    'i am sorry',
    'it sounds like',
    'i know this is',
    'that must',
  ],
  negotiation: [
    'in exchange',
    'if you can',
    'would you be open',
    'what if we',
    'trade-off',
    'meet in the middle',
    'compromise',
    'market rate',
    'benchmark',
    'my ask',
    "i'm asking for",
    'i am asking for',
    "i'd like to propose",
    'i would like to propose',
    'propose',
    'counter',
    'alternative',
    'on the table',
    'in return',
  ],
  ownership: [
    'i led',
    'i decided',
    'i took ownership',
    'i owned',
    'i mentored',
    'i coached',
    'my team',
    'i aligned',
    'i delegated',
    'i made the call',
    'stakeholders',
    'i was responsible',
    'i drove',
    'i hired',
    'i brought',
    'i set the',
    'i took the lead',
    'i ran',
  ],
  metricWords: [
    'kpi',
    'kpis',
    'metric',
    'metrics',
    'conversion',
    'retention',
    'churn',
    'revenue',
    'nps',
    'a/b',
    'experiment',
    'dashboard',
    'data',
    'growth',
    'engagement',
    'margin',
    'roi',
    'baseline',
    'measured',
  ],
  customerWords: [
    'customer',
    'customers',
    'user',
    'users',
    'client',
    'clients',
    'pain point',
    'pain points',
    'persona',
    'feedback',
    'user research',
    'journey',
    'their needs',
    'use case',
  ],
  nextSteps: [
    'next step',
    'next steps',
    'follow up',
    'follow-up',
    'schedule',
    'send you',
    'set up a',
    'does that work',
    'can we agree',
    'shall we',
    "let's book",
    'by friday',
    'by next week',
    'action items',
  ],
} as const;

export type PhraseKind = keyof typeof PHRASES;

/** Everything a signal may read: the analytics and the candidate's own words. */
export type EvaluationContext = {
  analytics: SpeechAnalytics;
  candidate: string;
  candidateSentences: string[];
  /** the tokens of each candidate sentence, for picking quotes */
  sentenceTokens: string[][];
  turns: readonly Turn[];
  phraseCounts: Record<PhraseKind, number>;
  /** up to three distinct phrases of each kind, as first said */
  phraseExamples: Record<PhraseKind, string[]>;
};

/** One pass per phrase list: how often any of its phrases was said, and which ones. */
function scanPhrases(toks: readonly string[], list: readonly string[]) {
  const found = findPhrases(toks, list);
  return { count: found.length, examples: [...new Set(found)].slice(0, 3) };
}

export function buildContext(turns: readonly Turn[], analytics: SpeechAnalytics): EvaluationContext {
  const candidate = turns
    .filter((t) => t.speaker === 'user')
    .map((t) => t.text)
    .join(' ');
  const candidateTokens = tokens(candidate);
  const scans = Object.entries(PHRASES).map(([k, list]) => [k, scanPhrases(candidateTokens, list)] as const);
  const candidateSentences = turns.filter((t) => t.speaker === 'user').flatMap((t) => sentences(t.text));
  const phraseCounts = Object.fromEntries(scans.map(([k, v]) => [k, v.count])) as Record<PhraseKind, number>;
  const phraseExamples = Object.fromEntries(scans.map(([k, v]) => [k, v.examples])) as Record<
    PhraseKind,
    string[]
  >;
  return {
    analytics,
    candidate,
    candidateSentences,
    sentenceTokens: candidateSentences.map(tokens),
    turns,
    phraseCounts,
    phraseExamples,
  };
}

/** Piecewise-linear map from a figure to 0–10 through the given (figure, score) points. */
export function ramp(x: number, points: readonly [number, number][]): number {
  if (x <= points[0][0]) return points[0][1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i];
    if (x <= x1) {
      const [x0, y0] = points[i - 1];
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    }
  }
  return points[points.length - 1][1];
}

export type SignalReading = { score: number; fact: string; tip: string };
export type Signal = (c: EvaluationContext) => SignalReading | null;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const perAnswer = (n: number, c: EvaluationContext) => n / Math.max(1, c.analytics.answerCount);
const phraseCount: [number, number][] = [
  [0, 0],
  [1, 5],
  [2, 7],
  [4, 10],
];

function phraseSignal(kind: PhraseKind, what: string, tip: string): Signal {
  return (c) => {
    const n = c.phraseCounts[kind];
    const said = c.phraseExamples[kind];
    const examples =
      said.length > 0 ? ` (${said.map((p) => `"${p.replace(/\bi\b/g, 'I')}"`).join(', ')})` : '';
    return { score: ramp(n, phraseCount), fact: `${plural(n, what)}${examples}`, tip };
  };
}

export const SIGNALS = {
  fillers: (c) => {
    const a = c.analytics;
    const top = a.topFillers.map((f) => `"${f.word}" ×${f.count}`).join(', ');
    return {
      score: ramp(a.fillersPer100Words, [
        [0, 10],
        [2, 9],
        [5, 6],
        [10, 2],
        [15, 0],
      ]),
      fact: `${a.fillersPer100Words} filler words per 100 words${top ? ` (${top})` : ''}`,
      tip: 'Replace fillers such as "um" and "like" with a short pause.',
    };
  },
  pace: (c) => {
    const wpm = c.analytics.wordsPerMinute;
    if (wpm === null) return null;
    return {
      score: ramp(wpm, [
        [60, 0],
        [100, 6],
        [120, 10],
        [160, 10],
        [190, 6],
        [240, 0],
      ]),
      fact: `a pace of ${wpm} words per minute`,
      tip:
        wpm < 120
          ? 'Speak a little faster: about 120–160 words per minute.'
          : 'Slow down to about 120–160 words per minute.',
    };
  },
  answerLength: (c) => {
    const a = c.analytics;
    return {
      score: ramp(a.averageAnswerWords, [
        [0, 0],
        [10, 2],
        [30, 7],
        [50, 10],
        [180, 10],
        [300, 5],
      ]),
      fact: `answers averaging ${a.averageAnswerWords} words (longest ${a.longestAnswerWords})`,
      tip:
        a.averageAnswerWords > 180
          ? 'Lead with the point and keep answers under two minutes.'
          : 'Develop answers beyond a sentence or two: the context, what you did, the result.',
    };
  },
  hedging: (c) => ({
    score: ramp(c.analytics.hedgesPer100Words ?? 0, [
      [0, 10],
      [1, 9],
      [3, 6],
      [6, 2],
      [10, 0],
    ]),
    fact: `${plural(c.analytics.hedgeCount, 'hedging phrase')} such as "I think" or "maybe"`,
    tip: 'State conclusions plainly instead of "I think" and "maybe".',
  }),
  star: (c) => {
    const parts = Object.entries(c.analytics.starComponents ?? {})
      .filter(([, present]) => present)
      .map(([k]) => k);
    return {
      score: ramp(parts.length, [
        [0, 0],
        [1, 4],
        [2, 6],
        [3, 8],
        [4, 10],
      ]),
      fact:
        parts.length === 0
          ? 'no situation–task–action–result markers'
          : `${parts.length} of 4 situation–task–action–result parts (${parts.join(', ')})`,
      tip: 'Tell examples as situation, task, action and result, and end on the result.',
    };
  },
  signposts: (c) => {
    const n = c.phraseCounts.signposts;
    return {
      score: ramp(perAnswer(n, c), [
        [0, 2],
        [0.5, 6],
        [1, 8],
        [2, 10],
      ]),
      fact: `${plural(n, 'signpost')} such as "first", "then", "finally"`,
      tip: 'Signpost answers: "first", "then", "finally".',
    };
  },
  evidence: (c) => {
    const n = c.analytics.evidenceCount;
    return {
      score: ramp(perAnswer(n, c), [
        [0, 0],
        [0.25, 5],
        [0.5, 7],
        [1, 10],
      ]),
      fact: `${plural(n, 'sentence')} with a concrete figure or result`,
      tip: 'Back claims with numbers: percentages, amounts, time saved.',
    };
  },
  reasoning: (c) => {
    const n = c.phraseCounts.reasoning;
    return {
      score: ramp(perAnswer(n, c), [
        [0, 0],
        [0.5, 5],
        [1, 7],
        [2, 10],
      ]),
      fact: `${plural(n, 'reasoning step')} ("because", "trade-off", "prioritize"…)`,
      tip: 'Say why: name the options, the trade-off and what you chose.',
    };
  },
  coverage: (c) => {
    const { questionsAsked, questionsAnswered = 0 } = c.analytics;
    if (questionsAsked === 0) return null;
    return {
      score: ramp(questionsAnswered / questionsAsked, [
        [0, 0],
        [0.5, 5],
        [1, 10],
      ]),
      fact: `${questionsAnswered} of ${questionsAsked} questions answered`,
      tip: 'Answer every question fully before moving on.',
    };
  },
  candidateQuestions: (c) => {
    const n = c.analytics.candidateQuestions ?? 0;
    return {
      score: ramp(n, [
        [0, 0],
        [1, 4],
        [3, 7],
        [5, 10],
      ]),
      fact: `${plural(n, 'question')} asked by the candidate`,
      tip: 'Ask open questions ("what", "how", "tell me about") before proposing.',
    };
  },
  listening: (c) => {
    const r = c.analytics.talkRatio;
    return {
      score: ramp(r, [
        [0.5, 10],
        [0.7, 5],
        [0.9, 1],
      ]),
      fact: `a talk share of ${Math.round(r * 100)}% by ${c.analytics.talkRatioBasis === 'time' ? 'time' : 'words'}`,
      tip: 'Let the other side talk more than you do.',
    };
  },
  acknowledgement: phraseSignal(
    'acknowledgement',
    'acknowledgement',
    'Acknowledge the concern before answering it.',
  ),
  reframe: phraseSignal(
    'reframe',
    'value reframe',
    'Answer objections with value: an example, a comparison, a figure.',
  ),
  empathy: phraseSignal(
    'empathy',
    'empathic phrase',
    'Name what the other person feels ("it sounds like…") before solving.',
  ),
  negotiation: phraseSignal(
    'negotiation',
    'negotiation move',
    'Make a clear ask and offer a trade: "if you can…, I can…".',
  ),
  ownership: phraseSignal(
    'ownership',
    'ownership statement',
    'Say what you personally led and decided ("I led…").',
  ),
  metricWords: phraseSignal('metricWords', 'metric term', 'Name the metric you moved and by how much.'),
  customerWords: phraseSignal(
    'customerWords',
    'customer reference',
    "Tie your answer to the customer's need.",
  ),
  nextSteps: phraseSignal('nextSteps', 'next-step proposal', 'Close with a concrete next step and a date.'),
} satisfies Record<string, Signal>;

export type SignalName = keyof typeof SIGNALS;

const STOPWORDS = new Set(
  'about above after again against their there these those which while would could should being other with from into your have this that what when where will shall them they then than very more most some such only ability candidate clearly shows demonstrates well also able uses using'.split(
    ' ',
  ),
);

/** Share of the description's content words the candidate used: a weak, general relevance signal. */
export function relevanceSignal(description: string): Signal {
  const terms = [
    ...new Set(words(description.toLowerCase()).filter((w) => w.length > 4 && !STOPWORDS.has(w))),
  ];
  return (c) => {
    if (terms.length === 0) return null;
    const said = new Set(words(c.candidate.toLowerCase()));
    const hits = terms.filter((t) => said.has(t) || said.has(t.replace(/s$/, '')));
    return {
      score: ramp(hits.length / terms.length, [
        [0, 2],
        [0.5, 8],
        [1, 10],
      ]),
      fact: `${hits.length} of ${terms.length} key terms of the criterion mentioned`,
      tip: 'Address what this criterion asks for directly.',
    };
  };
}

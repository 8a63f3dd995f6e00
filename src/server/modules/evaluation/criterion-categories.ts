// Which measured signals fit a rubric criterion. A criterion is matched by its name first, then by
// its description; up to two categories are combined; an unknown criterion gets the general mix
// plus how much of its description the candidate addressed.
import { type EvaluationContext, relevanceSignal, SIGNALS, type Signal, type SignalName } from './signals.js';

export type QuoteSource =
  | { kind: 'phrases'; phrases: PhraseKindList }
  | { kind: 'evidence' }
  | { kind: 'questions' }
  | { kind: 'fillers' }
  | { kind: 'longest' };
type PhraseKindList = readonly (keyof EvaluationContext['phraseCounts'])[];

export type Category = {
  id: string;
  /** noun phrase used in feedback ("problem solving") */
  label: string;
  keywords: RegExp;
  signals: [Signal, number][];
  /** present when the criterion needs specific evidence; false means "no evidence in the transcript" */
  hasEvidence?: (c: EvaluationContext) => boolean;
  lookedFor?: string;
  quote: QuoteSource;
};

const s = (name: SignalName, weight = 1): [Signal, number] => [SIGNALS[name], weight];

export const CATEGORIES: Category[] = [
  {
    id: 'objection-handling',
    label: 'objection handling',
    keywords: /objection|push ?back|concern|rebut|resist/,
    signals: [s('acknowledgement'), s('reframe'), s('evidence')],
    hasEvidence: (c) => c.phraseCounts.acknowledgement + c.phraseCounts.reframe > 0,
    lookedFor:
      'acknowledgements of a concern ("I understand", "fair point") or value reframes ("the value", "for example")',
    quote: { kind: 'phrases', phrases: ['acknowledgement', 'reframe'] },
  },
  {
    id: 'negotiation',
    label: 'negotiation',
    keywords: /negotiat|persua|influenc|salary|compensat|deal|advoca|promotion/,
    signals: [s('negotiation', 2), s('evidence'), s('hedging')],
    hasEvidence: (c) => c.phraseCounts.negotiation > 0,
    lookedFor: 'a clear ask, a proposal or a trade ("in exchange", "would you be open", "I\'m asking for")',
    quote: { kind: 'phrases', phrases: ['negotiation'] },
  },
  {
    id: 'discovery',
    label: 'discovery',
    keywords: /discover|question|qualif|needs|listen|curios|prob(e|ing)/,
    signals: [s('candidateQuestions', 2), s('listening')],
    hasEvidence: (c) => (c.analytics.candidateQuestions ?? 0) > 0,
    lookedFor: 'questions asked by the candidate',
    quote: { kind: 'questions' },
  },
  {
    id: 'empathy',
    label: 'empathy',
    keywords: /empath|rapport|emotion|relationship|compassion|tone|sensitiv|caring|support/,
    signals: [s('empathy', 2), s('candidateQuestions')],
    hasEvidence: (c) => c.phraseCounts.empathy > 0,
    lookedFor: 'empathic phrases ("I understand", "it sounds like", "thank you for")',
    quote: { kind: 'phrases', phrases: ['empathy'] },
  },
  {
    id: 'leadership',
    label: 'leadership',
    keywords: /lead|manag|ownership|mentor|coach|accountab|initiative|collaborat|stakeholder|team/,
    signals: [s('ownership', 2), s('star'), s('evidence')],
    hasEvidence: (c) => c.phraseCounts.ownership > 0,
    lookedFor: 'statements of personal ownership ("I led", "I decided", "my team")',
    quote: { kind: 'phrases', phrases: ['ownership'] },
  },
  {
    id: 'metrics',
    label: 'use of data and results',
    keywords: /metric|data|quantit|impact|result|kpi|measur|number/,
    signals: [s('evidence', 2), s('metricWords')],
    hasEvidence: (c) => c.analytics.evidenceCount + c.phraseCounts.metricWords > 0,
    lookedFor: 'figures, percentages or named metrics',
    quote: { kind: 'evidence' },
  },
  {
    id: 'customer-focus',
    label: 'customer focus',
    keywords: /customer|user|client|market/,
    signals: [s('customerWords', 2), s('evidence')],
    hasEvidence: (c) => c.phraseCounts.customerWords > 0,
    lookedFor: 'references to customers, users or their needs',
    quote: { kind: 'phrases', phrases: ['customerWords'] },
  },
  {
    id: 'structure',
    label: 'structure',
    keywords: /structur|organi[sz]ed|\bstar\b|story|coheren|logical/,
    signals: [s('star', 2), s('signposts'), s('answerLength')],
    hasEvidence: (c) =>
      c.phraseCounts.signposts > 0 || Object.values(c.analytics.starComponents ?? {}).some(Boolean),
    lookedFor: 'situation–task–action–result markers or signposts ("first", "then", "finally")',
    quote: { kind: 'phrases', phrases: ['signposts'] },
  },
  {
    id: 'problem-solving',
    label: 'problem solving',
    keywords:
      /problem|solv|analy|reason|critical|approach|judg|decision|strateg|product sense|technical|design|think/,
    signals: [s('reasoning', 2), s('evidence'), s('star')],
    hasEvidence: (c) => c.phraseCounts.reasoning > 0,
    lookedFor: 'reasoning steps ("because", "trade-off", "prioritize", "root cause")',
    quote: { kind: 'phrases', phrases: ['reasoning'] },
  },
  {
    id: 'closing',
    label: 'closing and next steps',
    keywords: /clos|next step|call to action|commitment|follow/,
    signals: [s('nextSteps', 2), s('candidateQuestions')],
    hasEvidence: (c) => c.phraseCounts.nextSteps > 0,
    lookedFor: 'a proposed next step ("next step", "follow up", "does that work")',
    quote: { kind: 'phrases', phrases: ['nextSteps'] },
  },
  {
    id: 'confidence',
    label: 'confidence',
    keywords: /confiden|assert|composure|poise|conviction/,
    signals: [s('hedging', 2), s('fillers'), s('answerLength')],
    quote: { kind: 'fillers' },
  },
  {
    id: 'communication',
    label: 'communication',
    keywords: /communicat|clarity|clear|concise|articulat|presence|deliver|fluen|speak|present/,
    signals: [s('fillers', 2), s('pace'), s('answerLength'), s('hedging')],
    quote: { kind: 'fillers' },
  },
];

function general(description: string): Category {
  return {
    id: 'general',
    label: 'this criterion',
    keywords: /$^/,
    signals: [
      s('coverage'),
      s('answerLength'),
      s('evidence'),
      s('fillers'),
      [relevanceSignal(description), 1],
    ],
    quote: { kind: 'longest' },
  };
}

/** The categories of a criterion: matched by name, else by description, else the general mix. */
export function categoriesFor(name: string, description: string): Category[] {
  const byName = CATEGORIES.filter((c) => c.keywords.test(name.toLowerCase()));
  const found =
    byName.length > 0 ? byName : CATEGORIES.filter((c) => c.keywords.test(description.toLowerCase()));
  return found.length > 0 ? found.slice(0, 2) : [general(`${name} ${description}`)];
}

// The built-in evaluator's tables (data/*.json): word and phrase lists, the behaviours a criterion
// may ask for, what kind of answer a line asks for, and the curves and tips of the scoring. Each
// file is checked against its schema once, when this module loads (parseDataFile names the file and
// the entry on a bad edit). Phrase lists are compiled later, on the first evaluation, because that
// needs the English model (nlp.ts).
import { z } from 'zod';
import {
  type DataFileSpec,
  dataComment,
  parseDataFile,
  regexSource,
  wordList,
} from '../../../shared/data-file.js';
import conceptsJson from './data/concepts.json' with { type: 'json' };
import lexiconJson from './data/lexicon.json' with { type: 'json' };
import questionKindsJson from './data/question-kinds.json' with { type: 'json' };
import scoringJson from './data/scoring.json' with { type: 'json' };

export const DIMENSIONS = [
  'relevance',
  'substance',
  'clarity',
  'structure',
  'questions',
  'commitments',
  'reasons',
  'specifics',
  'actions',
  'composure',
  'listening',
  'hygiene',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];
const dimension = z.enum(DIMENSIONS);

const lexiconSchema = z.strictObject({
  $comment: dataComment,
  stopwords: wordList,
  questionWords: wordList,
  genericContent: wordList,
  nonActionVerbs: wordList,
  /** stop words that are actions with an object after them ("I took the on-call") */
  lightActionVerbs: wordList,
  /** words that start a new clause: a verb after them has its own subject */
  clauseBreaks: wordList,
  subjects: wordList,
  reasons: wordList,
  contrasts: wordList,
  resultVerbs: wordList,
  commitMarkers: wordList,
  proposalOpeners: wordList,
  vagueCommitments: wordList,
  hedges: wordList,
  vague: wordList,
  concessions: wordList,
  deflection: wordList,
  dismissive: wordList,
  apologies: wordList,
  caving: wordList,
  signposts: wordList,
  tagQuestions: wordList,
  auxSkip: wordList,
  vagueTimes: wordList,
  questionStarts: wordList,
  whWords: wordList,
  spokenClauseStarts: wordList,
  spokenJoiners: wordList,
  spokenBinders: wordList,
  spokenQuestionVerbs: wordList,
  spokenQuestionSubjects: wordList,
  negations: wordList,
  selfClaimModifiers: wordList,
  selfStates: wordList,
  habitWords: wordList,
  greetings: wordList,
  thanks: wordList.min(1),
});

const conceptsSchema = z.strictObject({
  $comment: dataComment,
  concepts: z
    .array(
      z.strictObject({
        id: z.string().min(1),
        label: z.string().min(1),
        triggers: wordList.min(1),
        evidence: wordList,
        counter: wordList,
        signals: z.array(dimension),
        dims: z.partialRecord(dimension, z.number().positive()),
        lookedFor: z.string().min(1),
        tip: z.string().min(1),
      }),
    )
    .min(1)
    .refine((cs) => new Set(cs.map((c) => c.id)).size === cs.length, {
      message: 'concept ids must be unique',
    }),
});

const questionKindsSchema = z.strictObject({
  $comment: dataComment,
  kinds: z
    .array(
      z.strictObject({
        kind: z.enum(['example', 'why', 'quantity', 'plan', 'ask-back']),
        pattern: regexSource,
      }),
    )
    .min(1),
  yesNoStart: regexSource,
});

/** [figure, score] points, figures rising (see ramp in signals.ts). */
const curve = z
  .array(z.tuple([z.number(), z.number()]))
  .min(1)
  .refine((ps) => ps.every((p, i) => i === 0 || p[0] > ps[i - 1][0]), { message: 'figures must rise' });

const scored = <const K extends string>(...names: K[]) =>
  z.strictObject({
    tip: z.string().min(1),
    curves: z.strictObject(Object.fromEntries(names.map((n) => [n, curve])) as Record<K, typeof curve>),
  });

const scoringSchema = z.strictObject({
  $comment: dataComment,
  dimensions: z.strictObject({
    relevance: scored('score'),
    substance: scored('density', 'perAnswer'),
    clarity: scored('fillers', 'hedges', 'vague', 'rambling', 'sentenceLength', 'density').extend({
      tipWhenRambling: z.string().min(1),
    }),
    structure: scored('leading', 'rambling'),
    questions: scored('score'),
    commitments: scored('score'),
    reasons: scored('perAnswer'),
    specifics: scored('perAnswer'),
    actions: scored('perAnswer'),
    composure: scored('penalty'),
    hygiene: scored('fillers', 'hedgesAndVague', 'rambling', 'negatives', 'curt'),
    listening: scored('score'),
  }),
  negativesPenalty: curve,
  fluency: curve,
  fluencyMinWords: z.number().int().positive(),
  listsPenalty: curve,
  repeatsPenalty: curve,
  claimsPenalty: curve,
  claimsTip: z.string().min(1),
  offTopicPenalty: curve,
  offTopicTip: z.string().min(1),
  listsTip: z.string().min(1),
  repeatsTip: z.string().min(1),
  criterion: z.strictObject({ behaviour: curve, counter: curve }),
});

const DIR = 'src/server/modules/evaluation/data';
const FILES = {
  lexicon: { file: `${DIR}/lexicon.json`, schema: lexiconSchema },
  concepts: { file: `${DIR}/concepts.json`, schema: conceptsSchema },
  questionKinds: { file: `${DIR}/question-kinds.json`, schema: questionKindsSchema },
  scoring: { file: `${DIR}/scoring.json`, schema: scoringSchema },
};

/** Every data file of the evaluator with its schema (for the data files' own test). */
export const EVALUATOR_DATA_FILES: DataFileSpec[] = Object.values(FILES);

export const LEXICON = parseDataFile(FILES.lexicon, lexiconJson);
export const CONCEPTS = parseDataFile(FILES.concepts, conceptsJson).concepts;
export const QUESTION_KIND_DATA = parseDataFile(FILES.questionKinds, questionKindsJson);
export const SCORING = parseDataFile(FILES.scoring, scoringJson);

export type ConceptSpec = (typeof CONCEPTS)[number];

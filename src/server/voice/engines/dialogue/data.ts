// The dialogue data files, each checked against its schema once when the module loads (a bad entry
// stops start-up naming the file and the entry): every line names a known temperament and every
// temperament has a line of each kind, so the engine never falls silent or borrows another
// temperament's words.

import { z } from 'zod';
import { type DataFileSpec, parseDataFile, regexSource, wordList } from '../../../../shared/data-file.js';
import { TEMPERAMENTS, type Temperament } from '../../../../shared/domain/temperament.js';
import { TOPICS } from '../../../../shared/domain/topics.js';
import answersJson from './answers.json' with { type: 'json' };
import briefJson from './brief.json' with { type: 'json' };
import languageJson from './language.json' with { type: 'json' };
import linesJson from './lines.json' with { type: 'json' };
import modelPromptJson from './model-prompt.json' with { type: 'json' };
import negotiationJson from './negotiation.json' with { type: 'json' };
import temperamentsJson from './temperaments.json' with { type: 'json' };

const text = z.string().min(1);
const temperament = z.enum(TEMPERAMENTS);
export type Line = { temperament: Temperament; text: string };
/** A group of lines: each names a known temperament, and every temperament has one. */
const lines = z.array(z.strictObject({ temperament, text })).superRefine((list, ctx) => {
  for (const t of TEMPERAMENTS) {
    if (!list.some((l) => l.temperament === t)) ctx.addIssue({ code: 'custom', message: `has no ${t} line` });
  }
});
/** one entry per temperament, in the file's order */
const perTemperament = <T extends z.ZodType>(value: T) =>
  z.strictObject({ calm: value, friendly: value, sceptical: value, angry: value });

const linesSchema = z.strictObject({
  about: text,
  openings: lines,
  begin: lines,
  goAhead: lines,
  closingsHeard: lines,
  anythingElse: lines,
  farewells: lines,
  goodbyes: lines,
  permissions: lines,
  choices: lines,
  clarify: lines,
  lead: lines,
  acknowledgements: z.strictObject({
    result: lines,
    number: lines,
    thing: lines,
    word: lines,
    offTopic: lines,
    hostile: lines,
    plain: lines,
  }),
  followUps: z.strictObject({
    result: lines,
    self: lines,
    example: lines,
    cause: lines,
    noCause: lines,
    unanswered: lines,
    feeling: lines,
    part: lines,
    expand: lines,
    offTopic: lines,
    otherWork: lines,
    hostile: lines,
    repeat: lines,
  }),
  transitions: lines,
  answerLeads: lines,
  alreadySaid: lines,
  deflections: lines,
  unknowns: lines,
  unknownsLed: lines,
  ownView: lines,
  ownStory: lines,
  ownCause: lines,
  ownFeeling: lines,
  nextStepsFirst: lines,
  nextStepsAgreed: lines,
  offersHeard: lines,
  offersTakenBack: lines,
  noAnswerYet: lines,
  noAnswerMoveOn: lines,
  requestsAgreed: lines,
  heardAfterClose: lines,
  offersAccepted: lines,
  offersCountered: lines,
  offersAtLimit: lines,
  offersHeldFirm: lines,
  leversGranted: lines,
  roomAsked: lines,
  moveReasons: lines,
  moveReasonsAgain: lines,
  cutReasons: lines,
  cutReasonsAgain: lines,
  requestsNoted: lines,
  dealsHeld: lines,
  positionsStated: lines,
  offersStanding: lines,
  conditionHints: lines,
  leversOffered: lines,
  deals: lines,
  dealsConfirmed: lines,
  dealClosings: lines,
  notToHand: lines,
  pleasantries: lines,
  timeChecks: lines,
  unknownsAfterClose: lines,
  again: lines,
  breakingUp: lines,
  reassurance: lines,
  stillAsking: lines,
  closings: lines,
  afterClosing: lines,
  fallbackQuestions: lines,
  reopening: wordList.min(1),
  oneWordOnly: wordList,
  amountOnly: wordList,
  pastOnly: wordList,
});

const temperamentsSchema = z.strictObject({
  about: text,
  infer: z.strictObject({ angry: wordList, sceptical: wordList, friendly: wordList }),
  offRegister: perTemperament(wordList),
  model: perTemperament(text),
});

const answersSchema = z.strictObject({
  about: text,
  maxFollowUps: z.int().nonnegative(),
  hedges: wordList,
  selfClaims: wordList,
  results: wordList,
  actions: wordList,
  self: wordList,
  we: wordList,
  hostile: z.array(z.strictObject({ match: text, say: text })),
  ready: wordList,
  readinessChecks: wordList,
  invitations: wordList,
  raisedByUser: wordList,
  complements: wordList,
  nothingMore: wordList,
  experience: wordList,
  noAnswer: wordList.min(1),
  noAnswerFillers: wordList,
  questionParts: z.array(z.strictObject({ asks: wordList.min(1), says: wordList.min(1) })).min(1),
  thinkingAloud: wordList,
  askOpeners: wordList.min(1),
  closedAsks: wordList.min(1),
  yesNo: wordList.min(1),
  yesNoFillers: wordList,
  setbackAsks: wordList.min(1),
  requests: wordList.min(1),
  concerns: wordList.min(1),
  matterAsks: wordList.min(1),
  emotionAsks: wordList.min(1),
  emotions: wordList.min(1),
  feelingAsks: wordList.min(1),
  causeAsks: wordList.min(1),
  causeSays: wordList.min(1),
  commitments: wordList.min(1),
  figures: z.strictObject({
    asks: wordList.min(1),
    asksHow: wordList,
    reasons: wordList.min(1),
    subjects: wordList,
  }),
  others: z.strictObject({ asks: wordList.min(1), says: wordList.min(1) }),
  answeredBy: z.array(z.strictObject({ asks: wordList.min(1), says: wordList, detail: z.boolean() })),
  courtesies: z.strictObject({
    greetings: wordList,
    intensifiers: wordList,
    interjections: wordList,
    apologies: wordList.min(1),
    introductions: wordList.min(1),
    afterName: wordList.min(1),
    thanks: wordList.min(1),
    purposes: wordList.min(1),
    maxRestWords: z.int().nonnegative(),
  }),
  viewAsks: z.strictObject({
    interviewers: wordList.min(1),
    story: wordList.min(1),
    causes: wordList.min(1),
    feelings: wordList.min(1),
    needs: wordList.min(1),
  }),
  nextSteps: wordList.min(1),
  nextStepAsks: wordList.min(1),
  hypothetical: wordList.min(1),
  hypotheticalAsks: wordList.min(1),
  offers: wordList.min(1),
  farewells: z.strictObject({
    dated: z.strictObject({ leads: wordList.min(1), times: wordList.min(1) }),
    alone: wordList,
    around: wordList.min(1),
  }),
});

const wordMap = z.record(z.string().min(1), z.string());
const languageSchema = z.strictObject({
  about: text,
  stopwords: wordList,
  generic: wordList,
  irregular: wordMap,
  synonyms: z.array(wordList.min(2)),
  phraseSynonyms: z.array(wordList.min(2)),
  determiners: wordList,
  prepositions: wordList,
  verbs: wordList,
  filler: wordList,
  namedFillers: wordList,
  flips: wordMap,
  resultVerbs: wordMap,
  numbers: wordList,
  numberTails: wordList,
  questionFrames: z.array(z.strictObject({ pattern: regexSource, topic: text })),
  changeVerbs: wordList,
  measurePrepositions: wordList,
  rateUnits: wordList,
  calendar: wordList,
  spanUnits: wordList.min(1),
  spanAsks: wordList.min(1),
  wishes: wordList.min(1),
  tens: wordList.min(1),
  modifiers: wordList.min(1),
});

const modelPromptSchema = z.strictObject({
  about: text,
  temperament: text.includes('{temperament}'),
  rules: wordList.min(1),
  headings: z.strictObject({
    rules: text,
    asked: text,
    answered: text,
    remaining: text,
    current: text,
    followUps: text,
    none: text,
    noneLeft: text,
    noneLeftWaiting: text,
    waiting: text,
    notStarted: text,
    closed: text,
  }),
  closedWhen: wordList.min(1),
});

const briefSchema = z.strictObject({
  about: text,
  openers: wordList.min(1),
  leadIns: wordList,
  askLeads: wordList,
  proposalTimes: wordList,
  addressed: wordList.min(1),
  detailAsks: wordList.min(1),
  details: z.array(z.strictObject({ names: wordList.min(1), say: text })).min(1),
  speaker: wordList,
  subordinators: wordList,
  checkIns: wordList,
  amountAsks: wordList,
  indirectLeads: wordList,
  proposals: wordList,
  clarifications: wordList,
  instructionStarts: wordList,
  levers: wordList,
  conduct: wordList,
  userSubjects: wordList,
  userNames: wordList,
  unresolved: wordList,
  clauseLeans: wordList,
  secretMarkers: wordList,
  identityQuestions: wordList,
  workplaceQuestions: wordList,
  traits: wordList.min(1),
  traitVerbs: wordList.min(1),
  permissions: wordList,
  choices: wordList,
  retold: z.array(z.strictObject({ pattern: regexSource, with: z.string() })),
  concepts: z.record(z.string().min(1), wordList.min(1)),
});

const negotiationSchema = z.strictObject({
  about: text,
  ceilings: wordList.min(1),
  floors: wordList.min(1),
  from: wordList.min(1),
  to: wordList.min(1),
  conditions: wordList.min(1),
  evidenceSaid: text,
  evidenceConditions: wordList.min(1),
  evidence: wordList.min(1),
  contrasts: wordList.min(1),
  asks: wordList.min(1),
  agreements: wordList.min(1),
  refusals: wordList.min(1),
  pushbacks: wordList.min(1),
  reasonAsks: wordList.min(1),
  moveWords: wordList.min(1),
  roomAsks: wordList.min(1),
  positionAsks: wordList.min(1),
  negations: wordList.min(1),
  defaultRoom: z.number().min(0).max(1),
  durations: wordList.min(1),
  counted: wordList.min(1),
  numberWords: z.strictObject({
    digits: wordList.length(9),
    teens: wordList.length(10),
    tens: wordList.length(8),
    magnitudes: wordList.min(1),
  }),
  multipliers: z.record(z.string().min(1), z.number().positive()),
  units: wordList,
  currencies: wordList,
  leverCues: wordList.min(1),
  requests: wordList.min(1),
  termRequests: wordList.min(1),
  notRequests: wordList.min(1),
  notNames: wordList,
  possessors: wordList,
});

const DIR = 'src/server/voice/engines/dialogue';
const FILES = {
  lines: { file: `${DIR}/lines.json`, schema: linesSchema },
  temperaments: { file: `${DIR}/temperaments.json`, schema: temperamentsSchema },
  answers: { file: `${DIR}/answers.json`, schema: answersSchema },
  language: { file: `${DIR}/language.json`, schema: languageSchema },
  modelPrompt: { file: `${DIR}/model-prompt.json`, schema: modelPromptSchema },
  brief: { file: `${DIR}/brief.json`, schema: briefSchema },
  negotiation: { file: `${DIR}/negotiation.json`, schema: negotiationSchema },
};

/** Every data file of the dialogue engine with its schema (for the data files' own test). */
export const DIALOGUE_DATA_FILES: DataFileSpec[] = Object.values(FILES);

const {
  about: _about,
  reopening,
  pastOnly,
  oneWordOnly,
  amountOnly,
  ...lineGroups
} = parseDataFile(FILES.lines, linesJson);

export type AckKind = keyof typeof lineGroups.acknowledgements;
export type FollowUpKind = keyof typeof lineGroups.followUps;
export const FOLLOW_UP_KINDS = Object.keys(lineGroups.followUps) as FollowUpKind[];
export const ACK_KINDS = Object.keys(lineGroups.acknowledgements) as AckKind[];

export const LINES = lineGroups;

/** what a persona says only when a call opens */
export const REOPENING: readonly string[] = reopening;
/** words of a follow-up that presume something happened: asked only after a question about the user's past */
export const PAST_ONLY: readonly string[] = pastOnly;
/** words of a follow-up that fit only an answer of a word or two */
export const ONE_WORD_ONLY: readonly string[] = oneWordOnly;
/** words of a number's acknowledgement that fit only an amount, not a count */
export const AMOUNT_ONLY: readonly string[] = amountOnly;

/** every line of the data, with where it comes from (for the data's own tests) */
export function allLines(): (Line & { group: string })[] {
  const out: (Line & { group: string })[] = [];
  for (const [group, value] of Object.entries(LINES)) {
    if (Array.isArray(value)) out.push(...value.map((l) => ({ ...l, group })));
    else
      for (const [k, list] of Object.entries(value))
        out.push(...list.map((l) => ({ ...l, group: `${group}.${k}` })));
  }
  return out;
}

const { about: _temperamentsAbout, ...temperaments } = parseDataFile(FILES.temperaments, temperamentsJson);
export const TEMPERAMENT_DATA = temperaments;

export type HostileMarker = { match: string; say: string };
/** what the engine listens for in an answer, with the subjects off and on topic (shared/domain/topics.json) */
export const ANSWER_DATA = {
  ...parseDataFile(FILES.answers, answersJson),
  offTopic: TOPICS.offTopic,
  work: TOPICS.work,
};
export const LANGUAGE = parseDataFile(FILES.language, languageJson);
export const MODEL_PROMPT = parseDataFile(FILES.modelPrompt, modelPromptJson);
/** how the persona answers a question the user asks it, from its brief (brief.ts) */
export const BRIEF = parseDataFile(FILES.brief, briefJson);
/** how the persona bargains over the figures of its brief (negotiation.ts) */
export const NEGOTIATION = parseDataFile(FILES.negotiation, negotiationJson);

// The built-in generator's word tables and line templates (tables/*.json), each checked against its
// schema once at load so a broken edit to a data file fails at start-up and in the unit tests —
// naming the file and the entry — not in a user's request.
import { z } from 'zod';
import { type DataFileSpec, parseDataFile } from '../../../shared/data-file.js';
import { TEMPERAMENTS } from '../../../shared/domain/temperament.js';
import { escapeRegex } from '../../../shared/escape-regex.js';
import kindsJson from './tables/conversation-kinds.json' with { type: 'json' };
import languageJson from './tables/language.json' with { type: 'json' };
import personaJson from './tables/persona.json' with { type: 'json' };
import situationJson from './tables/situation.json' with { type: 'json' };

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

const words = z.array(z.string().min(1));
const temperament = z.enum(TEMPERAMENTS);
const template = z.string().includes('{');

const kindSchema = z.object({
  keywords: words,
  framing: z.string().min(1),
  framingWhen: z.array(z.object({ pattern: z.string().min(1), framing: z.string().min(1) })).optional(),
  role: z.string().min(1).nullable(),
  temperament,
  rubricName: z.string().min(1),
  criteria: z
    .array(z.object({ name: z.string().min(1), description: z.string().min(20) }))
    .min(3)
    .max(5),
  goals: words.min(1),
  askTemperaments: z.array(temperament),
  // {thing}: the topic without the user's own move ("the base salary", not "…up by ten percent")
  ask: z.array(template.regex(/\{(?:topic|thing)\}/, 'must include "{topic}" or "{thing}"')).min(1),
  askSkill: z.array(template.includes('{topic}')).min(1).optional(),
  openers: words.min(1),
  // the first question of a short list in the other temperaments, in place of the situation's opener
  opener: z.partialRecord(temperament, z.string().min(1)).optional(),
  welcome: z.partialRecord(temperament, template).optional(),
  welcomeWithTopic: z.partialRecord(temperament, template.includes('{topic}')).optional(),
  alsoAsk: words.optional(),
  notTopics: words.optional(),
});

const temperamentLines = z.object({
  prompt: z.string().min(1),
  welcome: z.object({ withTopic: template.includes('{topic}'), plain: template }),
  opener: z.string().min(1),
  event: z.array(template).min(1),
  subject: z.array(template).min(1),
  durationWithObject: z.array(template).min(1),
  duration: z.array(template).min(1),
  nextWithHead: z.array(template).min(1),
  next: words.min(1),
  position: z.array(template).min(1),
  ask: z.array(template.includes('{topic}')).min(1),
});

const kindsSchema = z.object({ kinds: z.record(z.enum(CONVERSATION_KINDS), kindSchema) });
const languageSchema = z.object({
  secondPerson: z.record(z.string(), z.string()),
  personaFirstPerson: z.record(z.string(), z.string()),
  topicCues: words,
  topicStopWords: words,
  topicStopAfterComma: words,
  notATopic: words,
  topicPrepositions: words,
  determiners: words,
  situation: z.object({
    pronouns: z.object({ female: z.record(z.string(), z.string()), male: z.record(z.string(), z.string()) }),
    objectBefore: words,
    agreement: z.record(z.string(), z.string()),
    userWords: words,
    userPossessives: z.record(z.string(), z.string()),
    fragmentStarts: words,
    finiteVerbs: words,
    clauseVerbs: words,
    adverbs: words,
    instructionStarts: words,
    afterHas: words,
    subjects: words,
    clauseOpeners: words,
    joins: words,
    determiners: words,
    people: words,
    callWords: words,
    framings: z.object({ nouns: words, joins: words }),
    labels: z.object({ name: words, role: words, organisation: words, trait: words }),
  }),
});
const personaSchema = z.object({
  roleHeads: words,
  roleAcronyms: words,
  functionAcronyms: words,
  seniority: words,
  roleOf: words,
  roleModifierStops: words,
  roleAreaStops: words,
  functionAreas: words,
  followsRole: words,
  notBeforeRole: words,
  honorifics: words,
  honorificRoles: z.record(z.string(), z.string()),
  relatives: z.record(z.string(), z.string()),
  organisationNouns: words,
  organisationCues: words,
  notAName: words,
  othersPossessives: words,
  pronouns: z.object({ female: words, male: words }),
  names: z.object({
    female: words.min(1),
    male: words.min(1),
    neutral: words.min(1),
    surnames: words.min(1),
  }),
  temperamentMarkers: z.record(temperament, words),
  negations: words,
});
const situationSchema = z.object({
  eventCues: words,
  states: words,
  pastVerbs: words,
  notVerbs: words,
  subjectStarts: words,
  incidentNouns: words,
  pronounSubjects: words,
  durationUnits: words,
  numberWords: words,
  particles: words,
  objectEnds: words,
  positionWords: words,
  temperaments: z.record(temperament, temperamentLines),
  voiceRules: words.min(1),
});

const DIR = 'src/server/modules/custom-calls/tables';
const FILES = {
  kinds: { file: `${DIR}/conversation-kinds.json`, schema: kindsSchema },
  language: { file: `${DIR}/language.json`, schema: languageSchema },
  persona: { file: `${DIR}/persona.json`, schema: personaSchema },
  situation: { file: `${DIR}/situation.json`, schema: situationSchema },
};

/** Every data file of the generator with its schema (for the data files' own test). */
export const GENERATOR_DATA_FILES: DataFileSpec[] = Object.values(FILES);

export const DATA = {
  kinds: parseDataFile(FILES.kinds, kindsJson).kinds,
  language: parseDataFile(FILES.language, languageJson),
  persona: parseDataFile(FILES.persona, personaJson),
  situation: parseDataFile(FILES.situation, situationJson),
};

export type KindProfile = z.infer<typeof kindSchema>;
export type TemperamentLines = z.infer<typeof temperamentLines>;

/** Escapes a word for use inside a regular expression. */

/** `\b(?:a|b|c)\b` over words (longest first, so "not convinced" wins over "not"), escaped. */
export function wordsPattern(list: readonly string[], literal = true): string {
  const sorted = [...list].sort((a, b) => b.length - a.length);
  return `(?:${sorted.map((w) => (literal ? escapeRegex(w) : w)).join('|')})`;
}

export const KIND_KEYWORDS: Record<ConversationKind, RegExp[]> = Object.fromEntries(
  CONVERSATION_KINDS.map((k) => [k, DATA.kinds[k].keywords.map((source) => new RegExp(source, 'gi'))]),
) as Record<ConversationKind, RegExp[]>;

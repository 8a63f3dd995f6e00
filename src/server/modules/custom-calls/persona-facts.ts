// Who the persona is, read from the description: name (and title), role, organisation and
// temperament. What the description does not say falls back to an invented but plausible name,
// the conversation kind's usual role and temperament, and the specification's defaults (role
// 'Custom Interviewer', company 'User Created'). Word tables: tables/persona.json.
import { softenedAt } from '../../../shared/domain/softened.js';
import type { Temperament } from '../../../shared/domain/temperament.js';
import { TEMPERAMENTS } from '../../../shared/domain/temperament.js';
import { escapeRegex } from '../../../shared/escape-regex.js';
import { stableHash } from '../../../shared/stable-hash.js';
import { CUSTOM_DEFAULTS } from '../scenarios/scenario-fields.js';
import { type ConversationKind, DATA, wordsPattern } from './generator-data.js';
import { clean, titleCase } from './text.js';

export type PersonaInput = { userContext: string; personaDetails: string; scenarioDetails: string };
export type Gender = 'female' | 'male' | 'neutral';

export type PersonaFacts = {
  /** the persona's name, found in the description or invented */
  name: string;
  /** a title written before the name ("Councillor"), when there is one */
  title: string | null;
  nameFound: boolean;
  /** how the persona names itself on the phone: first name, or title and surname */
  address: string;
  role: string;
  company: string;
  temperament: Temperament;
  gender: Gender;
};

const P = DATA.persona;
const lower = (list: readonly string[]) => new Set(list.map((w) => w.toLowerCase()));
const NOT_A_NAME = lower(P.notAName);
const HONORIFICS = lower(P.honorifics);
const ORG_NOUNS = lower(P.organisationNouns);
const ROLE_HEADS = lower(P.roleHeads);
const ROLE_OF = lower(P.roleOf);
const ACRONYMS = new Set(P.roleAcronyms);
const MODIFIER_STOPS = lower([...P.roleModifierStops, ...Object.values(P.temperamentMarkers).flat()]);

/** A capitalised word (a name, a proper noun): at least one lower-case letter, so "CTO" is not one. */
const CAP_WORD = "\\p{Lu}[\\p{L}\\p{M}'’-]*";
const NAME = `${CAP_WORD}(?:\\s+${CAP_WORD}){0,2}`;

const isNameWord = (w: string) =>
  /\p{Ll}/u.test(w) &&
  !NOT_A_NAME.has(w.toLowerCase()) &&
  !HONORIFICS.has(w.toLowerCase()) &&
  !ROLE_HEADS.has(w.toLowerCase()) &&
  !ORG_NOUNS.has(w.toLowerCase());

/** The candidate's leading name words, or null when it is no name (or names an organisation). */
function asName(candidate: string): string | null {
  const words = candidate.split(/\s+/).map((w) => w.replace(/['’]s$/, ''));
  if (words.some((w) => ORG_NOUNS.has(w.toLowerCase()))) return null;
  const kept: string[] = [];
  for (const w of words) {
    if (!isNameWord(w)) break;
    kept.push(w);
  }
  return kept.length > 0 ? kept.join(' ') : null;
}

const HONORIFIC = wordsPattern(P.honorifics);
const HEADS_AND_ACRONYMS = wordsPattern([...P.roleHeads, ...P.roleAcronyms]);
const NAME_PATTERNS: { re: RegExp; titled?: boolean }[] = [
  { re: new RegExp(`\\b(?:named|called|name is|Name:)\\s+(${NAME})`, 'u') },
  { re: new RegExp(`(?:^|[^\\p{L}])(${HONORIFIC})\\s+(${NAME})`, 'u'), titled: true },
  {
    re: new RegExp(
      `^(${NAME})(?=,|\\s+[—–-]\\s|\\s+(?:is|was|works|runs|chairs|leads|heads|manages|owns|has|will|wants|from|at|of)\\b)`,
      'u',
    ),
  },
  { re: new RegExp(`\\b${HEADS_AND_ACRONYMS}\\s*,?\\s+(${NAME})`, 'u') },
  { re: new RegExp(`(?:^|[\\s(])(${NAME}),\\s+(?:the|a|an|our|my|their|your|who)\\b`, 'u') },
];

/** A name the text gives ("named Dana", "Councillor Brynja Hammershaimb", "Dana is …"), else null. */
export function findPersonaName(text: string): { name: string; title: string | null } | null {
  // "- Grace, CEO of a startup": a list's items without their bullets, each line a sentence
  const t = clean(
    text
      .split('\n')
      .map((line) => line.replace(/^\s*(?:[-*•–]|\d+[.)])\s+/, '').trim())
      .filter(Boolean)
      .map((line) => (/[.!?:,;]$/.test(line) ? line : `${line}.`))
      .join(' '),
  );
  for (const { re, titled } of NAME_PATTERNS) {
    const m = re.exec(t);
    if (!m) continue;
    // "Mrs Patel's son": someone else's name
    if (/['’]s$/.test(titled ? m[2] : m[1])) continue;
    const name = asName(titled ? m[2] : m[1]);
    if (name) return { name, title: titled ? m[1] : null };
  }
  return null;
}

/** The persona's name when the text gives one, else null. */
export const personaName = (text: string) => findPersonaName(text)?.name ?? null;

/**
 * The gendered words that speak of the persona: not a relative of someone it speaks of ("his
 * mother", "her son") nor the title of a name that owns something ("Mrs Patel's son").
 */
function countWords(text: string, words: readonly string[]): number {
  const re = new RegExp(`\\b${wordsPattern(words)}\\b`, 'gi');
  let n = 0;
  for (const m of text.matchAll(re)) {
    const before = text.slice(0, m.index).toLowerCase();
    const after = text.slice((m.index ?? 0) + m[0].length);
    const relative = OTHERS_POSSESSIVE.test(before);
    const ownersTitle = HONORIFICS.has(m[0].toLowerCase()) && /^\s+\p{Lu}[\p{L}-]*['’]s\b/u.test(after);
    if (!relative && !ownersTitle) n++;
  }
  return n;
}

/** Read from the pronouns the description uses for the persona, else from the chosen voice. */
export function personaGender(input: PersonaInput, voiceId?: string): Gender {
  const text = `${input.personaDetails}\n${input.scenarioDetails}`;
  const female = countWords(text, P.pronouns.female);
  const male = countWords(text, P.pronouns.male);
  if (female > male) return 'female';
  if (male > female) return 'male';
  if (voiceId === 'sarah') return 'female';
  if (voiceId === 'michael') return 'male';
  return 'neutral';
}

/** A plausible name for a persona the description does not name, the same for the same texts. */
export function inventName(input: PersonaInput, gender: Gender): string {
  const h = stableHash(`${input.personaDetails}\n${input.scenarioDetails}\n${input.userContext}`);
  const firsts = P.names[gender];
  const surnames = P.names.surnames;
  return `${firsts[h % firsts.length]} ${surnames[(h >>> 11) % surnames.length]}`;
}

const NEGATED = new RegExp(`\\b${wordsPattern(P.negations)}\\s+(?:[\\p{L}-]+\\s+)?$`, 'iu');

/** how often `markers` are said in `text`, not negated; `softened` counts only those said softened ("a bit impatient") */
function markerCount(text: string, markers: readonly string[], softened?: boolean): number {
  let n = 0;
  for (const marker of markers) {
    const re = new RegExp(`\\b${escapeRegex(marker)}\\b`, 'gi');
    for (const m of text.matchAll(re)) {
      const at = m.index ?? 0;
      if (NEGATED.test(text.slice(Math.max(0, at - 24), at))) continue;
      if (softened === undefined || softenedAt(text, at) === softened) n++;
    }
  }
  return n;
}

/**
 * The temperament the description states (persona details count double: they describe the
 * persona; the scenario once; the user's own context not at all), or null when it states none.
 * Ties go to the stronger register: angry, sceptical, friendly, calm.
 */
export function statedPersonaTemperament(input: PersonaInput): Temperament | null {
  const order: Temperament[] = ['angry', 'sceptical', 'friendly', 'calm'];
  let best: Temperament | null = null;
  let bestScore = 0;
  for (const t of order) {
    // an angry word said softened ("a bit impatient") counts for a sceptical persona instead
    const count = (text: string) =>
      t === 'angry'
        ? markerCount(text, P.temperamentMarkers.angry, false)
        : markerCount(text, P.temperamentMarkers[t]) +
          (t === 'sceptical' ? markerCount(text, P.temperamentMarkers.angry, true) : 0);
    const score = 2 * count(input.personaDetails) + count(input.scenarioDetails);
    if (score > bestScore) {
      best = t;
      bestScore = score;
    }
  }
  return best;
}

const ROLE_OF_RE = new RegExp(
  `\\b(${wordsPattern(P.roleOf)})\\s+of\\s+((?:the\\s+)?[^\\s,.;:!?]+(?:\\s+[^\\s,.;:!?]+){0,4})`,
  'giu',
);
const AREA_STOPS = lower(P.roleAreaStops);
const FUNCTION_AREAS = lower(P.functionAreas);
const FUNCTION_ACRONYMS = new Set(P.functionAcronyms);
const SENIORITY = new Set(P.seniority);
const OTHERS_POSSESSIVE = new RegExp(`\\b${wordsPattern(P.othersPossessives)}\\s+$`);
const ACRONYM_RE = new RegExp(`(?<![\\p{L}])(${wordsPattern(P.roleAcronyms)})(?![\\p{L}])`, 'u');
const FOLLOWS_ROLE = new Set([...AREA_STOPS, ...lower(P.followsRole)]);
const NOT_BEFORE_ROLE = lower(P.notBeforeRole);
const bare = (token: string) => token.toLowerCase().replace(/[^\p{L}-]/gu, '');
const endsClause = (token: string) => /[,.;:!?)]$/.test(token);

type RoleFound = { role: string; company: string | null };

/** "head of customer support", "chair of the Faroese fisheries committee" (a role and its body). */
function roleOf(text: string): RoleFound | null {
  for (const m of text.matchAll(ROLE_OF_RE)) {
    const area: string[] = [];
    for (const token of m[2].split(/\s+/)) {
      if (AREA_STOPS.has(bare(token))) break;
      area.push(token);
    }
    if (area.length === 0 || /^(?:a|an)$/i.test(area[0])) continue;
    const last = bare(area[area.length - 1]);
    const proper = area.some((w) => /^\p{Lu}/u.test(w));
    const head = titleCase(m[1]);
    // "Head of Customer Support" names a function, capitalised as titles are, not an organisation
    const organisation = ORG_NOUNS.has(last) || (proper && area.length > 1 && !FUNCTION_AREAS.has(last));
    if (area[0].toLowerCase() === 'the' || organisation) {
      const body = area.filter((w, i) => !(i === 0 && w.toLowerCase() === 'the'));
      if (body.length > 0 && (ORG_NOUNS.has(last) || proper))
        return { role: head, company: titleCase(body.join(' ')) };
    }
    return { role: titleCase(`${m[1]} of ${area.join(' ')}`), company: null };
  }
  return null;
}

/** A job title ending in a role word: "nurse manager", "procurement lead", "Councillor". */
function roleByHead(text: string): string | null {
  const tokens = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < tokens.length; i++) {
    const word = bare(tokens[i]);
    const pair = i + 1 < tokens.length ? `${word} ${bare(tokens[i + 1])}` : '';
    const headLength = ROLE_HEADS.has(pair) ? 2 : ROLE_HEADS.has(word) ? 1 : 0;
    if (headLength === 0) continue;
    const lastHead = tokens[i + headLength - 1];
    const next = tokens[i + headLength];
    const followsWell =
      endsClause(lastHead) || next === undefined || /^\p{Lu}/u.test(next) || FOLLOWS_ROLE.has(bare(next));
    if (!followsWell) continue;
    const words = tokens.slice(i, i + headLength).map(bare);
    let j = i - 1;
    while (j >= 0 && i - j <= 2) {
      const t = tokens[j];
      const b = bare(t);
      // "IT director", "HR manager": an acronym belongs to the title, another capital does not
      // "a Senior Engineer": a capitalised seniority belongs to the title too
      const acronym = FUNCTION_ACRONYMS.has(t.replace(/[^\p{L}&]/gu, '')) || SENIORITY.has(t);
      // "Hiring manager at…", "Design lead at…": a sentence's first capital is no name
      const sentenceStart = j === 0 || /[.!?]$/.test(tokens[j - 1]);
      if (
        endsClause(t) ||
        (/^\p{Lu}/u.test(t) && !acronym && !sentenceStart) ||
        MODIFIER_STOPS.has(b) ||
        /ly$/.test(b) ||
        b === ''
      )
        break;
      words.unshift(acronym ? t : b);
      j--;
    }
    if (j >= 0 && NOT_BEFORE_ROLE.has(bare(tokens[j]))) continue;
    return titleCase(words.join(' '));
  }
  return null;
}

function findRole(text: string): RoleFound | null {
  const t = clean(text);
  const of = roleOf(t);
  if (of) return of;
  const acronym = ACRONYM_RE.exec(t);
  const head = roleByHead(t);
  // "HR manager" is the title, of which "HR" is a part
  if (acronym && !head?.split(' ').includes(acronym[1])) return { role: acronym[1], company: null };
  return head ? { role: head, company: null } : null;
}

const ORG_CUE = wordsPattern(P.organisationCues);
const CAP_ORG_RE = new RegExp(
  `(\\p{L}{1,40}\\s+)?\\b${ORG_CUE}\\s+(?:the\\s+)?((?:\\p{Lu}|\\d)[\\p{L}\\d&'’.-]*(?:\\s+(?:(?:\\p{Lu}|\\d|&)[\\p{L}\\d&'’.-]*|of|and|de|du|la|von|van|der))*)`,
  'gu',
);
const LONG_ORG_NOUNS = P.organisationNouns.filter((n) => n.length >= 4 && /^[a-z]+$/.test(n));
const PHRASE_ORG_RE = new RegExp(
  `\\b${ORG_CUE}\\s+the\\s+((?:[\\p{L}'’-]+\\s+){1,3}${wordsPattern(LONG_ORG_NOUNS)})\\b`,
  'giu',
);

const MAX_ORG_WORDS = 6;

/** A named organisation: "at Northwind Health", "chairs the Faroese fisheries committee". */
export function findCompany(text: string, personName: string | null = null): string | null {
  const t = clean(text);
  const nameWords = new Set((personName ?? '').toLowerCase().split(/\s+/));
  for (const m of t.matchAll(PHRASE_ORG_RE)) {
    if (/\p{Lu}/u.test(m[1])) return titleCase(m[1]);
  }
  for (const m of t.matchAll(CAP_ORG_RE)) {
    if (m[1] && /\bof\s+(?:the\s+)?$/i.test(m[0].slice(0, m[0].length - m[2].length))) {
      // "head of…" is a role's, "father of Liam" a relative's
      const before = m[1].trim().toLowerCase();
      if (ROLE_OF.has(before) || RELATIVES.has(before)) continue;
    }
    const all = m[2]
      .replace(/[.,'’]+$/, '')
      .split(/\s+/)
      .filter(Boolean);
    const cut = all.findIndex((w, i) => i > 0 && NOT_A_NAME.has(w.toLowerCase()));
    const words = (cut === -1 ? all : all.slice(0, cut)).slice(0, MAX_ORG_WORDS);
    while (words.length > 0 && /^(?:of|and|de|du|la|von|van|der)$/.test(words[words.length - 1])) words.pop();
    // "dropped from B to D": a grade or a letter alone names no organisation
    if (words.length === 0 || !/^(?:\p{Lu}|\d+[\p{L}-])/u.test(words[0]) || words.join('').length < 2)
      continue;
    const first = words[0].toLowerCase();
    if (NOT_A_NAME.has(first) || HONORIFICS.has(first) || ACRONYMS.has(words[0])) continue;
    if (words.every((w) => nameWords.has(w.toLowerCase()))) continue;
    return words.join(' ');
  }
  return null;
}

const RELATIVES = new Map(Object.entries(P.relatives));
const RELATIVE_RE = new RegExp(
  `\\b(${[...RELATIVES.keys()].join('|')})\\s+of\\b|['’]s\\s+(${[...RELATIVES.keys()].join('|')})\\b`,
  'i',
);

/** "father of Liam in Year 9", "Mrs Patel's son": somebody's relative, with the role of one (persona.json relatives) */
function relativeRole(text: string): RoleFound | null {
  const m = RELATIVE_RE.exec(text);
  const word = (m?.[1] ?? m?.[2])?.toLowerCase();
  const role = word ? RELATIVES.get(word) : undefined;
  return role ? { role, company: null } : null;
}

/** The persona is the user's own colleague ("our CTO", "my manager"): their organisation is the user's. */
const COLLEAGUE_RE = /\b(?:our|my)\b/i;

export function personaFacts(input: PersonaInput, kind: ConversationKind, voiceId?: string): PersonaFacts {
  const found = findPersonaName(input.personaDetails) ?? findPersonaName(input.scenarioDetails);
  const gender = personaGender(input, voiceId);
  const name = found?.name ?? inventName(input, gender);
  const title = found?.title ?? null;
  const surname = name.split(' ').at(-1) ?? name;
  const address = title ? `${title} ${surname}` : (name.split(' ')[0] ?? name);

  const role =
    findRole(input.personaDetails) ?? findRole(input.scenarioDetails) ?? relativeRole(input.personaDetails);
  const titleRole = title ? (P.honorificRoles[title] ?? null) : null;
  const company =
    role?.company ??
    findCompany(input.personaDetails, name) ??
    findCompany(input.scenarioDetails, name) ??
    (COLLEAGUE_RE.test(input.personaDetails) ? findCompany(input.userContext) : null);

  return {
    name,
    title,
    nameFound: found !== null,
    address,
    role: role?.role ?? titleRole ?? DATA.kinds[kind].role ?? CUSTOM_DEFAULTS.role,
    company: company ?? CUSTOM_DEFAULTS.company,
    temperament: statedPersonaTemperament(input) ?? DATA.kinds[kind].temperament,
    gender,
  };
}

export const isTemperament = (v: unknown): v is Temperament =>
  typeof v === 'string' && (TEMPERAMENTS as readonly string[]).includes(v);

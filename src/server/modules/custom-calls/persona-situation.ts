// The persona's situation, told to it in the second person, for the first paragraph of a custom
// scenario's system prompt: the description's sentences about the persona turned round ("She is
// worried about the implementation time" → "You are worried about the implementation time", "my
// team" → "the user's team"). The built-in persona answers the user's questions from that paragraph
// (its brief: src/server/voice/engines/dialogue/brief.ts reads what comes before the prompt's first
// heading), where the user's own words under the headings are not the persona's to say; a model
// reads it with the rest. A sentence whose subject is the writer ("I want to ask for a raise") is
// theirs and left out. Word tables: tables/language.json (situation).
import { escapeRegex } from '../../../shared/escape-regex.js';
import { DATA, wordsPattern } from './generator-data.js';
import type { PersonaFacts } from './persona-facts.js';
import { capitalise, clean, sentences } from './text.js';

const S = DATA.language.situation;
/** the most sentences the paragraph takes, and the longest one */
const MAX_SENTENCES = 8;
const MAX_WORDS = 40;
/** a sentence of the scenario shorter than this says nothing the persona could tell ("A discovery call.") */
const MIN_WORDS = 4;
/** the paragraph's length at most (less where the prompt has less room: see personaSituation) */
export const MAX_SITUATION_CHARS = 1_000;

const USER_WORDS = new Set(S.userWords);
const FRAGMENT_STARTS = new Set(S.fragmentStarts);
const FINITE = new Set(S.finiteVerbs);
const CLAUSE_VERBS = new Set(S.clauseVerbs);
const ADVERBS = new Set(S.adverbs);
const INSTRUCTION_STARTS = new Set(S.instructionStarts);
const DETERMINERS = new Set(S.determiners);
const OBJECT_BEFORE = new Set(S.objectBefore);
const AFTER_HAS = new Set(S.afterHas);
const SUBJECTS = new Set(S.subjects);
const CLAUSE_OPENERS = new Set(S.clauseOpeners);
const JOINS = new Set(S.joins);
const WORD = /[\p{L}\d][\p{L}\d'’-]*/gu;
const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;
const LABEL = /^([\p{L} ]{2,20}):\s+(\S.*)$/u;
const LABELS = new Map(
  Object.entries(S.labels).flatMap(([kind, names]) => names.map((n) => [n, kind] as const)),
);

type Part = { text: string; word: boolean; lower: string; subject?: boolean };

const wordsOf = (text: string) => text.match(WORD) ?? [];
const lowerWords = (text: string) => wordsOf(text).map((w) => w.toLowerCase().replace(/’/g, "'"));

function partsOf(text: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    const at = m.index ?? 0;
    if (at > last) parts.push({ text: text.slice(last, at), word: false, lower: '' });
    parts.push({ text: m[0], word: true, lower: m[0].toLowerCase().replace(/’/g, "'") });
    last = at + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), word: false, lower: '' });
  return parts;
}

/** the word after `i` (skipping spaces), or undefined at a clause's end */
function nextWord(parts: Part[], i: number): Part | undefined {
  for (let k = i + 1; k < parts.length; k++) {
    if (parts[k].word) return parts[k];
    if (/[.,;:!?()]/.test(parts[k].text)) return undefined;
  }
  return undefined;
}

/** a third-person verb as "you" says it: wants → want, worries → worry, pushes → push */
function baseForm(verb: string): string {
  if (/ies$/.test(verb) && verb.length > 4) return `${verb.slice(0, -3)}y`;
  if (/(ch|sh|x|ss|z)es$/.test(verb)) return verb.slice(0, -2);
  if (/[^su]s$/.test(verb) && verb.length > 3) return verb.slice(0, -1);
  return verb;
}

/** The names the description may call the persona by: its full name, first name and surname. */
function namesOf(facts: PersonaFacts): string[] {
  if (!facts.nameFound) return [];
  const parts = facts.name.split(/\s+/).filter((p) => p.length > 1);
  const names = [facts.title ? `${facts.title} ${facts.name}` : '', facts.name, facts.address, ...parts];
  return [...new Set(names.filter(Boolean))].sort((a, b) => b.length - a.length);
}

type Turned = { text: string; aboutPersona: boolean };

/**
 * The sentence with the persona's names (when `self`), its role ("the CFO") and pronouns turned to
 * "you"/"your", the writer's "my"/"our" to "the user's", and the verbs after "you" agreeing.
 */
function turn(sentence: string, facts: PersonaFacts, self: boolean): Turned {
  const SELF = 'SELFSUBJECT';
  const SELF_OF = 'SELFPOSSESSIVE';
  let text = sentence;
  const refer = (pattern: string) => {
    text = text.replace(new RegExp(`\\b${pattern}(['’]s)?\\b`, 'gi'), (_m, s?: string) =>
      s ? SELF_OF : SELF,
    );
  };
  // "a procurement manager named Will Baker": the name given stays a name
  const kept: string[] = [];
  if (self) {
    const names = namesOf(facts).map(escapeRegex);
    if (names.length) {
      const given = new RegExp(`\\b(named|called) (${names.join('|')})\\b`, 'gi');
      text = text.replace(given, (_m, how: string, name: string) => `${how} KEPTNAME${kept.push(name) - 1}`);
    }
    for (const name of names) refer(name);
    // "the CTO" is the persona, but "Dana is the CTO of a customer" says what it is
    if (facts.role)
      refer(`(?<!\\b(?:is|are|was|were|as|becomes?)\\s)(?:the|my|our) ${escapeRegex(facts.role)}`);
    // "The recruiter, named Elena, has…", "The recruiter, Elena, has…": one subject
    text = text.replace(new RegExp(`${SELF},\\s+(?:(?:named|called)\\s+KEPTNAME\\d+|${SELF}),`, 'g'), SELF);
  }
  const pronouns: Record<string, string> = facts.gender === 'neutral' ? {} : S.pronouns[facts.gender];
  const parts = partsOf(text);
  let aboutPersona = false;
  let subjectYou = false;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (!p.word) continue;
    const before = parts.slice(0, i).findLast((q) => q.word);
    const atClauseStart =
      !before || CLAUSE_OPENERS.has(before.lower) || /[,;:]\s*$/.test(parts[i - 1]?.text ?? '');
    if (p.text === SELF_OF) {
      p.text = 'your';
    } else if (p.text === SELF) {
      p.text = 'you';
      p.subject = atClauseStart;
    } else if (pronouns[p.lower] !== undefined) {
      const next = nextWord(parts, i);
      const object = p.lower === 'her' && (!next || OBJECT_BEFORE.has(next.lower));
      // "she's been asked" is "you've been asked"; "she's blunt", "you're blunt"
      const has = /'s$/.test(p.lower) && next !== undefined && AFTER_HAS.has(next.lower);
      p.text = object ? 'you' : has ? "you've" : pronouns[p.lower];
      p.subject = SUBJECTS.has(p.lower);
    } else {
      if (S.userPossessives[p.lower]) p.text = S.userPossessives[p.lower];
      continue;
    }
    aboutPersona = true;
    if (p.subject) subjectYou = true;
  }
  // agreement: "you is" → "you are", "you wants" → "you want"; "…and is worried" in a sentence about "you"
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (!p.word) continue;
    const before = parts.slice(0, i).findLast((q) => q.word && !ADVERBS.has(q.lower));
    const afterYou = before?.subject === true;
    const afterConjunction = subjectYou && before !== undefined && JOINS.has(before.lower);
    if (!afterYou && !afterConjunction) continue;
    if (S.agreement[p.lower]) p.text = S.agreement[p.lower];
    else if ((afterYou && /s$/.test(p.lower)) || CLAUSE_VERBS.has(p.lower)) p.text = baseForm(p.text);
  }
  const joined = parts.map((p) => p.text).join('');
  return { text: joined.replace(/KEPTNAME(\d+)/g, (m, i: string) => kept[Number(i)] ?? m), aboutPersona };
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * A sentence about the persona as the persona is told it ("You are…"), or null when it is the
 * writer's own (their "I" or "we") or says nothing of the persona or its situation. `describing`:
 * a sentence of the persona's description, where a sentence without a verb is the persona itself.
 */
export function toPersona(written: string, facts: PersonaFacts, describing: boolean): string | null {
  // "- she has 15 minutes": a list's item, without its bullet or number
  const item = written.replace(BULLET, '');
  // "Name: Grace", "Role: CEO of a startup", "Mood: impatient": a labelled line
  const labelled = LABEL.exec(item);
  const label = labelled ? LABELS.get(labelled[1].trim().toLowerCase()) : undefined;
  if (labelled && label) {
    const value = labelled[2].trim().replace(/[.!]+$/, '');
    if (label === 'name') return null;
    if (label === 'organisation') return finish(`You work at ${value}`);
    return finish(`You are ${label === 'trait' ? lowerFirst(value) : value}`);
  }
  // "Grace — CEO, sceptical": a dash after the name stands for a comma
  const named = namesOf(facts).find((n) => new RegExp(`^${escapeRegex(n)}\\s+[—–-]\\s`, 'i').test(item));
  const whole = named ? item.replace(/\s+[—–-]\s+/, ', ') : item;
  const mine = (text: string) => lowerWords(text).some((w) => USER_WORDS.has(w));
  // "He is worried about the integration effort and questions me about pricing": the writer's part
  // goes, the persona's stays (when it comes first, with its subject)
  const [first, ...others] = whole.split(/,?\s+(?:and|but)\s+(?=[\p{L}])/u);
  const sentence = mine(whole) && others.length && !mine(first) ? `${first}.` : whole;
  const words = lowerWords(sentence);
  if (mine(sentence) || INSTRUCTION_STARTS.has(words[0] ?? '')) return null;
  const noVerb = !words.some((w) => FINITE.has(w));
  // "A 15-minute discovery call.": the scenario naming the call, not the persona's situation
  if (!describing && noVerb && words.length <= MAX_CALL_WORDS && words.some((w) => CALL_WORDS.has(w)))
    return null;
  if (describing) {
    // "An angry customer, Brian, whose invoices were doubled…": the name between commas goes
    const between = namedAppositive(sentence, facts);
    if (between) return finish(turn(`You are ${between}`, facts, true).text);
    // "Liam, one of my agents, has been late to his shift": what the persona is, then what it did
    const split = appositiveThenClause(sentence, facts);
    if (split) {
      const told = split.map((part) => toPersona(part, facts, true)).filter((t): t is string => t !== null);
      return told.length ? told.join(' ') : null;
    }
    // "Priya Raman, CFO of a regional food distributor.", "Jordan, a senior engineer on my team
    // who…", "A furious CTO the morning after…", "My manager, Lee.": the persona described
    const named = namesOf(facts).find((n) => new RegExp(`^${escapeRegex(n)}\\s*,`, 'i').test(sentence));
    const appositive =
      named !== undefined && (noVerb || DETERMINERS.has(lowerWords(sentence.slice(named.length))[0]));
    if (appositive) return finish(`You are ${turn(sentence, facts, false).text}`);
    // "Head of IT at a hospital, …", but not "Councillor Brynja Hammershaimb chairs…" (a title and a name)
    // "The VP of Engineering, skeptical of my roadmap…" too
    const lowered = sentence.toLowerCase().replace(LEADING_DETERMINER, '');
    const byRole =
      facts.role !== '' &&
      new RegExp(`^${escapeRegex(facts.role.toLowerCase())}[\\s,]`).test(lowered) &&
      !namesOf(facts).some((n) => lowered.startsWith(n.toLowerCase()));
    if (noVerb && (FRAGMENT_STARTS.has(words[0] ?? '') || byRole)) {
      // "Head of IT at a hospital, very risk-averse, reports to the board.": what it is, then what it does
      const parts = commaParts(turn(sentence, facts, false).text);
      const at = parts.findIndex((c, k) => k > 0 && opensWithVerb(c));
      const what = at < 0 ? parts : parts.slice(0, at);
      const does = at < 0 ? [] : parts.slice(at).filter(opensWithVerb);
      const told = [`You are ${lowerFirst(what.join(', '))}.`, ...doing(does)];
      return finish(told.join(' '));
    }
  }
  // "An angry customer escalation after an outage took their checkout down for three hours.": the
  // call named, then what brought it about, which is the persona's side ("their" is the persona's)
  const framed = describing ? null : FRAMING.exec(sentence);
  if (framed && lowerWords(framed[1]).some((w) => FINITE.has(w) || CLAUSE_VERBS.has(w) || /.ed$/.test(w)))
    return toPersona(
      capitalise(framed[1].replace(THEIR, (w) => PERSONA_SIDE[w.toLowerCase()])),
      facts,
      false,
    );
  const turned = turn(sentence, facts, true);
  if (describing && opensWithPerson(sentence) && !/^\s*(you|your)\b/i.test(turned.text)) {
    // "Mrs Patel's son, worried and frustrated because his mother's discharge was delayed twice.":
    // told with the persona as its subject, so "his mother" is "your mother"
    const subject = facts.gender === 'neutral' ? null : facts.gender === 'female' ? 'She is' : 'He is';
    const opening = DETERMINERS.has(lowerWords(sentence)[0] ?? '') ? lowerFirst(sentence) : sentence;
    return subject ? finish(turn(`${subject} ${opening}`, facts, true).text) : finish(`You are ${opening}`);
  }
  if (describing && !/^\s*(you|your)\b/i.test(turned.text)) {
    // "Sceptical, numbers-driven, had her budget cut by 20% this year.", "Talented but has missed the
    // last three deadlines and seems disengaged."
    const clauses = commaParts(turned.text).flatMap(conjoined).filter(opensWithVerb);
    if (clauses.length) return finish(doing(clauses).join(' '));
    if (!turned.aboutPersona) return null;
  }
  if (!turned.aboutPersona && wordsOf(turned.text).length < MIN_WORDS) return null;
  return finish(turned.text);
}

const DETERMINER = wordsPattern(S.determiners);
const LEADING_DETERMINER = new RegExp(`^${DETERMINER}\\s+`, 'i');
const CALL_WORDS = new Set(S.callWords);
/** a sentence naming the call is short ("First-round video interview for the graduate scheme.") */
const MAX_CALL_WORDS = 12;

/** a call named, then what brought it about: "An angry customer escalation after {an outage took…}" */
const FRAMING = new RegExp(
  `^${DETERMINER}\\s+(?:[\\p{L}\\d'’-]+\\s+){0,5}?${wordsPattern(S.framings.nouns)}\\s+${wordsPattern(S.framings.joins)}\\s+(.+)$`,
  'iu',
);
/** in such a sentence "they" are the other side of the call: the persona's */
const THEIR = /\b(?:their|theirs|them|they)\b/gi;
const PERSONA_SIDE: Record<string, string> = { their: 'your', theirs: 'yours', them: 'you', they: 'you' };

/** "An angry customer, Brian, whose invoices…" as "an angry customer whose invoices…", else null */
function namedAppositive(sentence: string, facts: PersonaFacts): string | null {
  const m = new RegExp(`^(${DETERMINER}\\s[^,]+),\\s+([^,]+),\\s+((?:who|whose|that)\\s.+)$`, 'iu').exec(
    sentence,
  );
  if (!m || !namesOf(facts).some((n) => n.toLowerCase() === m[2].trim().toLowerCase())) return null;
  return `${lowerFirst(m[1])} ${m[3]}`;
}
const PEOPLE = new Set(S.people);

/** a sentence opening with a person and no verb before its first comma ("Mrs Patel's son, worried…") */
function opensWithPerson(sentence: string): boolean {
  const head = sentence.split(',')[0];
  const words = lowerWords(head);
  return sentence.includes(',') && PEOPLE.has(words.at(-1) ?? '') && !words.some((w) => FINITE.has(w));
}

/**
 * "Liam, one of my agents, has been late…" as "Liam is one of my agents." and "Liam has been
 * late…": the persona (by name, or "the"/"my" and its role), a noun phrase between commas, then a
 * clause opening with a verb. Null for any other sentence.
 */
function appositiveThenClause(sentence: string, facts: PersonaFacts): [string, string] | null {
  const m = /^([^,]+),\s+([^,]+),\s+(.+)$/u.exec(sentence);
  if (!m) return null;
  const [, subject, what, rest] = m;
  const lowered = subject.toLowerCase();
  const persona =
    namesOf(facts).some((n) => n.toLowerCase() === lowered) ||
    (facts.role !== '' && lowered.replace(LEADING_DETERMINER, '') === facts.role.toLowerCase());
  const first = lowerWords(what)[0] ?? '';
  const nounPhrase = DETERMINERS.has(first) || first === 'one' || S.userPossessives[first] !== undefined;
  const verb = lowerWords(rest)[0] ?? '';
  if (!persona || !nounPhrase || !(FINITE.has(verb) || CLAUSE_VERBS.has(verb))) return null;
  return [`${subject} is ${what}.`, `${subject} ${rest}`];
}

/** A description's comma-separated parts ("Sceptical, numbers-driven, had her budget cut") */
const commaParts = (text: string) => text.split(/,\s*(?:and\s+)?/).map((c) => c.trim().replace(/[.!]+$/, ''));
/** a clause's parts at "but", "and" or "yet" before a verb ("talented but has missed the deadlines and seems…") */
function conjoined(clause: string): string[] {
  const parts: string[] = [];
  for (const piece of clause.split(/\s+(?:but|and|yet)\s+/)) {
    if (parts.length && !opensWithVerb(piece)) parts[parts.length - 1] = `${parts.at(-1)} and ${piece}`;
    else parts.push(piece);
  }
  return parts;
}
const opensWithVerb = (clause: string) => CLAUSE_VERBS.has(lowerWords(clause)[0] ?? '');
/** clauses opening with a verb, each as a sentence of its own: "had her budget cut" → "You had your budget cut." */
const doing = (clauses: string[]) => clauses.map((c) => `${agreeWithYou(`You ${lowerFirst(c)}`)}.`);

/** "You is new" → "You are new", "You owns" → "You own": the verb after an added "You" (an adverb may stand between) */
function agreeWithYou(clause: string): string {
  const [you, ...words] = clause.split(' ');
  const v = ADVERBS.has(words[0]?.toLowerCase() ?? '') && words.length > 1 ? 1 : 0;
  const verb = words[v] ?? '';
  words[v] = S.agreement[verb.toLowerCase()] ?? (/s$/.test(verb) ? baseForm(verb) : verb);
  return [you, ...words].join(' ');
}

function finish(sentence: string): string | null {
  const text = clean(sentence);
  if (wordsOf(text).length > MAX_WORDS) return null;
  return capitalise(/[.!?]["'”’)]?$/.test(text) ? text : `${text}.`);
}

/** words that end the name of an organisation the writer gives ("at our flour supplier and knows…") */
const ORG_NAME_ENDS = new Set([
  'and',
  'but',
  'who',
  'that',
  'which',
  'where',
  'with',
  'for',
  'in',
  'on',
  'to',
]);

/**
 * "Sofia is the account manager at our flour supplier.": the writer's name for the persona's
 * organisation, which a scenario's sentence opening with it is about the persona's side of ("Our
 * flour supplier wants to raise the price from 400 to 460 per tonne." is the persona's company
 * wanting it, not "the user's flour supplier"): a function that tells such a sentence with "Your
 * company" for its subject (the persona says "My company wants…"), or null when the description
 * names none.
 */
function organisationOf(description: string): ((sentence: string) => string) | null {
  const m = /\b(?:at|from|for|with)\s+(?:our|my)\s+((?:[\p{L}-]+\s*){1,3})/iu.exec(description);
  if (!m) return null;
  const words = m[1].trim().split(/\s+/);
  const end = words.findIndex((w) => ORG_NAME_ENDS.has(w.toLowerCase()));
  const name = (end < 0 ? words : words.slice(0, end)).join(' ').replace(/[.,;:!?]+$/, '');
  if (!name) return null;
  const opening = new RegExp(`^\\s*(?:our|my|the)\\s+${escapeRegex(name)}\\b`, 'i');
  return (sentence) => sentence.replace(opening, 'Your company');
}

/**
 * The persona's situation from its description and the scenario's, in the second person, for the
 * system prompt's first paragraph, in at most `room` characters (a prompt holding the three setup
 * texts at their longest has less than MAX_SITUATION_CHARS left); empty when they say nothing of it.
 */
export function personaSituation(
  input: { personaDetails: string; scenarioDetails: string },
  facts: PersonaFacts,
  room = MAX_SITUATION_CHARS,
): string[] {
  const ownSide = organisationOf(input.personaDetails);
  const told = [
    ...sentences(input.personaDetails).map((s) => toPersona(s, facts, true)),
    ...sentences(input.scenarioDetails).map((s) => toPersona(ownSide ? ownSide(s) : s, facts, false)),
  ].filter((s): s is string => s !== null);
  const kept: string[] = [];
  let length = 0;
  for (const sentence of new Set(told)) {
    if (kept.length === MAX_SENTENCES || length + sentence.length + 1 > Math.min(room, MAX_SITUATION_CHARS))
      break;
    kept.push(sentence);
    length += sentence.length + 1;
  }
  return kept;
}

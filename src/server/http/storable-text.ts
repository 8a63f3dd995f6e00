// Text PostgreSQL cannot store: a NUL byte (in text or jsonb), or half of a UTF-16 surrogate pair
// ("\ud800" in JSON), which JSON.parse accepts and jsonb refuses as invalid input. A request body
// holding either is refused before any route writes a thing (400, the same message as the
// database's own refusal in errors.ts); text that reaches the server another way (a typed answer on
// the voice socket) is made storable instead.

/** half of a surrogate pair, without its other half */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`);
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
/** control characters but tab and line breaks */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it removes
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export const UNSTORABLE_TEXT_MESSAGE = 'The request contains characters that cannot be stored';

/** whether a parsed JSON value holds a string (or key) PostgreSQL cannot store */
export function holdsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => holdsUnstorableText(v, depth + 1));
  for (const [k, v] of Object.entries(value)) {
    if (UNSTORABLE.test(k) || holdsUnstorableText(v, depth + 1)) return true;
  }
  return false;
}

/** text made storable: control characters dropped, a lone surrogate replaced by U+FFFD */
export const storableText = (text: string) => text.replace(CONTROLS, '').replace(LONE_SURROGATES, '\uFFFD');

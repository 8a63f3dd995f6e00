// Models often wrap JSON in prose or a Markdown fence ("Here is the evaluation: ```json {…} ```").
// This finds the JSON value in such text without guessing at anything else.

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The first balanced {…} or […] starting at `from`, respecting strings and escapes. */
function balancedFrom(text: string, from: number): string | null {
  const open = text[from];
  const close = open === '{' ? '}' : ']';
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === open) depth++;
    else if (ch === close && --depth === 0) return text.slice(from, i + 1);
  }
  return null;
}

/** The JSON value in a model's answer: the whole text, a fenced block, or the first object in prose. */
export function extractJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const whole = tryParse(text.trim());
  if (whole.ok) return whole;
  for (const m of text.matchAll(/```(?:json)?\s*([\s\S]*?)```/gi)) {
    const fenced = tryParse(m[1].trim());
    if (fenced.ok) return fenced;
  }
  // A bounded number of starts keeps a long answer of stray braces cheap.
  let tries = 0;
  for (let i = 0; i < text.length && tries < 50; i++) {
    if (text[i] !== '{' && text[i] !== '[') continue;
    tries++;
    const candidate = balancedFrom(text, i);
    if (candidate) {
      const parsed = tryParse(candidate);
      if (parsed.ok) return parsed;
    }
  }
  return { ok: false };
}

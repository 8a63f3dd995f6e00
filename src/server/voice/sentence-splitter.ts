// Turns a stream of model tokens into pieces worth synthesising. The first piece of a reply is
// the first short clause (up to a comma), so the first audio reaches the caller as early as
// possible; later pieces are whole sentences, which sound more natural.

const SENTENCE_END = /[.!?…]+["')\]]?(?=\s)/g;
const CLAUSE_END = /[,;:—–]\s/g;
/** words the first clause needs before a comma may end it ("Well, …" alone sounds odd) */
const MIN_FIRST_CLAUSE_WORDS = 3;
/** a run-on sentence is cut at a comma past this length */
const MAX_PIECE_CHARS = 220;

export class SentenceSplitter {
  private buffer = '';
  private emitted = 0;

  /** Adds text; answers the pieces now complete. */
  push(text: string): string[] {
    this.buffer += text;
    const out: string[] = [];
    for (;;) {
      const cut = this.nextCut();
      if (cut === -1) break;
      const piece = this.buffer.slice(0, cut).trim();
      this.buffer = this.buffer.slice(cut).replace(/^\s+/, '');
      if (piece) {
        out.push(piece);
        this.emitted += 1;
      }
    }
    return out;
  }

  /** The rest, at the end of the stream. */
  flush(): string[] {
    const rest = this.buffer.trim();
    this.buffer = '';
    return rest ? [rest] : [];
  }

  private nextCut(): number {
    const sentence = firstMatchEnd(SENTENCE_END, this.buffer);
    if (this.emitted === 0) {
      const clause = firstClauseEnd(this.buffer);
      if (clause !== -1 && (sentence === -1 || clause < sentence)) return clause;
    }
    if (sentence !== -1) return sentence;
    if (this.buffer.length > MAX_PIECE_CHARS) {
      const clause = lastMatchEnd(CLAUSE_END, this.buffer.slice(0, MAX_PIECE_CHARS));
      if (clause !== -1) return clause;
    }
    return -1;
  }
}

function firstClauseEnd(text: string): number {
  CLAUSE_END.lastIndex = 0;
  for (let m = CLAUSE_END.exec(text); m; m = CLAUSE_END.exec(text)) {
    const words = text.slice(0, m.index).trim().split(/\s+/).length;
    if (words >= MIN_FIRST_CLAUSE_WORDS) return m.index + 1;
  }
  return -1;
}

function firstMatchEnd(re: RegExp, text: string): number {
  re.lastIndex = 0;
  const m = re.exec(text);
  return m ? m.index + m[0].length : -1;
}

function lastMatchEnd(re: RegExp, text: string): number {
  re.lastIndex = 0;
  let end = -1;
  for (let m = re.exec(text); m; m = re.exec(text)) end = m.index + 1;
  return end;
}

/** Splits a whole text at once (the scripted interviewer's lines). */
export function splitForSpeech(text: string): string[] {
  const s = new SentenceSplitter();
  return [...s.push(`${text} `), ...s.flush()];
}

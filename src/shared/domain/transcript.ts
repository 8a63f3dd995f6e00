// Transcripts are stored as lines `Speaker: text`. The user's lines carry one of the
// USER_SPEAKER_LABELS; every other label is the interviewer (the persona's name varies by scenario).
import { USER_SPEAKER_LABELS } from './limits.js';

export type Speaker = 'agent' | 'user';

export type Turn = { speaker: Speaker; label: string; text: string };

export type TimedUtterance = {
  speaker: Speaker;
  text: string;
  startMs: number;
  endMs: number;
  /** the built-in recogniser's confidence (0..1) in a spoken line: its text is approximate; null or absent: exact */
  confidence?: number | null;
};

const LINE = /^\s*([^:\n]{1,60}):\s*(.*)$/;

export function isUserLabel(label: string): boolean {
  return (USER_SPEAKER_LABELS as readonly string[]).includes(label.trim().toLowerCase());
}

/** Splits a transcript into turns; a line without a label continues the previous turn. */
export function parseTranscript(transcript: string): Turn[] {
  const turns: Turn[] = [];
  for (const raw of transcript.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const match = LINE.exec(line);
    if (match) {
      const label = (match[1] ?? '').trim();
      const text = (match[2] ?? '').trim();
      const speaker: Speaker = isUserLabel(label) ? 'user' : 'agent';
      const last = turns.at(-1);
      if (last && last.label === label && text !== '') last.text = `${last.text} ${text}`.trim();
      else turns.push({ speaker, label, text });
    } else {
      const last = turns.at(-1);
      if (last) last.text = `${last.text} ${line}`.trim();
      else turns.push({ speaker: 'agent', label: 'Interviewer', text: line });
    }
  }
  return turns.filter((t) => t.text !== '');
}

/**
 * Builds the stored transcript from utterances in time order; on a tie the order given is kept
 * (the database's: start, then id — the order the gateway stored them, so a typed answer comes
 * before the reply that starts in the same millisecond, and a cut-off line before the answer
 * that cut it).
 */
export function buildTranscript(
  utterances: readonly TimedUtterance[],
  labels: { agent?: string; user?: string } = {},
): string {
  const agent = labels.agent ?? 'Interviewer';
  const user = labels.user ?? 'You';
  return [...utterances]
    .filter((u) => u.text.trim() !== '')
    .sort((a, b) => a.startMs - b.startMs)
    .map((u) => `${u.speaker === 'agent' ? agent : user}: ${u.text.trim().replace(/\s+/g, ' ')}`)
    .join('\n');
}

export function candidateText(turns: readonly Turn[]): string {
  return turns
    .filter((t) => t.speaker === 'user')
    .map((t) => t.text)
    .join(' ');
}

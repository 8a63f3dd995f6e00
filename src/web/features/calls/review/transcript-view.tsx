// A call's transcript (spec §9): the labels you/user/me/i/candidate read "You", any other label
// the interviewer's name; about 18rem high and scrolling. With utterance timings, each line seeks
// the recording when clicked and the line being spoken is highlighted.
import type { UtteranceTiming } from '@shared/contracts/call-review';
import { parseTranscript, type Speaker } from '@shared/domain/transcript';
import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';

export type TranscriptViewProps = {
  transcript: string | null;
  interviewerName: string;
  utterances?: UtteranceTiming[];
  /** playback position in ms, to highlight the line being spoken */
  positionMs?: number | null;
  onSeek?: (ms: number) => void;
};

type Line = { speaker: Speaker; text: string; startMs?: number; endMs?: number; confidence?: number | null };

/** A line the built-in recogniser heard: its words may differ from what was said. */
const isApproximate = (line: Line) => line.confidence !== undefined && line.confidence !== null;

function linesOf(transcript: string | null, utterances: UtteranceTiming[] | undefined): Line[] {
  if (utterances && utterances.length > 0) return utterances;
  return parseTranscript(transcript ?? '');
}

/** Index of the line spoken at `ms`: the last line that started at or before it. */
export function activeLineIndex(lines: { startMs?: number }[], ms: number | null | undefined): number {
  if (ms === null || ms === undefined) return -1;
  let found = -1;
  lines.forEach((l, i) => {
    if (l.startMs !== undefined && l.startMs <= ms) found = i;
  });
  return found;
}

export function TranscriptView({
  transcript,
  interviewerName,
  utterances,
  positionMs,
  onSeek,
}: TranscriptViewProps) {
  const lines = linesOf(transcript, utterances);
  const active = activeLineIndex(lines, positionMs);
  const activeRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (active >= 0) activeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  if (lines.length === 0) return <p className="text-muted-foreground text-sm">No transcript available.</p>;
  const anyApproximate = lines.some(isApproximate);

  return (
    <div className="space-y-2">
      {anyApproximate && (
        <p className="text-muted-foreground text-xs" data-testid="approximate-note">
          Lines marked “approximate” were recognised by the built-in speech recogniser: their words may differ
          from what you said, and they count for less in the evaluation.
        </p>
      )}
      <ol className="h-72 space-y-2 overflow-y-auto rounded-lg border p-3" data-testid="transcript">
        {lines.map((line, i) => {
          const label = line.speaker === 'user' ? 'You' : interviewerName;
          const seekable = onSeek !== undefined && line.startMs !== undefined;
          const content = (
            <>
              <span className={cn('font-semibold', line.speaker === 'user' ? 'text-primary' : '')}>
                {label}:{' '}
              </span>
              <span>{line.text}</span>
              {isApproximate(line) && (
                <span
                  className="ml-2 rounded border px-1 text-muted-foreground text-xs"
                  data-testid="approximate-line"
                  title={`Heard by the built-in speech recogniser, ${Math.round((line.confidence ?? 0) * 100)} % sure`}
                >
                  approximate
                </span>
              )}
            </>
          );
          return (
            <li
              key={i}
              ref={i === active ? activeRef : undefined}
              data-active={i === active || undefined}
              data-role={line.speaker}
              className={cn('rounded px-2 py-1 text-sm', i === active && 'bg-primary/10')}
            >
              {seekable ? (
                <button
                  type="button"
                  className="w-full cursor-pointer text-left hover:underline"
                  title="Play from here"
                  onClick={() => onSeek?.(line.startMs ?? 0)}
                >
                  {content}
                </button>
              ) : (
                content
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

// The recording and the transcript of a past call, bound together: the player reports where it
// is (the transcript highlights that line) and a transcript line seeks the player — when the call
// has stored line timings. Used by the call's results page and by the expanded call card.
import type { Interview, ListedInterview } from '@shared/contracts/calls';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '@/lib/api-client';
import type { AudioPlayerHandle, AudioPlayerProps } from './audio-player';
import { INTERVIEWS_QUERY_ROOT } from './rating-block';
import type { TranscriptViewProps } from './transcript-view';

/** the call's length in whole seconds, null while it has not ended */
export function callSeconds(start: string, end: string | null): number | null {
  if (!end) return null;
  return Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 1000));
}

/**
 * A listed call with its transcript: the lists leave transcripts out (`transcripts=omit`), so an
 * opened card reads the call itself (GET /api/interviews/{id}); an item that came with its
 * transcript is used as it is. `loading` until the transcript has come, `failed` when it could not
 * be read (after the query's own retries), and `retry` to read it again.
 */
export function useWholeCall(listed: ListedInterview): {
  interview: Interview;
  loading: boolean;
  failed: boolean;
  retry: () => void;
} {
  const missing = listed.transcript === undefined;
  const whole = useQuery({
    queryKey: [INTERVIEWS_QUERY_ROOT, 'call', listed.id],
    queryFn: () => api.get('/api/interviews/:id', { params: { id: listed.id } }),
    enabled: missing,
  });
  const retry = () => void whole.refetch();
  if (!missing) {
    const interview = { ...listed, transcript: listed.transcript ?? null };
    return { interview, loading: false, failed: false, retry };
  }
  // not yet read: failed once the read gave up (and is not being tried again), loading otherwise
  const failed = whole.data === undefined && whole.isError && !whole.isFetching;
  return {
    interview: { ...listed, transcript: whole.data?.transcript ?? null },
    loading: whole.data === undefined && !failed,
    failed,
    retry,
  };
}

/** Props for AudioPlayer and TranscriptView (all but the interviewer's name). */
export function useCallPlayback(interview: Interview): {
  player: AudioPlayerProps;
  transcript: Omit<TranscriptViewProps, 'interviewerName'>;
} {
  const player = useRef<AudioPlayerHandle>(null);
  const [positionMs, setPositionMs] = useState<number | null>(null);
  // the stored lines (with which of them the built-in recogniser heard) when the call has them
  const utterances = useQuery({
    queryKey: [INTERVIEWS_QUERY_ROOT, 'utterances', interview.id],
    queryFn: () => api.get('/api/interviews/:id/utterances', { params: { id: interview.id } }),
    enabled: Boolean(interview.conversationId),
  });
  const seekable = Boolean(interview.conversationId) && (utterances.data?.length ?? 0) > 0;
  return {
    player: {
      ref: player,
      conversationId: interview.conversationId,
      durationHint: callSeconds(interview.startTime, interview.endTime),
      onPositionChange: setPositionMs,
    },
    transcript: {
      transcript: interview.transcript,
      utterances: utterances.data,
      positionMs,
      onSeek: seekable ? (ms) => player.current?.seekTo(ms / 1000) : undefined,
    },
  };
}

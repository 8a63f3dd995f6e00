// The recording of one call (spec §4 "Audio player", §5, §8): idle → loading → playing ⇄ paused,
// back to the start at the end. The audio is fetched on first play; an answer whose content type
// does not contain "audio" is refused. The parent may seek (a transcript line) through `ref`.
import { Pause, Play } from 'lucide-react';
import { type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export type AudioState = 'idle' | 'loading' | 'playing' | 'paused';

export type AudioPlayerHandle = {
  /** Jumps to a moment of the recording (seconds) and plays from there. */
  seekTo: (seconds: number) => void;
};

export type AudioPlayerProps = {
  conversationId: string | null;
  /**
   * the call's length in seconds, shown as the recording's until the recording itself is loaded
   * (it is fetched on first play), so the player never reads "0:00 / 0:00"
   */
  durationHint?: number | null;
  /** current position in milliseconds, while the recording plays or is paused */
  onPositionChange?: (ms: number | null) => void;
  ref?: Ref<AudioPlayerHandle>;
};

export const audioMessages = {
  notAvailable: 'Audio not available for this interview.',
  noRecording: 'No audio recording available for this call.',
  fetchFailed: 'Failed to fetch audio',
  invalidType: 'Invalid audio content type received',
  playFailed: 'Failed to play audio recording',
  loadFailed: 'Failed to load audio recording',
} as const;

const formatTime = (s: number) => {
  if (!Number.isFinite(s) || s < 0) return '0:00';
  const m = Math.floor(s / 60);
  return `${m}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
};

const fail = (description: string) => toast.error('Error', { description });

/** Fetches the recording; answers an object URL or null after telling the user why not. */
async function fetchRecording(conversationId: string): Promise<string | null> {
  let res: Response;
  try {
    res = await fetch(`/api/interviews/audio/${encodeURIComponent(conversationId)}`, {
      credentials: 'include',
    });
  } catch {
    fail(audioMessages.fetchFailed);
    return null;
  }
  if (res.status === 404) {
    fail(audioMessages.noRecording);
    return null;
  }
  if (!res.ok) {
    fail(audioMessages.fetchFailed);
    return null;
  }
  if (!(res.headers.get('content-type') ?? '').includes('audio')) {
    fail(audioMessages.invalidType);
    return null;
  }
  return URL.createObjectURL(await res.blob());
}

export function AudioPlayer({ conversationId, durationHint, onPositionChange, ref }: AudioPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const urlRef = useRef<string | null>(null);
  const [state, setState] = useState<AudioState>('idle');
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);

  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const ensureLoaded = useCallback(async (): Promise<HTMLAudioElement | null> => {
    const audio = audioRef.current;
    if (!audio || !conversationId) return null;
    if (urlRef.current) return audio;
    setState('loading');
    const url = await fetchRecording(conversationId);
    if (!url) {
      setState('idle');
      return null;
    }
    urlRef.current = url;
    audio.src = url;
    return audio;
  }, [conversationId]);

  const play = useCallback(
    async (from?: number) => {
      const audio = await ensureLoaded();
      if (!audio) return;
      if (from !== undefined) audio.currentTime = from;
      try {
        await audio.play();
      } catch (err) {
        setState(urlRef.current ? 'paused' : 'idle');
        fail(
          (err as Error)?.name === 'NotSupportedError' ? audioMessages.loadFailed : audioMessages.playFailed,
        );
      }
    },
    [ensureLoaded],
  );

  useImperativeHandle(ref, () => ({ seekTo: (seconds: number) => void play(seconds) }), [play]);

  if (!conversationId) {
    return <p className="text-muted-foreground text-sm">{audioMessages.notAvailable}</p>;
  }

  const toggle = () => {
    if (state === 'playing') audioRef.current?.pause();
    else if (state !== 'loading') void play();
  };

  return (
    <div
      className="flex items-center gap-3 rounded-lg border p-3"
      data-testid="audio-player"
      data-state={state}
    >
      <Button
        type="button"
        size="icon"
        variant="outline"
        onClick={toggle}
        disabled={state === 'loading'}
        aria-label={state === 'playing' ? 'Pause recording' : 'Play recording'}
      >
        {state === 'loading' ? <Spinner /> : state === 'playing' ? <Pause /> : <Play />}
      </Button>
      <input
        type="range"
        aria-label="Seek"
        className="h-2 flex-1 cursor-pointer accent-primary"
        min={0}
        max={duration || 0}
        step={0.1}
        value={Math.min(position, duration || 0)}
        disabled={!duration}
        onChange={(e) => {
          const audio = audioRef.current;
          if (!audio) return;
          audio.currentTime = Number(e.target.value);
          setPosition(audio.currentTime);
        }}
      />
      <span className="w-24 text-right text-muted-foreground text-xs tabular-nums" data-testid="audio-time">
        {formatTime(position)} / {formatTime(duration || durationHint || 0)}
      </span>
      {/* biome-ignore lint/a11y/useMediaCaption: a call recording has its transcript beside it */}
      <audio
        ref={audioRef}
        aria-label="Call recording"
        preload="none"
        onPlay={() => setState('playing')}
        onPause={() => setState((s) => (s === 'playing' ? 'paused' : s))}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) =>
          Number.isFinite(e.currentTarget.duration) && setDuration(e.currentTarget.duration)
        }
        onTimeUpdate={(e) => {
          setPosition(e.currentTarget.currentTime);
          onPositionChange?.(e.currentTarget.currentTime * 1000);
        }}
        onEnded={(e) => {
          // At the end the player returns to the start (spec §4).
          e.currentTarget.currentTime = 0;
          setPosition(0);
          setState('idle');
          onPositionChange?.(null);
        }}
        onError={() => {
          if (!urlRef.current) return;
          setState('idle');
          fail(audioMessages.loadFailed);
        }}
      />
    </div>
  );
}

import { useEffect, useState } from 'react';

/**
 * A fake play bar: while playing, progress goes up 1 percent every `tickMs` and stops at 100.
 * Playing again from the end starts over.
 */
export function useFakePlayback(tickMs: number, autoPlay: boolean) {
  const [progress, setProgress] = useState(0);
  const [playing, setPlaying] = useState(autoPlay);

  useEffect(() => {
    if (!playing) return;
    const id = window.setInterval(() => {
      setProgress((p) => Math.min(100, p + 1));
    }, tickMs);
    return () => window.clearInterval(id);
  }, [playing, tickMs]);

  useEffect(() => {
    if (progress >= 100) setPlaying(false);
  }, [progress]);

  const toggle = () => {
    if (playing) return setPlaying(false);
    if (progress >= 100) setProgress(0);
    setPlaying(true);
  };
  return { progress, playing, toggle };
}

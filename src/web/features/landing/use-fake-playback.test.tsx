// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_TICK_MS } from './demo-call';
import { useFakePlayback } from './use-fake-playback';

afterEach(() => vi.useRealTimers());

describe('demo call play bar', () => {
  it('advances 1 percent every 120 ms, pauses, stops at 100 and starts over when played again', () => {
    vi.useFakeTimers();
    expect(DEMO_TICK_MS).toBe(120);
    const { result } = renderHook(() => useFakePlayback(DEMO_TICK_MS, true));
    expect(result.current.progress).toBe(0);
    act(() => vi.advanceTimersByTime(120 * 10));
    expect(result.current.progress).toBe(10);

    act(() => result.current.toggle());
    act(() => vi.advanceTimersByTime(1200));
    expect(result.current).toMatchObject({ progress: 10, playing: false });

    act(() => result.current.toggle());
    act(() => vi.advanceTimersByTime(120 * 200));
    expect(result.current).toMatchObject({ progress: 100, playing: false });

    act(() => result.current.toggle());
    expect(result.current).toMatchObject({ progress: 0, playing: true });
    act(() => vi.advanceTimersByTime(120));
    expect(result.current.progress).toBe(1);
  });
});

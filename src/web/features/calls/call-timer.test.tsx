// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallTimer, formatCountdown, useCountdown } from './call-timer';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('call countdown', () => {
  it('shows minutes and seconds', () => {
    expect(formatCountdown(1800)).toBe('30:00');
    expect(formatCountdown(65)).toBe('01:05');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-3)).toBe('00:00');
  });

  it('is not red above five minutes and red at five minutes or less', () => {
    const { rerender } = render(<CallTimer secondsLeft={301} />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('05:01');
    expect(timer.className).not.toMatch(/text-red/);
    rerender(<CallTimer secondsLeft={300} />);
    expect(timer.textContent).toBe('05:00');
    expect(timer.className).toMatch(/text-red-600/);
    expect(timer.dataset.warning).toBe('true');
  });

  it('counts down from 30:00 and ends the call once at zero', () => {
    vi.useFakeTimers();
    const onExpire = vi.fn();
    const { result } = renderHook(() => useCountdown(true, onExpire));
    expect(result.current).toBe(1800);
    act(() => vi.advanceTimersByTime(61_000));
    expect(result.current).toBe(1739);
    act(() => vi.advanceTimersByTime(1800_000));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(5_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});

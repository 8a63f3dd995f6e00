// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEARD_AT, levelOf, MicCheck, meterValue } from './mic-check';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('microphone level', () => {
  it('is zero for silence and rises with the signal', () => {
    expect(levelOf(new Uint8Array(512).fill(128))).toBe(0);
    const quiet = Uint8Array.from({ length: 512 }, (_, i) => 128 + Math.round(2 * Math.sin(i / 3)));
    const speech = Uint8Array.from({ length: 512 }, (_, i) => 128 + Math.round(40 * Math.sin(i / 3)));
    expect(meterValue(levelOf(quiet))).toBeLessThan(HEARD_AT);
    expect(meterValue(levelOf(speech))).toBeGreaterThanOrEqual(HEARD_AT);
    expect(meterValue(1)).toBe(100);
  });
});

describe('MicCheck', () => {
  it('says plainly when the microphone is blocked', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))),
      },
    });
    render(<MicCheck />);
    fireEvent.click(screen.getByRole('button', { name: 'Test microphone' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/microphone is blocked/);
  });

  it('says when the browser has no microphone access at all', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    render(<MicCheck />);
    fireEvent.click(screen.getByRole('button', { name: 'Test microphone' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/no access to a microphone/);
  });
});

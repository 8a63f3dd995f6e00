// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY, ThemeProvider, useTheme } from './theme-provider';

// A controllable prefers-color-scheme for jsdom (which has no matchMedia).
let deviceDark = false;
const listeners = new Set<(e: MediaQueryListEvent) => void>();
function setDeviceDark(dark: boolean) {
  deviceDark = dark;
  for (const l of listeners) l({ matches: dark } as MediaQueryListEvent);
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  deviceDark = false;
  listeners.clear();
  window.matchMedia = ((query: string) => ({
    get matches() {
      return deviceDark;
    },
    media: query,
    addEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
  })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

function Probe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <span data-testid="theme">{theme}</span>
      <span data-testid="resolved">{resolvedTheme}</span>
      <button type="button" onClick={() => setTheme('light')}>
        light
      </button>
      <button type="button" onClick={() => setTheme('system')}>
        system
      </button>
    </div>
  );
}

const html = () => document.documentElement.classList;

describe('theme', () => {
  it('defaults to dark for the application when nothing is stored', () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('theme').textContent).toBe('dark');
    expect(html().contains('dark')).toBe(true);
  });

  it('keeps the choice under vite-ui-theme and applies it to <html>', () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    act(() => screen.getByText('light').click());
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(html().contains('light')).toBe(true);
    expect(html().contains('dark')).toBe(false);
  });

  it('starts from the stored choice and ignores unknown stored values', () => {
    localStorage.setItem('vite-ui-theme', 'light');
    const { unmount } = render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('theme').textContent).toBe('light');
    unmount();
    localStorage.setItem('vite-ui-theme', 'purple');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('theme').textContent).toBe('dark');
  });

  it('system follows the device dark-mode preference, also when it changes', () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    act(() => screen.getByText('system').click());
    expect(screen.getByTestId('resolved').textContent).toBe('light');
    expect(html().contains('light')).toBe(true);
    act(() => setDeviceDark(true));
    expect(screen.getByTestId('resolved').textContent).toBe('dark');
    expect(html().contains('dark')).toBe(true);
  });

  it('useTheme outside its provider throws', () => {
    expect(() => renderHook(() => useTheme())).toThrow('useTheme must be used within a ThemeProvider');
  });
});

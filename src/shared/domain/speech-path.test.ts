import { describe, expect, it } from 'vitest';
import { HEARING_TEXT, hearingPath } from './speech-path';

describe('hearingPath', () => {
  it('prefers the server’s recogniser, then the browser’s where allowed and supported, else typing', () => {
    expect(hearingPath('cloud', true, true)).toBe('cloud');
    expect(hearingPath('builtin', true, false)).toBe('builtin');
    expect(hearingPath('none', true, true)).toBe('browser');
    expect(hearingPath('none', false, true)).toBe('typing');
    expect(hearingPath('none', true, false)).toBe('typing');
    expect(HEARING_TEXT.typing.spoken).toBe(false);
    expect(HEARING_TEXT.browser.detail).toMatch(/vendor processes the audio/);
  });
});

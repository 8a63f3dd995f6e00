import { describe, expect, it } from 'vitest';
import { chromiumPath, HEADLESS_SHELL, SYSTEM_CHROMIUM } from './chromium-path.mjs';

describe('chromiumPath', () => {
  it('takes CHROMIUM_PATH when it is set, whatever is installed', () => {
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chrome' }, () => true)).toBe('/opt/chrome');
  });
  it("prefers Debian's headless shell when it is installed", () => {
    expect(chromiumPath({}, (file) => file === HEADLESS_SHELL)).toBe(HEADLESS_SHELL);
  });
  it('falls back to the full system Chromium without the shell', () => {
    expect(chromiumPath({}, () => false)).toBe(SYSTEM_CHROMIUM);
  });
});

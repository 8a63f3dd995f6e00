// Which Chromium the browser journeys (and `npm test`'s check for one) use: CHROMIUM_PATH when set;
// else Debian's headless shell (apt package chromium-headless-shell: Chromium's "old" headless
// mode, the one Playwright itself runs headless tests in), which has no browser UI processes and
// took about a quarter less time and a third less CPU than the full browser in headless mode on the
// 2-core CI machine (docs/development.md); else the full system Chromium.
import fs from 'node:fs';

export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** The Chromium to launch, given the environment and a way to tell whether a file exists. */
export function chromiumPath(env = process.env, exists = fs.existsSync) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return exists(HEADLESS_SHELL) ? HEADLESS_SHELL : SYSTEM_CHROMIUM;
}

export const HEADLESS_SHELL: string;
export const SYSTEM_CHROMIUM: string;
export function chromiumPath(env?: NodeJS.ProcessEnv, exists?: (file: string) => boolean): string;

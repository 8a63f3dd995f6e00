export function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function serverNodeFlags(env: NodeJS.ProcessEnv): string[];

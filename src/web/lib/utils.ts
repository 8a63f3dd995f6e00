import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

// Merges known in advance: the build records those of the prerendered landing page
// (scripts/vite-prerender.ts) and main.tsx hands them back before hydrating it, so that page
// hydrates without starting tailwind-merge, whose first call builds a large lookup table (a long
// task on a phone). Any other combination goes through tailwind-merge as before.
const knownMerges = new Map<string, string>();
let recording = false;

/** shadcn's class merger. */
export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs);
  const known = knownMerges.get(classes);
  if (known !== undefined) return known;
  const merged = twMerge(classes);
  if (recording) knownMerges.set(classes, merged);
  return merged;
}

/** Build time: remember every merge from now on, for `recordedMerges`. */
export function recordMerges() {
  recording = true;
}

export function recordedMerges(): [string, string][] {
  return [...knownMerges];
}

/** Browser: merges recorded at build time for the page being hydrated. */
export function addKnownMerges(merges: [string, string][]) {
  for (const [classes, merged] of merges) knownMerges.set(classes, merged);
}

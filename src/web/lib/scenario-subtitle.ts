// The line under a scenario's name: its role and company. Some personas are not at a company but
// stand in a relation to the user ("Your Manager", "Your Team"), and a generated custom scenario
// has the placeholder company "User Created": "Engineering Director at Your Manager" reads wrong,
// so those read "Engineering Director, your manager", "Senior Product Designer on your team" and
// "Custom Interviewer".

/** the generator's placeholder company for a custom scenario (spec: core-experience §3) */
const PLACEHOLDER_COMPANIES = new Set(['user created']);
/** a company that is really the persona's relation to the user */
const RELATION = /^(your|my|our)\s+(.+)$/i;
/** relations that are a group the persona belongs to: "on your team" */
const GROUPS = /^(team|squad|department|group|org|organisation|organization|crew)$/i;

export function scenarioSubtitle(
  role: string | null | undefined,
  company: string | null | undefined,
): string {
  const r = (role ?? '').trim();
  const c = (company ?? '').trim();
  if (!c || PLACEHOLDER_COMPANIES.has(c.toLowerCase())) return r;
  if (!r) return c;
  const relation = RELATION.exec(c);
  if (!relation) return `${r} at ${c}`;
  const [, owner, rest] = relation;
  const phrase = `${owner.toLowerCase()} ${rest.toLowerCase()}`;
  return GROUPS.test(rest.split(/\s+/).pop() ?? '') ? `${r} on ${phrase}` : `${r}, ${phrase}`;
}

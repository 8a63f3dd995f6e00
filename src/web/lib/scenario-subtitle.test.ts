import { describe, expect, it } from 'vitest';
import { scenarioSubtitle } from './scenario-subtitle';

describe('the line under a scenario name', () => {
  it('says "role at company" for a company', () => {
    expect(scenarioSubtitle('Group Product Manager', 'Brightline Payments')).toBe(
      'Group Product Manager at Brightline Payments',
    );
  });

  it('reads a relation to the user as one, not as a company', () => {
    expect(scenarioSubtitle('Engineering Director', 'Your Manager')).toBe(
      'Engineering Director, your manager',
    );
    expect(scenarioSubtitle('Senior Product Designer', 'Your Team')).toBe(
      'Senior Product Designer on your team',
    );
    expect(scenarioSubtitle('Software Engineer', 'your team')).toBe('Software Engineer on your team');
  });

  it('leaves out a missing or placeholder company, and a missing role', () => {
    expect(scenarioSubtitle('Custom Interviewer', 'User Created')).toBe('Custom Interviewer');
    expect(scenarioSubtitle('Recruiter', '')).toBe('Recruiter');
    expect(scenarioSubtitle('', 'Acme')).toBe('Acme');
    expect(scenarioSubtitle(null, undefined)).toBe('');
  });
});

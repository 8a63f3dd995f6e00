import type { User } from '@shared/contracts/auth';
import { describe, expect, it } from 'vitest';
import { isLinkActive, navLinksFor } from './nav-links';

const user = {
  id: 1,
  name: 'Sam',
  email: 'sam@example.com',
  credits: 1,
  role: 'user',
  isAdmin: false,
  mustChangePassword: false,
  createdAt: '2026-01-01T00:00:00.000Z',
} satisfies User;
const labels = (u: User | null) => navLinksFor(u).map((l) => l.label);

describe('header links', () => {
  it('visitors see See All Scenarios, Sign Up and Sign In (Support is the mail link)', () => {
    expect(labels(null)).toEqual(['See All Scenarios', 'Sign Up', 'Sign In']);
  });

  it('signed-in users see Dashboard, Tracks, Teams, New Call, Profile', () => {
    expect(labels(user)).toEqual(['Dashboard', 'Tracks', 'Teams', 'New Call', 'Profile']);
  });

  it('admins also see Admin and All Calls', () => {
    expect(labels({ ...user, role: 'admin', isAdmin: true })).toEqual([
      'Dashboard',
      'Tracks',
      'Teams',
      'New Call',
      'Profile',
      'Admin',
      'All Calls',
    ]);
  });

  it('marks Sign Up active only on the sign-up tab and Sign In only on the login tab', () => {
    const [, signUp, signIn] = navLinksFor(null);
    expect(isLinkActive(signUp, '/auth', '?tab=signup')).toBe(true);
    expect(isLinkActive(signIn, '/auth', '?tab=signup')).toBe(false);
    expect(isLinkActive(signIn, '/auth', '')).toBe(true);
    expect(isLinkActive(signUp, '/auth', '')).toBe(false);
    expect(isLinkActive({ label: 'Tracks', to: '/tracks' }, '/tracks', '?page=2')).toBe(true);
    expect(isLinkActive({ label: 'Tracks', to: '/tracks' }, '/teams', '')).toBe(false);
  });
});

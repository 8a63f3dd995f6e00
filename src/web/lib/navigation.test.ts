import { describe, expect, it } from 'vitest';
import { afterSignIn, authPathFor } from './navigation';

describe('where sign-in carries on to', () => {
  it('is the page the visitor was on the way to, query included', () => {
    expect(afterSignIn('/new-call?interviewerId=7')).toBe('/new-call?interviewerId=7');
    expect(afterSignIn('/tracks/3')).toBe('/tracks/3');
  });

  it('is / for nothing, another site, a script address or /auth itself', () => {
    for (const next of [
      null,
      '',
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/auth?tab=signup',
    ])
      expect(afterSignIn(next), String(next)).toBe('/');
  });

  it('puts the page into the /auth address, and leaves / out', () => {
    expect(authPathFor('/new-call?interviewerId=7')).toBe('/auth?next=%2Fnew-call%3FinterviewerId%3D7');
    expect(authPathFor('/')).toBe('/auth');
  });
});

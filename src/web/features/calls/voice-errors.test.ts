import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { connectionErrorDescription, isMicrophoneDenied } from './voice-errors';

describe('connection error notice', () => {
  it('names a bad interviewer configuration when the agent is unknown', () => {
    expect(connectionErrorDescription(new Error('Agent not found'))).toBe(
      'Invalid interviewer configuration. Please try selecting a different interviewer.',
    );
  });

  it('asks for a refresh when the session is not authorised', () => {
    expect(connectionErrorDescription(new ApiError(401, 'Not signed in'))).toBe(
      'Authentication failed. Please try refreshing the page.',
    );
    expect(connectionErrorDescription(new Error('Unauthorized'))).toBe(
      'Authentication failed. Please try refreshing the page.',
    );
  });

  it('falls back to Initialization Error', () => {
    expect(connectionErrorDescription(new Error('socket closed'))).toBe('Initialization Error');
    expect(connectionErrorDescription(undefined)).toBe('Initialization Error');
  });
});

describe('microphone denial', () => {
  it('recognises the browser permission errors', () => {
    expect(isMicrophoneDenied(new DOMException('Permission denied', 'NotAllowedError'))).toBe(true);
    expect(isMicrophoneDenied(new Error('socket closed'))).toBe(false);
  });
});

import { interviewResponse } from '@shared/contracts/calls';
import { describe, expect, it } from 'vitest';
import { contractReply, errorReply, fakeInterview } from './contract-replies';

describe('contract replies for fake fetches', () => {
  it('answers a body the contract lets through, as JSON', async () => {
    const call = fakeInterview({ id: 3, status: 'completed_with_errors' });
    const res = contractReply(interviewResponse, call);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual(call);
  });

  it('refuses a body the server could not send (a fake that drifted from the contract)', () => {
    const drifted = { ...fakeInterview(), id: '3' } as unknown as ReturnType<typeof fakeInterview>;
    expect(() => contractReply(interviewResponse, drifted)).toThrow();
    expect(() => fakeInterview({ evaluation: { score: 7 } as never })).toThrow();
  });

  it('answers errors in the one error shape, with an error status', async () => {
    const res = errorReply(404, { message: 'Not found' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
    expect(() => errorReply(200, { message: 'fine' })).toThrow(/error status/);
    expect(() => errorReply(400, {} as never)).toThrow();
  });
});

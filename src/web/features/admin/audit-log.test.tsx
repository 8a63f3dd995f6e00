// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditLog, auditAction, auditTarget } from './audit-log';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (over: object) => ({
  id: 1,
  actorId: 1,
  actorEmail: 'root@example.com',
  actorName: 'Administrator',
  action: 'user.update',
  targetType: 'user',
  targetId: '3',
  targetName: 'Nora Newhire',
  details: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  ...over,
});

describe('the audit log', () => {
  it('names who made each change and what it was made to, not "user #3"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              items: [
                entry({}),
                entry({
                  id: 2,
                  action: 'interviewer.update',
                  targetType: 'interviewer',
                  targetName: 'Sarah Chen',
                }),
                entry({
                  id: 3,
                  action: 'settings.models.update',
                  targetType: 'settings',
                  targetId: 'models',
                  targetName: null,
                }),
              ],
              total: 3,
            }),
            { status: 200, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuditLog />
      </QueryClientProvider>,
    );
    const first = (await screen.findByText('User Nora Newhire')).closest('tr') as HTMLElement;
    expect(within(first).getByText('Administrator')).toBeTruthy();
    expect(within(first).getByText('User Nora Newhire')).toBeTruthy();
    expect(screen.getByText('Scenario Sarah Chen')).toBeTruthy();
    expect(within(first).getByText('Changed account')).toBeTruthy();
    expect(screen.queryByText('user.update')).toBeNull();
    expect(screen.queryByText(/#3/)).toBeNull();
  });

  it('says what was done in words, with what an account change changed', () => {
    expect(
      auditAction({
        action: 'user.update',
        details: {
          before: { credits: 5, isAdmin: false, name: 'Nora' },
          after: { credits: 12, isAdmin: true, name: 'Nora' },
        },
      }),
    ).toBe('Changed account: credits 5 → 12, made admin');
    expect(
      auditAction({ action: 'user.update', details: { before: {}, after: { email: 'n@example.com' } } }),
    ).toBe('Changed account: email');
    expect(auditAction({ action: 'interviewer.archive', details: null })).toBe('Archived scenario');
    expect(auditAction({ action: 'settings.models.update', details: { model: 'x' } })).toBe(
      'Changed model settings',
    );
    expect(auditAction({ action: 'something.new', details: null })).toBe('something.new');
  });

  it('says when the target is gone', () => {
    expect(auditTarget({ targetType: 'user', targetId: '9', targetName: null })).toBe('User #9 (deleted)');
    expect(auditTarget({ targetType: 'settings', targetId: 'models', targetName: null })).toBe(
      'Settings (models)',
    );
  });
});

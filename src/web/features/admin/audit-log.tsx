// Every admin write (who, what, when), newest first, at the bottom of the users tab (issue 9 §6).
import type { AuditEntry } from '@shared/contracts/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PaginationControls } from '@/components/ui/pagination-controls';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api-client';

const PAGE_SIZE = 10;

const TARGET_KINDS: Record<string, string> = {
  user: 'User',
  interviewer: 'Scenario',
  track: 'Track',
  settings: 'Settings',
};

/** "User Nora Newhire", "Scenario Sarah Chen", "Settings models"; the id only when the row is gone */
export function auditTarget(e: Pick<AuditEntry, 'targetType' | 'targetId' | 'targetName'>): string {
  const kind = TARGET_KINDS[e.targetType] ?? e.targetType;
  if (e.targetName) return `${kind} ${e.targetName}`;
  if (e.targetType === 'settings') return e.targetId ? `${kind} (${e.targetId})` : kind;
  return e.targetId ? `${kind} #${e.targetId} (deleted)` : kind;
}

const ACTIONS: Record<string, string> = {
  'user.create': 'Created account',
  'user.update': 'Changed account',
  'user.reset_password': 'Reset password',
  'interviewer.create': 'Created scenario',
  'interviewer.update': 'Changed scenario',
  'interviewer.archive': 'Archived scenario',
  'interviewer.delete': 'Deleted scenario',
  'track.create': 'Created track',
  'track.update': 'Changed track',
  'settings.models.update': 'Changed model settings',
};

const record = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** what an account change changed: "credits 5 → 12", "made admin", "name", "email" */
function accountChanges(details: unknown): string[] {
  const before = record(record(details).before);
  const after = record(record(details).after);
  const out: string[] = [];
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || before[key] === value) continue;
    if (key === 'credits') out.push(`credits ${before[key] ?? '?'} → ${value}`);
    else if (key === 'isAdmin') out.push(value ? 'made admin' : 'admin removed');
    else out.push(key);
  }
  return out;
}

/** "Changed account: credits 5 → 12, made admin", "Created scenario"; an unknown action as stored */
export function auditAction(e: Pick<AuditEntry, 'action' | 'details'>): string {
  const label = ACTIONS[e.action] ?? e.action;
  const changes = e.action === 'user.update' ? accountChanges(e.details) : [];
  return changes.length ? `${label}: ${changes.join(', ')}` : label;
}

export function AuditLog() {
  const [page, setPage] = useState(1);
  const audit = useQuery({
    queryKey: ['/api/audit-log', page],
    queryFn: () => api.get('/api/audit-log', { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit log</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <Table data-cards-on-phone="">
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>What</TableHead>
              <TableHead>Target</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {audit.data?.items.map((e) => (
              <TableRow key={e.id}>
                <TableCell className="whitespace-nowrap" data-label="When">
                  {new Date(e.createdAt).toLocaleString()}
                </TableCell>
                <TableCell data-label="Who">
                  {e.actorName ?? e.actorEmail ?? '—'}
                  {e.actorName && e.actorEmail && (
                    <span className="text-muted-foreground block text-xs">{e.actorEmail}</span>
                  )}
                </TableCell>
                <TableCell data-label="What">{auditAction(e)}</TableCell>
                <TableCell data-label="Target">{auditTarget(e)}</TableCell>
              </TableRow>
            ))}
            {audit.data?.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={4} className="text-muted-foreground">
                  No admin changes recorded yet.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        <PaginationControls
          page={page}
          totalPages={Math.ceil((audit.data?.total ?? 0) / PAGE_SIZE)}
          onPageChange={setPage}
          hideWhenSinglePage
        />
      </CardContent>
    </Card>
  );
}

import type { AssignmentStatus } from '@shared/contracts/teams';
import { Badge } from '@/components/ui/badge';

const LABELS: Record<AssignmentStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  passed: 'Passed',
};

export function AssignmentStatusBadge({ status }: { status: AssignmentStatus }) {
  return (
    <Badge
      variant={status === 'passed' ? 'default' : status === 'in_progress' ? 'secondary' : 'outline'}
      className={status === 'passed' ? 'bg-emerald-600 text-white' : undefined}
    >
      {LABELS[status]}
    </Badge>
  );
}

export const formatDueDate = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })
    : null;

// The confirmation before leaving a live call by a link or the browser's back (issue 20).
import { ConfirmDialog } from '@/components/confirm-dialog';

export const leaveCallText = {
  title: 'Leave the call?',
  description: 'Your call will end and be evaluated.',
  stay: 'Stay',
  leave: 'Leave',
} as const;

export function LeaveCallDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onStay();
      }}
      title={leaveCallText.title}
      description={leaveCallText.description}
      cancelLabel={leaveCallText.stay}
      confirmLabel={leaveCallText.leave}
      destructive
      onConfirm={onLeave}
    />
  );
}

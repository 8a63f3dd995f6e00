// The Leave Track confirmation, word for word from administration §2 "Tracks".
import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';

export function LeaveTrackDialog({ trigger, onConfirm }: { trigger: ReactNode; onConfirm: () => unknown }) {
  return (
    <ConfirmDialog
      trigger={trigger}
      title="Leave the track"
      description="This will remove you from this track. Your progress and score data will not be deleted, but you will need to rejoin the track to continue. This action cannot be undone."
      confirmLabel="Leave Track"
      onConfirm={onConfirm}
    />
  );
}

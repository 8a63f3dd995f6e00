// One page of calls as cards, only one expanded at a time (spec §4 "Expansion"), with the
// pagination below. Used by the dashboard and All Calls.
import type { ListedInterview } from '@shared/contracts/calls';
import { useEffect, useState } from 'react';
import { PaginationControls } from '@/components/ui/pagination-controls';
import { Spinner } from '@/components/ui/spinner';
import { CallCard } from './call-card';

export type CallListProps = {
  items: (ListedInterview & { userName?: string; userEmail?: string })[];
  total: number;
  /** more than `total` calls match (the server counts only so far past the page: LIST_COUNT_AHEAD) */
  totalCapped?: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  isLoading: boolean;
  emptyText: string;
  emptyHint?: string;
  /** whether the viewer may rate a given call (its owner) */
  canEditRating: (interview: ListedInterview) => boolean;
};

/** CallList's items and totals from a paged list answer (empty while it loads). */
export const listedPage = (data?: Pick<CallListProps, 'items' | 'total' | 'totalCapped'>) => ({
  items: data?.items ?? [],
  total: data?.total ?? 0,
  totalCapped: data?.totalCapped,
});

export function CallList({
  items,
  total,
  totalCapped = false,
  page,
  pageSize,
  onPageChange,
  isLoading,
  emptyText,
  emptyHint,
  canEditRating,
}: CallListProps) {
  const [openId, setOpenId] = useState<number | null>(null);
  // A card on another page is not "open" any more.
  useEffect(() => {
    if (openId !== null && !items.some((i) => i.id === openId)) setOpenId(null);
  }, [items, openId]);

  if (isLoading) {
    return (
      <div className="flex justify-center py-12">
        <Spinner className="size-8 text-muted-foreground" label="Loading calls" />
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="rounded-lg border border-dashed py-12 text-center">
        <p className="text-muted-foreground">{emptyText}</p>
        {emptyHint && <p className="mt-1 text-muted-foreground text-sm">{emptyHint}</p>}
      </div>
    );
  }
  // more than `total` calls: more than this many whole pages
  const totalPages = totalCapped ? Math.floor(total / pageSize) : Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="space-y-3">
      <ul className="space-y-3" aria-label="Calls">
        {items.map((interview) => (
          <li key={interview.id}>
            <CallCard
              interview={interview}
              expanded={openId === interview.id}
              onToggle={() => setOpenId((id) => (id === interview.id ? null : interview.id))}
              ratingMode={canEditRating(interview) ? 'edit' : 'view'}
            />
          </li>
        ))}
      </ul>
      <PaginationControls
        page={page}
        totalPages={totalPages}
        morePages={totalCapped}
        onPageChange={onPageChange}
      />
    </div>
  );
}

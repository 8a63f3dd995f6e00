import { ChevronLeft, ChevronRight } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export type PaginationControlsProps = {
  /** 1-based current page */
  page: number;
  /** total number of pages (0 or 1 hides nothing: the control still shows "Page 1 of 1") */
  totalPages: number;
  onPageChange: (page: number) => void;
  className?: string;
  /** hide the whole control when there is only one page */
  hideWhenSinglePage?: boolean;
  /** there are more than `totalPages` pages (a list that counts only so far): "Page 1 of more than
   * 20", and Next stays enabled */
  morePages?: boolean;
};

/** Previous / Next buttons with "Page X of Y" between them. */
function PaginationControls({
  page,
  totalPages,
  onPageChange,
  className,
  hideWhenSinglePage = false,
  morePages = false,
}: PaginationControlsProps) {
  const pages = Math.max(1, totalPages);
  if (hideWhenSinglePage && pages <= 1 && !morePages) return null;
  return (
    <nav
      aria-label="Pagination"
      data-slot="pagination-controls"
      className={cn('flex items-center justify-center gap-3 py-2', className)}
    >
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft />
        Previous
      </Button>
      <span className="text-muted-foreground text-sm">
        {morePages ? `Page ${page} of more than ${pages}` : `Page ${Math.min(page, pages)} of ${pages}`}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={!morePages && page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        Next
        <ChevronRight />
      </Button>
    </nav>
  );
}

export { PaginationControls };

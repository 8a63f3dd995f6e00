import { Loader2 } from 'lucide-react';
import type * as React from 'react';

import { cn } from '@/lib/utils';

/** Animated loading indicator (lucide Loader2). Announced to screen readers as "Loading". */
function Spinner({ className, label = 'Loading', ...props }: React.ComponentProps<'svg'> & { label?: string }) {
  return (
    <Loader2
      data-slot="spinner"
      role="status"
      aria-label={label}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}

/** A centred spinner filling the available area, for page-level loading. */
function PageSpinner({ className }: { className?: string }) {
  return (
    <div data-slot="page-spinner" className={cn('flex min-h-[50vh] w-full items-center justify-center', className)}>
      <Spinner className="text-muted-foreground size-8" />
    </div>
  );
}

export { Spinner, PageSpinner };

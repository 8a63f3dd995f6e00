import type { Purchase } from '@shared/contracts/billing';
import { formatCents } from '@shared/domain/credit-packs';
import { PURCHASE_PAGE_SIZE } from '@shared/domain/limits';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PaginationControls } from '@/components/ui/pagination-controls';
import { Skeleton } from '@/components/ui/skeleton';
import { usePurchases } from '../billing/payments-api';

const STATUS_VARIANT = { completed: 'success', pending: 'secondary', failed: 'destructive' } as const;
const STATUS_LABEL = { completed: 'Completed', pending: 'Pending', failed: 'Failed' } as const;

/** A payment left unfinished this long (a dialog closed before paying) is no longer waited for. */
export const PENDING_ABANDONED_MS = 30 * 60_000;

/** What a pending purchase means: a payment still going through, or one never finished (no charge). */
export const pendingNote = (p: Pick<Purchase, 'createdAt'>, now: number) =>
  now - new Date(p.createdAt).getTime() > PENDING_ABANDONED_MS
    ? 'not completed, nothing was charged'
    : 'waiting for the payment to go through';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function PurchaseRow({ purchase }: { purchase: Purchase }) {
  return (
    <li className="flex items-center justify-between gap-4 py-3" data-testid="purchase-row">
      <div>
        <p className="font-medium">
          {purchase.credits} {purchase.credits === 1 ? 'credit' : 'credits'}
        </p>
        <p className="text-muted-foreground text-sm">
          <time dateTime={purchase.createdAt}>{dateFormat.format(new Date(purchase.createdAt))}</time>
          {purchase.status === 'failed' && ' · not charged'}
          {purchase.status === 'pending' && ` · ${pendingNote(purchase, Date.now())}`}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className="tabular-nums">{formatCents(purchase.amount)}</span>
        <Badge variant={STATUS_VARIANT[purchase.status]}>{STATUS_LABEL[purchase.status]}</Badge>
      </div>
    </li>
  );
}

/** The caller's purchases, failed attempts included, newest first, 5 per page (administration §2, §9). */
export function PurchaseHistory() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = usePurchases(page);
  const totalPages = Math.max(1, Math.ceil((data?.total ?? 0) / PURCHASE_PAGE_SIZE));

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Purchase History</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="grid gap-3">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : isError ? (
          <p className="text-destructive text-sm">Could not load your purchases.</p>
        ) : !data || data.total === 0 ? (
          <p className="text-muted-foreground">No purchases yet.</p>
        ) : (
          <>
            <ul className="divide-y" aria-label="Purchases">
              {data.items.map((p) => (
                <PurchaseRow key={p.id} purchase={p} />
              ))}
            </ul>
            <PaginationControls page={page} totalPages={totalPages} onPageChange={setPage} className="mt-2" />
          </>
        )}
      </CardContent>
    </Card>
  );
}

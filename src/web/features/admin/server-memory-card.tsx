// Where this server's memory goes (issue 25), on the admin's Model and voice settings tab: the
// server process (resident, JS heap), its other child processes (the embedded PostgreSQL) and the
// built-in recogniser's decoders, from the admin's GET /api/health. What a call starts (the
// offline voice, the evaluator's thread, the decoders) stops when idle, so the figures fall back.
import type { MemoryStatus } from '@shared/contracts/health';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const mb = (value: number) => `${Math.round(value)} MB`;
const decoders = (n: number) => `${n} decoder${n === 1 ? '' : 's'}`;

function Row({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
      <div className="min-w-0">
        <p className="font-medium">{label}</p>
        {detail && <p className="text-muted-foreground text-sm">{detail}</p>}
      </div>
      <p className="tabular-nums">{value}</p>
    </li>
  );
}

export function ServerMemoryCard({
  memory,
  onRefresh,
  refreshing,
}: {
  memory: MemoryStatus | undefined;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const children = memory ? [memory.otherChildrenMb, memory.recognisersMb] : [];
  const total =
    memory && children.every((c) => c !== null)
      ? memory.rssMb + (memory.otherChildrenMb ?? 0) + (memory.recognisersMb ?? 0)
      : null;
  return (
    <Card>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <div>
            <CardTitle>Server memory</CardTitle>
            <CardDescription>
              What this server holds now. The offline voice, the evaluator and the speech recogniser start
              with a call and stop when idle.
            </CardDescription>
          </div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onRefresh}
            disabled={refreshing}
            aria-label="Refresh server memory"
          >
            <RefreshCw className="size-4" />
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {memory ? (
          <ul className="divide-y">
            {total !== null && <Row label="In all" value={mb(total)} />}
            <Row
              label="Server process"
              value={mb(memory.rssMb)}
              detail={`resident, threads included; JavaScript heap ${mb(memory.heapUsedMb)} of ${mb(memory.heapTotalMb)}`}
            />
            <Row
              label="Database and other child processes"
              value={memory.otherChildrenMb === null ? 'not readable' : mb(memory.otherChildrenMb)}
              detail="the embedded PostgreSQL, when it runs here"
            />
            <Row
              label="Speech recogniser"
              value={
                memory.recognisers === 0
                  ? 'not running'
                  : memory.recognisersMb === null
                    ? decoders(memory.recognisers)
                    : `${decoders(memory.recognisers)}, ${mb(memory.recognisersMb)}`
              }
            />
          </ul>
        ) : (
          <p className="text-muted-foreground text-sm">Not available.</p>
        )}
      </CardContent>
    </Card>
  );
}

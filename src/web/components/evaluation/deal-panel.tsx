// "The deal": what a call's bargaining came to against what the persona's brief allowed (decision
// 025), a row per figure: where it opened, where the call left it, a bar of the room won, and what
// was left on the table or would have moved it further; then what else it could give, and what the
// user asked for that it had no say over (left open).
import type { Deal } from '@shared/contracts/evaluation';
import {
  dealTermName,
  dealTermReached,
  dealTermVerdict,
  formatDealFigure,
  roomWon,
} from '@shared/domain/deal';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import type { HeadingLevel } from './speech-analytics-panel';

export function DealPanel({
  deal,
  headingLevel = 4,
  className,
}: {
  deal: Deal;
  headingLevel?: HeadingLevel;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  const levers = deal.levers;
  return (
    <section
      aria-label="The deal"
      className={cn('rounded-lg border p-4', className)}
      data-testid="deal-panel"
    >
      <Heading className="font-semibold">The deal</Heading>
      <p className="mb-3 text-muted-foreground text-sm">
        {deal.closed
          ? 'Agreed in the call. Here is how it compares with what the persona could give.'
          : deal.terms.some((t) => t.agreed)
            ? 'Some terms were agreed in the call, but the deal was not closed. Here is where each stood, and what the persona could give.'
            : 'No deal was agreed in the call. Here is where things stood, and what the persona could give.'}
      </p>
      <ul className="space-y-3">
        {deal.terms.map((t, i) => {
          const won = Math.round(roomWon(t) * 100);
          return (
            <li key={`${t.name}-${i}`} className="rounded-md bg-muted/50 p-3" data-testid="deal-term">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium">{dealTermName(t)}</span>
                <span className="text-sm tabular-nums">
                  {t.opening !== 0 && <>their offer {formatDealFigure(t, t.opening)} · </>}
                  {dealTermReached(t)}
                </span>
              </div>
              <Progress
                value={won}
                aria-label={`${dealTermName(t)}: ${won}% of the room the persona had`}
                className="mt-2 h-1.5 bg-primary/15"
              />
              <p className="mt-1 text-muted-foreground text-xs">
                {won}% of the room the persona had (up to {formatDealFigure(t, t.furthest)})
              </p>
              <p className="mt-1 text-sm">{dealTermVerdict(t)}</p>
            </li>
          );
        })}
      </ul>
      {deal.requests.length > 0 && (
        <p className="mt-3 text-sm" data-testid="deal-requests">
          <span className="font-medium">Asked for and left open: </span>
          {deal.requests.join('; ')}. The persona could not agree to these on the call: settle them in writing
          before you sign.
        </p>
      )}
      {levers.length > 0 && (
        <p className="mt-3 text-sm">
          <span className="font-medium">It could also give: </span>
          {levers.map((l) => `${l.say} (${l.granted ? 'agreed' : 'not asked for'})`).join(', ')}.
        </p>
      )}
    </section>
  );
}

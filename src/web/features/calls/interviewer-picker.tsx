// Step 1 of a call: choose a scenario, grouped by call type, with a call-type filter and a banner
// for the chosen one (spec: core-experience §2 "New call").
import type { Interviewer } from '@shared/contracts/scenarios';
import { ArrowRight, X } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { scenarioSubtitle } from '@/lib/scenario-subtitle';
import { cn } from '@/lib/utils';
import { InterviewerAvatar } from './interviewer-avatar';
import { stepHeadingClass, stepHeadingProps } from './step-heading';

const ALL = 'all';

/** Scenarios grouped by call type, types in alphabetical order, keeping each group's list order. */
export function groupByCallType(interviewers: readonly Interviewer[]): [string, Interviewer[]][] {
  const groups = new Map<string, Interviewer[]>();
  for (const i of interviewers) {
    const type = i.callType || 'General';
    groups.set(type, [...(groups.get(type) ?? []), i]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

export function InterviewerPicker({
  interviewers,
  selected,
  onSelect,
  onContinue,
  actionsFor,
}: {
  interviewers: readonly Interviewer[];
  selected: Interviewer | null;
  onSelect: (interviewer: Interviewer | null) => void;
  onContinue: () => void;
  /** controls shown on a card beside (not inside) its button: Edit and Delete on one's own scenario */
  actionsFor?: (interviewer: Interviewer) => ReactNode;
}) {
  const [callType, setCallType] = useState(ALL);
  const groups = useMemo(() => groupByCallType(interviewers), [interviewers]);
  const shown = callType === ALL ? groups : groups.filter(([type]) => type === callType);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className={cn('text-2xl font-semibold', stepHeadingClass)} {...stepHeadingProps}>
            Choose a scenario
          </h1>
          <p className="text-sm text-muted-foreground">Pick who you want to practise with.</p>
        </div>
        <Select value={callType} onValueChange={setCallType}>
          <SelectTrigger aria-label="Filter by call type" className="min-w-56">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All call types</SelectItem>
            {groups.map(([type]) => (
              <SelectItem key={type} value={type}>
                {type}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {selected ? (
        // Sticks just below the sticky header (h-14 and its border), above the cards, never under it.
        <Card
          role="region"
          aria-label="Selected scenario"
          className="sticky top-16 z-30 flex-row items-center gap-3 px-4 py-3 shadow-md sm:gap-4"
        >
          <InterviewerAvatar interviewer={selected} className="size-10" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{selected.name}</p>
            <p className="truncate text-sm text-muted-foreground">
              {scenarioSubtitle(selected.role, selected.company)}
            </p>
          </div>
          <Button onClick={onContinue}>
            Continue <ArrowRight />
          </Button>
          <Button variant="ghost" size="icon" aria-label="Remove selection" onClick={() => onSelect(null)}>
            <X />
          </Button>
        </Card>
      ) : null}

      {interviewers.length === 0 ? (
        <p className="text-muted-foreground">No interviewers available at the moment.</p>
      ) : (
        // Groups flow into two columns from a tablet up, so a screen of one-scenario
        // groups is not one narrow card per row beside an empty page.
        <div className="gap-6 md:columns-2" data-testid="scenario-groups">
          {shown.map(([type, list]) => (
            <section key={type} aria-label={type} className="mb-6 flex break-inside-avoid flex-col gap-3">
              <h2 className="text-lg font-semibold">{type}</h2>
              <div className="grid gap-3">
                {list.map((i) => {
                  const isSelected = selected?.id === i.id;
                  const actions = actionsFor?.(i);
                  return (
                    // the card: its button chooses the scenario; actions (Edit, Delete on one's own
                    // scenario) sit beside the button, not inside it
                    <div
                      key={i.id}
                      className={cn(
                        'flex items-start rounded-xl border bg-card shadow-sm transition-colors hover:bg-accent',
                        isSelected && 'border-primary ring-2 ring-primary/40',
                      )}
                    >
                      <button
                        type="button"
                        aria-pressed={isSelected}
                        onClick={() => onSelect(isSelected ? null : i)}
                        className="flex min-w-0 flex-1 items-start gap-3 rounded-xl p-4 text-left focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                      >
                        <InterviewerAvatar interviewer={i} />
                        <span className="flex min-w-0 flex-col gap-1">
                          <span className="font-medium">{i.name}</span>
                          <span className="text-sm text-muted-foreground">
                            {scenarioSubtitle(i.role, i.company)}
                          </span>
                          {i.bio ? (
                            <span className="line-clamp-2 text-xs text-muted-foreground">{i.bio}</span>
                          ) : null}
                          {i.isCustomScenario ? (
                            <Badge variant="secondary" className="mt-1">
                              Custom
                            </Badge>
                          ) : null}
                        </span>
                      </button>
                      {actions ? <div className="flex shrink-0 gap-1 p-2">{actions}</div> : null}
                    </div>
                  );
                })}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

// Step 2 of a call: who the persona is, how the call will be judged, and the rules of the call
// (spec: core-experience §2 "Call Details").
import type { Interviewer } from '@shared/contracts/scenarios';
import { AlertTriangle, ArrowLeft, Phone } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { scenarioSubtitle } from '@/lib/scenario-subtitle';
import { cn } from '@/lib/utils';
import { HearingCheck } from './hearing-check';
import { InterviewerAvatar } from './interviewer-avatar';
import { MicCheck } from './mic-check';
import { stepHeadingClass, stepHeadingProps } from './step-heading';
import { useHearingPath } from './use-hearing-path';

export function CallDetails({
  interviewer,
  starting,
  onBack,
  onStart,
}: {
  interviewer: Interviewer;
  starting: boolean;
  onBack: () => void;
  onStart: () => void;
}) {
  const hearing = useHearingPath();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1 className={cn('text-2xl', stepHeadingClass)} {...stepHeadingProps}>
            Call Details
          </h1>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex items-start gap-4">
          <InterviewerAvatar interviewer={interviewer} className="size-16" />
          <div className="flex flex-col gap-1">
            <h2 className="text-xl font-semibold">{interviewer.name}</h2>
            <p className="text-muted-foreground">{scenarioSubtitle(interviewer.role, interviewer.company)}</p>
            <Badge variant="secondary">{interviewer.callType || 'General'}</Badge>
          </div>
        </div>
        {interviewer.bio ? <p className="leading-relaxed">{interviewer.bio}</p> : null}

        <HearingCheck path={hearing} />
        {hearing && hearing !== 'typing' ? <MicCheck /> : null}

        <section aria-labelledby="rubric-heading" className="flex flex-col gap-2">
          <h3 id="rubric-heading" className="font-semibold">
            Evaluation rubric: {interviewer.rubricName}
          </h3>
          <ul className="flex flex-col gap-2">
            {interviewer.rubricCriteria.map((c) => (
              <li key={c.name} className="rounded-lg border p-3">
                <p className="font-medium">{c.name}</p>
                {c.description ? <p className="text-sm text-muted-foreground">{c.description}</p> : null}
              </li>
            ))}
          </ul>
        </section>

        <div
          role="note"
          aria-label="Important Information"
          className="rounded-lg border border-red-500/50 bg-red-500/10 p-4 text-red-700 dark:text-red-300"
        >
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle className="size-4" aria-hidden /> Important Information
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
            <li>Calls last up to 30 minutes and end automatically when the time runs out.</li>
            <li>Once started, a call cannot be paused or restarted; use End Call when you are finished.</li>
            <li>Starting a call uses a credit. Allow microphone access when your browser asks.</li>
          </ul>
        </div>

        {/* The actions stick to the bottom of the screen while the details run below it, so Start
            Call is on screen without scrolling on a phone as on a desktop. */}
        <div className="sticky bottom-0 z-10 -mx-6 -mb-6 flex items-center justify-between gap-3 rounded-b-xl border-t bg-card px-6 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-6px_12px_-8px_rgb(0_0_0/0.2)]">
          <Button variant="outline" onClick={onBack} disabled={starting}>
            <ArrowLeft /> Back
          </Button>
          <Button onClick={onStart} disabled={starting}>
            {starting ? <Spinner /> : <Phone />} Start Call
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

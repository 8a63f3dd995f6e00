import type { PublicInterviewer } from '@shared/contracts/scenarios';
import { SELECTED_INTERVIEWER_ID_KEY } from '@shared/domain/session-keys';
import { PhoneCall } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { scenarioSubtitle } from '@/lib/scenario-subtitle';

export function ScenarioCard({
  interviewer,
  signedIn,
  eagerImage,
}: {
  interviewer: PublicInterviewer;
  signedIn: boolean;
  eagerImage: boolean;
}) {
  const { id, name, role, company, bio, avatar, sampleQuestions } = interviewer;
  // A visitor goes through sign-in first, which carries on to this link's address (the route
  // guard's `next`); kept here too, the New Call page reads it once if the address was lost.
  const remember = () => {
    if (!signedIn) sessionStorage.setItem(SELECTED_INTERVIEWER_ID_KEY, String(id));
  };
  return (
    <article
      aria-labelledby={`scenario-${id}-name`}
      className="bg-card text-card-foreground flex flex-col gap-4 rounded-xl border p-6 shadow-sm"
    >
      <Badge variant="secondary">{interviewer.callType || 'General'}</Badge>
      <div className="flex items-center gap-4">
        <Avatar className="size-16">
          {avatar ? (
            <AvatarImage src={avatar} alt="" loading={eagerImage ? 'eager' : 'lazy'} width={64} height={64} />
          ) : null}
          <AvatarFallback className="text-lg">{name.charAt(0).toUpperCase()}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <h2 id={`scenario-${id}-name`} className="text-lg font-semibold leading-tight">
            {name}
          </h2>
          <p className="text-muted-foreground text-sm">{scenarioSubtitle(role, company)}</p>
        </div>
      </div>
      {bio && <p className="text-sm">{bio}</p>}
      {sampleQuestions.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm font-semibold">Sample Questions</h3>
          <ul className="text-muted-foreground list-disc space-y-1 pl-5 text-sm">
            {sampleQuestions.map((q, i) => (
              <li key={i}>{q}</li>
            ))}
          </ul>
        </div>
      )}
      <Button asChild className="mt-auto w-full sm:w-auto sm:self-start">
        <Link
          to={`/new-call?interviewerId=${id}`}
          onClick={remember}
          aria-label={`Start Practice Call with ${name}`}
        >
          <PhoneCall />
          Start Practice Call
        </Link>
      </Button>
    </article>
  );
}

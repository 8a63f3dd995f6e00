// /scenarios for everyone (spec: core-experience §2 "All Scenarios"): every preset, from the
// public list, each with a link that starts a call with it.
import { useAuth } from '@/components/auth/auth-provider';
import { PageSpinner } from '@/components/ui/spinner';
import { ScenarioCard } from './scenario-card';
import { usePublicInterviewers } from './use-public-interviewers';

function Notice({ children }: { children: string }) {
  return <p className="text-muted-foreground rounded-xl border border-dashed p-10 text-center">{children}</p>;
}

export default function ScenariosPage() {
  const interviewers = usePublicInterviewers();
  const { user } = useAuth();

  return (
    <div className="container mx-auto px-4 py-10">
      <header className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight">All Scenarios</h1>
        <p className="text-muted-foreground mt-2">
          Pick a persona and practise the conversation by voice. Every call ends with a scored evaluation.
        </p>
      </header>
      {interviewers.isPending ? (
        <PageSpinner />
      ) : interviewers.isError ? (
        <p role="alert" className="text-destructive rounded-xl border p-10 text-center">
          Failed to load interviewers.
        </p>
      ) : interviewers.data.length === 0 ? (
        <Notice>No interviewers available at the moment.</Notice>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          {interviewers.data.map((interviewer, i) => (
            <ScenarioCard
              key={interviewer.id}
              interviewer={interviewer}
              signedIn={!!user}
              eagerImage={i < 4}
            />
          ))}
        </div>
      )}
    </div>
  );
}

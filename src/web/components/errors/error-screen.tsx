import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The generic error screen (spec §8): 'Something went wrong', the message, and Try again (reloads). */
export function ErrorScreen({ error }: { error?: unknown }) {
  const message = error instanceof Error && error.message ? error.message : 'An unexpected error occurred';
  return (
    <div
      role="alert"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <AlertTriangle className="text-destructive size-10" aria-hidden />
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-muted-foreground max-w-md break-words">{message}</p>
      <Button onClick={() => window.location.reload()}>Try again</Button>
    </div>
  );
}

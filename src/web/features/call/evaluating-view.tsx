import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

/** Step 4 of a call (spec: core-experience §2, §9: about 15 seconds). */
export function EvaluatingView() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
        <Spinner className="size-10 text-primary" label="Running evaluation" />
        <h2 className="text-xl font-semibold">Running evaluation</h2>
        <p className="text-muted-foreground">This usually takes about 15 seconds.</p>
      </CardContent>
    </Card>
  );
}

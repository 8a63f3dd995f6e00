import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { stepHeadingClass, stepHeadingProps } from './step-heading';

/** Step 4 of a call (spec: core-experience §2, §9: about 15 seconds). */
export function EvaluatingView() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
        <Spinner className="size-10 text-primary" label="Running evaluation" />
        <h1 className={cn('text-xl font-semibold', stepHeadingClass)} {...stepHeadingProps}>
          Running evaluation
        </h1>
        <p className="text-muted-foreground">This usually takes about 15 seconds.</p>
      </CardContent>
    </Card>
  );
}

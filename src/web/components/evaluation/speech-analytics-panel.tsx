// The "Speech analytics" panel: the measured figures of a call, each with a one-line explanation
// of what it means and what good looks like, so the numbers teach rather than judge.
import type { SpeechAnalytics } from '@shared/contracts/evaluation';
import { cn } from '@/lib/utils';

type Figure = { label: string; value: string; explanation: string };

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

export function analyticsFigures(a: SpeechAnalytics): Figure[] {
  const top = a.topFillers.map((f) => `"${f.word}" ×${f.count}`).join(', ');
  const figures: Figure[] = [
    {
      label: 'Pace',
      value: a.wordsPerMinute === null ? 'Not measured' : `${a.wordsPerMinute} words/min`,
      explanation:
        a.wordsPerMinute === null
          ? 'This call has no speech timings (for example typed answers), so pace could not be measured.'
          : 'Words per minute while you were speaking. About 120–160 is easy to follow; much faster is hard to take in.',
    },
    {
      label: 'Filler words',
      value: `${a.fillersPer100Words} per 100 words`,
      explanation: `${a.fillerCount} in total${top ? ` (${top})` : ''}. Fewer than 3 per 100 words sounds composed; a short pause works better than "um".`,
    },
    {
      label: 'Talk ratio',
      value: `${percent(a.talkRatio)} you`,
      explanation: `Your share of the conversation by ${a.talkRatioBasis === 'time' ? 'speaking time' : 'words'}. In an interview 55–75% is typical; in a discovery or sales call, let the other side talk more.`,
    },
    {
      label: 'Longest answer',
      value: `${a.longestAnswerWords} words${a.longestAnswerSeconds === null ? '' : ` · ${Math.round(a.longestAnswerSeconds)} s`}`,
      explanation: `Average answer ${a.averageAnswerWords} words over ${a.answerCount} answers. Beyond about 2 minutes (300 words) a listener starts to drift.`,
    },
  ];
  if (a.questionsAsked > 0) {
    figures.push({
      label: 'Questions answered',
      value: `${a.questionsAnswered ?? 0} of ${a.questionsAsked}`,
      explanation: 'Questions from the other side that got an answer of at least five words.',
    });
  }
  figures.push(
    {
      label: 'Concrete evidence',
      value: `${a.evidenceCount} sentence${a.evidenceCount === 1 ? '' : 's'}`,
      explanation:
        'Sentences with a figure or measurable result (numbers, percentages, amounts). Specifics make claims believable.',
    },
    {
      label: 'Hedging',
      value: `${a.hedgeCount} phrase${a.hedgeCount === 1 ? '' : 's'}`,
      explanation:
        'Phrases such as "I think", "maybe", "sort of". A few are natural; many make you sound unsure.',
    },
  );
  return figures;
}

export type HeadingLevel = 2 | 3 | 4 | 5;

export function SpeechAnalyticsPanel({
  analytics,
  headingLevel = 4,
  className,
}: {
  analytics: SpeechAnalytics;
  /** the level of the panel's heading, so it fits the page's outline */
  headingLevel?: HeadingLevel;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-label="Speech analytics" className={cn('rounded-lg border p-4', className)}>
      <Heading className="mb-3 font-semibold">Speech analytics</Heading>
      <dl className="grid gap-3 sm:grid-cols-2">
        {analyticsFigures(analytics).map((f) => (
          <div key={f.label} className="rounded-md bg-muted/50 p-3">
            <dt className="text-muted-foreground text-sm">{f.label}</dt>
            <dd className="font-semibold text-lg">{f.value}</dd>
            <dd className="text-muted-foreground text-xs">{f.explanation}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

// What the trend charts say, in words (issue 23 §8): x-axis labels that tell calls apart when
// several fall on one day, and a sentence per chart for people who do not see the lines.
import type { TrendPoint } from '@shared/contracts/call-review';
import { formatScore } from '@shared/domain/score-averages';

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatCallDate = (iso: string) => fullFormat.format(new Date(iso));

/**
 * One label per point, all different: the day alone where a day has one call, the day and time
 * where it has several, and a number after those that share the minute too. Points are oldest first.
 */
export function trendLabels(points: Pick<TrendPoint, 'date'>[]): string[] {
  const days = points.map((p) => dayFormat.format(new Date(p.date)));
  const perDay = new Map<string, number>();
  for (const d of days) perDay.set(d, (perDay.get(d) ?? 0) + 1);
  const labels = points.map((p, i) =>
    (perDay.get(days[i]) ?? 0) > 1 ? `${days[i]}, ${timeFormat.format(new Date(p.date))}` : days[i],
  );
  const seen = new Map<string, number>();
  const total = new Map<string, number>();
  for (const l of labels) total.set(l, (total.get(l) ?? 0) + 1);
  return labels.map((l) => {
    if ((total.get(l) ?? 0) < 2) return l;
    const n = (seen.get(l) ?? 0) + 1;
    seen.set(l, n);
    return `${l} (${n})`;
  });
}

const span = (points: TrendPoint[]) => {
  const first = dayFormat.format(new Date(points[0].date));
  const last = dayFormat.format(new Date(points[points.length - 1].date));
  return first === last ? `on ${first}` : `from ${first} to ${last}`;
};

const change = (from: number, to: number, unit: string, digits = 1) => {
  const d = to - from;
  const size = Math.abs(d).toFixed(digits);
  if (Number(size) === 0) return 'level with the first';
  return `${d > 0 ? 'up' : 'down'} ${size}${unit} from the first`;
};

/** The score chart in one sentence: how many calls, latest, best, lowest and the change. */
export function scoreSummary(points: TrendPoint[]): string {
  const scored = points.filter((p) => p.averageScore !== null) as (TrendPoint & { averageScore: number })[];
  if (scored.length === 0) return `${points.length} calls ${span(points)}, none of them scored yet.`;
  const scores = scored.map((p) => p.averageScore);
  const latest = scores[scores.length - 1];
  const calls = `${scored.length} scored ${scored.length === 1 ? 'call' : 'calls'} ${span(scored)}.`;
  if (scored.length === 1) return `${calls} Score ${formatScore(latest)} out of 10.`;
  return (
    `${calls} Latest score ${formatScore(latest)} out of 10, ${change(scores[0], latest, '')}; ` +
    `best ${formatScore(Math.max(...scores))}, lowest ${formatScore(Math.min(...scores))}.`
  );
}

/** The speech chart in one sentence: latest pace and fillers against the first call that had them. */
export function speechSummary(points: TrendPoint[]): string {
  const out: string[] = [];
  const paced = points.filter((p) => p.wordsPerMinute !== null).map((p) => p.wordsPerMinute as number);
  if (paced.length > 0) {
    const latest = paced[paced.length - 1];
    out.push(
      // the latest call that was spoken: a typed call has no pace
      `Speaking pace ${Math.round(latest)} words per minute in the latest spoken call` +
        (paced.length > 1 ? `, ${change(paced[0], latest, ' words per minute', 0)}.` : '.'),
    );
  }
  const fillers = points
    .filter((p) => p.fillersPer100Words !== null)
    .map((p) => p.fillersPer100Words as number);
  if (fillers.length > 0) {
    const latest = fillers[fillers.length - 1];
    out.push(
      `Filler words ${latest.toFixed(1)} per 100 words in the latest call` +
        (fillers.length > 1 ? `, ${change(fillers[0], latest, '')}.` : '.'),
    );
  }
  return out.join(' ');
}

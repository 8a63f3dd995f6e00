// Progress over time (beyond the spec, as good practice tools do): the average score of each
// completed call with its per-criterion scores on hover, and the speech-analytics trend (pace in
// words per minute, filler words per 100 words).
import type { TrendPoint } from '@shared/contracts/interview-review';
import { formatScore } from '@shared/domain/score-averages';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type ChartPoint = TrendPoint & { label: string };

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

function ScoreTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: unknown }[] }) {
  const point = payload?.[0]?.payload as ChartPoint | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border bg-popover p-3 text-popover-foreground text-sm shadow-md">
      <p className="font-medium">
        {point.interviewerName} · {point.label}
      </p>
      <p>Average: {point.averageScore === null ? 'not scored' : formatScore(point.averageScore)}</p>
      <ul className="mt-1 text-muted-foreground">
        {point.criteria.map((c) => (
          <li key={c.name}>
            {c.name}: {formatScore(c.score)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Shown by the dashboard only when there are at least MIN_TREND_POINTS points. */
export function ProgressCharts({ points }: { points: TrendPoint[] }) {
  const data: ChartPoint[] = points.map((p) => ({ ...p, label: dayFormat.format(new Date(p.date)) }));
  const hasSpeech = data.some((p) => p.wordsPerMinute !== null || p.fillersPer100Words !== null);
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="progress-charts">
      <Card className="gap-2">
        <CardHeader>
          <CardTitle>Score trend</CardTitle>
        </CardHeader>
        <CardContent className="h-56 px-2">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" className="stroke-muted" />
              <XAxis dataKey="label" fontSize={12} />
              <YAxis domain={[0, 10]} fontSize={12} />
              <Tooltip content={(props) => <ScoreTooltip active={props.active} payload={props.payload} />} />
              <Line
                type="monotone"
                dataKey="averageScore"
                name="Average score"
                stroke="var(--color-primary, #6366f1)"
                strokeWidth={2}
                connectNulls
                dot={{ r: 3 }}
              />
            </LineChart>
          </ResponsiveContainer>
        </CardContent>
      </Card>
      {hasSpeech && (
        <Card className="gap-2">
          <CardHeader>
            <CardTitle>Speaking pace and filler words</CardTitle>
          </CardHeader>
          <CardContent className="h-56 px-2">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={data} margin={{ top: 8, right: 0, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" className="stroke-muted" />
                <XAxis dataKey="label" fontSize={12} />
                <YAxis yAxisId="pace" fontSize={12} />
                <YAxis yAxisId="fillers" orientation="right" fontSize={12} />
                <Tooltip />
                <Legend />
                <Line
                  yAxisId="pace"
                  type="monotone"
                  dataKey="wordsPerMinute"
                  name="Words per minute"
                  stroke="#0ea5e9"
                  connectNulls
                />
                <Line
                  yAxisId="fillers"
                  type="monotone"
                  dataKey="fillersPer100Words"
                  name="Fillers per 100 words"
                  stroke="#f59e0b"
                  connectNulls
                />
              </LineChart>
            </ResponsiveContainer>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

// Progress over time (beyond the spec, as good practice tools do): the average score of each
// completed call with its per-criterion scores on hover, and the speech-analytics trend (pace in
// words per minute, filler words per 100 words). The drawings are for the eye only: each chart
// says what it shows in a sentence, and the numbers are in a table (issue 23 §8).
import type { TrendPoint } from '@shared/contracts/call-review';
import { formatScore } from '@shared/domain/score-averages';
import type { ReactNode } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCallDate, scoreSummary, speechSummary, trendLabels } from './trend-summary';

type ChartPoint = TrendPoint & { label: string };

/** The axes' labels in the theme's muted text (recharts' #666 was 3.1:1 on the dark card; 7.1:1 now, 4.7:1 on the light one). */
const TICK = { fill: 'var(--muted-foreground)' };

function ScoreTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: unknown }[] }) {
  const point = payload?.[0]?.payload as ChartPoint | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border bg-popover p-3 text-popover-foreground text-sm shadow-md">
      <p className="font-medium">
        {point.interviewerName} · {formatCallDate(point.date)}
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

const dash = (v: number | null, f: (n: number) => string) => (v === null ? '–' : f(v));

/** The numbers behind both charts, one row per call, oldest first. */
function TrendTable({ data, hasSpeech }: { data: ChartPoint[]; hasSpeech: boolean }) {
  return (
    <details className="rounded-lg border px-4 py-2 lg:col-span-2" data-testid="trend-table">
      <summary className="cursor-pointer py-1 text-sm font-medium">Show the numbers as a table</summary>
      <Table className="mt-2">
        <caption className="sr-only">Your completed calls, oldest first</caption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Call</TableHead>
            <TableHead scope="col">Scenario</TableHead>
            <TableHead scope="col" className="text-right">
              Average score
            </TableHead>
            {hasSpeech && (
              <>
                <TableHead scope="col" className="text-right">
                  Words per minute
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Fillers per 100 words
                </TableHead>
              </>
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.map((p) => (
            <TableRow key={p.id}>
              <TableCell>
                <time dateTime={p.date}>{formatCallDate(p.date)}</time>
              </TableCell>
              <TableCell>{p.interviewerName}</TableCell>
              <TableCell className="text-right tabular-nums">{dash(p.averageScore, formatScore)}</TableCell>
              {hasSpeech && (
                <>
                  <TableCell className="text-right tabular-nums">
                    {dash(p.wordsPerMinute, (n) => String(Math.round(n)))}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {dash(p.fillersPer100Words, (n) => n.toFixed(1))}
                  </TableCell>
                </>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </details>
  );
}

/** One chart card: its title, the chart said in words (for everyone), and the chart itself (hidden from screen readers, which get the summary and the table). */
function TrendCard(props: {
  title: string;
  summaryTestId: string;
  summary: string;
  data: ChartPoint[];
  marginRight: number;
  children: ReactNode;
}) {
  return (
    <Card className="gap-2">
      <CardHeader>
        <CardTitle>
          <h2>{props.title}</h2>
        </CardTitle>
        <p className="text-muted-foreground text-sm" data-testid={props.summaryTestId}>
          {props.summary}
        </p>
      </CardHeader>
      <CardContent className="h-56 px-2" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            data={props.data}
            accessibilityLayer={false}
            margin={{ top: 8, right: props.marginRight, bottom: 0, left: -16 }}
          >
            <CartesianGrid strokeDasharray="3 3" className="stroke-muted" />
            <XAxis dataKey="label" fontSize={12} minTickGap={12} tick={TICK} />
            {props.children}
          </LineChart>
        </ResponsiveContainer>
      </CardContent>
    </Card>
  );
}

/** Shown by the dashboard only when there are at least MIN_TREND_POINTS points. */
export function ProgressCharts({ points }: { points: TrendPoint[] }) {
  const labels = trendLabels(points);
  const data: ChartPoint[] = points.map((p, i) => ({ ...p, label: labels[i] }));
  const hasSpeech = data.some((p) => p.wordsPerMinute !== null || p.fillersPer100Words !== null);
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="progress-charts">
      <TrendCard
        title="Score trend"
        summaryTestId="score-trend-summary"
        summary={scoreSummary(points)}
        data={data}
        marginRight={16}
      >
        <YAxis domain={[0, 10]} fontSize={12} tick={TICK} />
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
      </TrendCard>
      {hasSpeech && (
        <TrendCard
          title="Speaking pace and filler words"
          summaryTestId="speech-trend-summary"
          summary={speechSummary(points)}
          data={data}
          marginRight={0}
        >
          <YAxis yAxisId="pace" fontSize={12} tick={TICK} />
          <YAxis yAxisId="fillers" orientation="right" fontSize={12} tick={TICK} />
          <Tooltip />
          <Legend />
          <Line
            yAxisId="pace"
            type="monotone"
            dataKey="wordsPerMinute"
            name="Words per minute"
            stroke="var(--trend-pace)"
            connectNulls
          />
          <Line
            yAxisId="fillers"
            type="monotone"
            dataKey="fillersPer100Words"
            name="Fillers per 100 words"
            stroke="var(--trend-fillers)"
            connectNulls
          />
        </TrendCard>
      )}
      <TrendTable data={data} hasSpeech={hasSpeech} />
    </div>
  );
}

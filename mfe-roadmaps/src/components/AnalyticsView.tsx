import { type RoadmapItem } from '@chorus/contracts';
import { roadmapAnalytics } from '../roadmap-views';
import { BarChart } from '@chorus/platform/charts';
import { Card, CardContent, CardHeader, CardTitle, cn } from '@chorus/platform/ui';
import { useMemo } from 'react';
import { priorityBarTones, statusBarTones } from './Badges';

/** Counts have no fractions: the axis labels only its whole-number ticks. */
const wholeNumbers = (value: number) => (Number.isInteger(value) ? String(value) : '');

function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card role="group" aria-label={label} className="gap-1 px-5 py-4 shadow-none">
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className="text-2xl font-bold tracking-tight">{value}</span>
      <span className="text-xs text-muted-foreground">{hint}</span>
    </Card>
  );
}

function Breakdown({
  title,
  rows,
}: {
  title: string;
  rows: { key: string; label: string; count: number; percent: number; tone: string }[];
}) {
  return (
    <Card className="shadow-none" role="group" aria-label={title}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {rows.map((row) => (
            <li key={row.key} className="grid gap-1" aria-label={`${row.label}: ${row.count}`}>
              <div className="flex items-center justify-between text-sm">
                <span>{row.label}</span>
                <span className="font-medium tabular-nums">
                  {row.count}
                  <span className="ml-2 text-xs text-muted-foreground">{row.percent}%</span>
                </span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-muted">
                <div
                  className={cn('h-full rounded-full', row.tone)}
                  style={{ width: `${row.percent}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The Analytics tab: totals, status and priority breakdowns, and items per month. */
export function AnalyticsView({ items }: { items: RoadmapItem[] }) {
  const analytics = useMemo(() => roadmapAnalytics(items), [items]);
  const inProgress = analytics.byStatus.find((row) => row.key === 'in_progress')!.count;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Total Items" value={String(analytics.total)} hint="On this roadmap" />
        <Stat
          label="Completion"
          value={`${analytics.completionRate}%`}
          hint="Of the items not cancelled"
        />
        <Stat label="In Progress" value={String(inProgress)} hint="Being worked on now" />
        <Stat
          label="Scheduled"
          value={`${analytics.scheduled} of ${analytics.total}`}
          hint="Items with dates"
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Breakdown
          title="Status Breakdown"
          rows={analytics.byStatus.map((row) => ({ ...row, tone: statusBarTones[row.key] }))}
        />
        <Breakdown
          title="Priority Breakdown"
          rows={analytics.byPriority.map((row) => ({ ...row, tone: priorityBarTones[row.key] }))}
        />
      </div>
      <Card className="min-w-0 shadow-none" role="group" aria-label="Items Over Time">
        <CardHeader>
          <CardTitle className="text-base">Items Over Time</CardTitle>
          <p className="text-sm text-muted-foreground">
            Items per month of their start date, or of the day they were added.
          </p>
        </CardHeader>
        <CardContent>
          {analytics.overTime.length === 0 ? (
            <p className="text-sm text-muted-foreground">No items yet.</p>
          ) : (
            <BarChart
              title="Items per month"
              data={analytics.overTime}
              category="label"
              categoryLabel="Month"
              series={[{ key: 'count', label: 'Items', color: 'var(--color-primary)' }]}
              formatLeftAxis={wholeNumbers}
              height={220}
            >
              <ol className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs">
                {analytics.overTime.map((month) => (
                  <li key={month.month} aria-label={`${month.label}: ${month.count}`}>
                    <span className="text-muted-foreground">{month.label}</span>{' '}
                    <span className="font-medium tabular-nums">{month.count}</span>
                  </li>
                ))}
              </ol>
            </BarChart>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

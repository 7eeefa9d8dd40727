import {
  formatDate,
  formatDollars,
  formatWholeDollars,
  type RevenuePoint,
} from '@chorus/contracts';
import { Chart } from '@chorus/platform/charts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@chorus/platform/ui';
import { LineChart } from 'lucide-react';

/** "2025-03" -> "Mar". */
const monthLabel = (month: string) =>
  formatDate(`${month}-01T00:00:00Z`, 'month', { timeZone: 'UTC' });

/** Axis ticks: "$1,500", cents only when there are some. */
const axisDollars = (amount: number) => formatWholeDollars(Math.round(amount * 100));

/**
 * Revenue per month (bars, left axis) and running subscriptions (line,
 * right axis), with a tooltip per month and a legend.
 */
export function RevenueChart({ points }: { points: RevenuePoint[] | undefined }) {
  const data = points ?? [];
  const total = data.reduce((sum, p) => sum + p.revenue, 0);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LineChart className="size-5 text-primary" aria-hidden /> Revenue &amp; Subscriptions
        </CardTitle>
        <CardDescription>
          Paid invoices per month and subscriptions running in it, over the last {data.length || 12}{' '}
          months ({formatDollars(total)} in total).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Chart
          title="Revenue and active subscriptions per month"
          data={data}
          category="month"
          categoryLabel="Month"
          formatCategory={(month) => monthLabel(String(month))}
          formatLeftAxis={axisDollars}
          series={[
            {
              key: 'revenue',
              label: 'Revenue',
              color: 'color-mix(in oklab, var(--color-primary) 80%, transparent)',
              format: formatDollars,
            },
            {
              key: 'activeSubscriptions',
              label: 'Active subscriptions',
              kind: 'line',
              axis: 'right',
              // Tailwind's emerald-600, as the line was before.
              color: '#059669',
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}

import { formatDollars, type RevenuePoint } from '@chorus/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@chorus/platform/ui';
import { LineChart } from 'lucide-react';

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 16, right: 48, bottom: 32, left: 64 };

const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/** A round upper bound for an axis: 1, 2, 5 or 10 times a power of ten. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

/**
 * Revenue per month (bars, left axis) and running subscriptions (line,
 * right axis), drawn as plain SVG so it scales with the card and prints.
 */
export function RevenueChart({ points }: { points: RevenuePoint[] | undefined }) {
  const data = points ?? [];
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const revenueMax = niceMax(Math.max(0, ...data.map((p) => p.revenue)));
  // A multiple of four, so the right axis's five ticks are whole subscriptions.
  const subscriptionsMax = Math.max(
    4,
    Math.ceil(Math.max(0, ...data.map((p) => p.activeSubscriptions)) / 4) * 4,
  );
  const slot = data.length ? innerWidth / data.length : innerWidth;
  const barWidth = Math.max(4, slot * 0.55);
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const yRevenue = (value: number) => PAD.top + innerHeight - (value / revenueMax) * innerHeight;
  const ySubs = (value: number) => PAD.top + innerHeight - (value / subscriptionsMax) * innerHeight;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const line = data
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i)},${ySubs(p.activeSubscriptions)}`)
    .join(' ');
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
        <div className="mb-3 flex flex-wrap gap-4 text-xs text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm bg-primary/80" aria-hidden /> Revenue
          </span>
          <span className="flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-4 bg-emerald-600" aria-hidden /> Active
            subscriptions
          </span>
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full"
          role="img"
          aria-label="Revenue and active subscriptions per month"
        >
          {ticks.map((tick) => {
            const y = PAD.top + innerHeight - tick * innerHeight;
            return (
              <g key={tick}>
                <line
                  x1={PAD.left}
                  x2={WIDTH - PAD.right}
                  y1={y}
                  y2={y}
                  className="stroke-border"
                  strokeDasharray={tick === 0 ? undefined : '3 4'}
                />
                <text
                  x={PAD.left - 8}
                  y={y + 4}
                  textAnchor="end"
                  className="fill-muted-foreground text-[11px]"
                >
                  {formatDollars(revenueMax * tick).replace(/\.00$/, '')}
                </text>
                <text x={WIDTH - PAD.right + 8} y={y + 4} className="fill-emerald-700 text-[11px]">
                  {subscriptionsMax * tick}
                </text>
              </g>
            );
          })}
          {data.map((point, index) => (
            <g key={point.month}>
              <rect
                x={x(index) - barWidth / 2}
                y={yRevenue(point.revenue)}
                width={barWidth}
                height={Math.max(0, PAD.top + innerHeight - yRevenue(point.revenue))}
                rx={3}
                className="fill-primary/80"
              >
                <title>
                  {`${point.month}: ${formatDollars(point.revenue)}, ${point.activeSubscriptions} active subscriptions`}
                </title>
              </rect>
              <text
                x={x(index)}
                y={HEIGHT - 10}
                textAnchor="middle"
                className="fill-muted-foreground text-[11px]"
              >
                {monthLabel.format(new Date(`${point.month}-01T00:00:00Z`))}
              </text>
            </g>
          ))}
          {data.length ? (
            <path d={line} fill="none" strokeWidth={2.5} className="stroke-emerald-600" />
          ) : null}
          {data.map((point, index) => (
            <circle
              key={point.month}
              cx={x(index)}
              cy={ySubs(point.activeSubscriptions)}
              r={3.5}
              className="fill-background stroke-emerald-600"
              strokeWidth={2}
            />
          ))}
        </svg>
      </CardContent>
    </Card>
  );
}

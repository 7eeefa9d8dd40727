import { type SubscriptionStats, formatDollars } from '@chorus/contracts';
import { Card, CardContent, CardHeader, CardTitle, cn } from '@chorus/platform/ui';
import { DollarSign, Gauge, UserRound, Users } from 'lucide-react';
import { type ComponentType, type ReactNode, useId } from 'react';

function StatCard({
  title,
  icon: Icon,
  tone,
  value,
  hint,
}: {
  title: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  tone: string;
  value: ReactNode;
  hint: string;
}) {
  const id = useId();
  return (
    <Card role="group" aria-labelledby={id} className="gap-3">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle id={id} className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        <span className={cn('flex size-9 items-center justify-center rounded-lg', tone)}>
          <Icon className="size-4" aria-hidden />
        </span>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-semibold tracking-tight tabular-nums">{value}</p>
        <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

/** Total Users, Monthly Revenue, Total Personas, Average Rate (100.00 until known, as the spec shows it). */
export function StatsCards({ stats }: { stats: SubscriptionStats | undefined }) {
  const placeholder = <span className="inline-block h-7 w-20 animate-pulse rounded bg-muted" />;
  return (
    <section
      aria-label="Subscription analytics"
      className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
    >
      <StatCard
        title="Total Users"
        icon={Users}
        tone="bg-primary/10 text-primary"
        value={stats ? stats.totalUsers.toLocaleString('en-US') : placeholder}
        hint="Registered customer accounts"
      />
      <StatCard
        title="Monthly Revenue"
        icon={DollarSign}
        tone="bg-emerald-50 text-emerald-700"
        value={stats ? formatDollars(stats.monthlyRevenue) : placeholder}
        hint={
          stats
            ? `From ${stats.activeSubscriptions} running subscription${stats.activeSubscriptions === 1 ? '' : 's'}`
            : 'From running subscriptions'
        }
      />
      <StatCard
        title="Total Personas"
        icon={UserRound}
        tone="bg-violet-50 text-violet-700"
        value={stats ? stats.totalPersonas.toLocaleString('en-US') : placeholder}
        hint="Selected across all products"
      />
      <StatCard
        title="Average Rate"
        icon={Gauge}
        tone="bg-amber-50 text-amber-700"
        value={`$${(stats?.averageRate ?? 100).toFixed(2)}`}
        hint="Per running subscription, per month"
      />
    </section>
  );
}

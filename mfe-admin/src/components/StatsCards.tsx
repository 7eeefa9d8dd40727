import { type SeatStats, type SubscriptionStats, formatDollars } from '@chorus/contracts';
import { StatCard, StatPlaceholder } from '@chorus/platform/ui';
import { DollarSign, Gauge, UserPlus, UserRound, Users, Wallet } from 'lucide-react';

/**
 * Total Users, Monthly Revenue, Total Personas, Average Rate (100.00 until
 * known, as the spec shows it), Team Seats and Seat Revenue.
 */
export function StatsCards({ stats }: { stats: (SubscriptionStats & SeatStats) | undefined }) {
  const placeholder = <StatPlaceholder />;
  return (
    <section
      aria-label="Subscription analytics"
      className="grid grid-cols-1 gap-4 [&>*]:min-w-0 sm:grid-cols-2 xl:grid-cols-3"
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
        value={formatDollars(stats?.averageRate ?? 100)}
        hint="Per running subscription, per month"
      />
      <StatCard
        title="Team Seats"
        icon={UserPlus}
        tone="bg-sky-50 text-sky-700"
        value={stats ? stats.totalSeats.toLocaleString('en-US') : placeholder}
        hint="Billable collaborators and admins of running subscriptions"
      />
      <StatCard
        title="Seat Revenue"
        icon={Wallet}
        tone="bg-teal-50 text-teal-700"
        value={stats ? formatDollars(stats.seatRevenue) : placeholder}
        hint="Per month, part of Monthly Revenue"
      />
    </section>
  );
}

import { type BillingSummary, formatBillingDate, formatDollars } from '@chorus/contracts';
import { StatCard, StatPlaceholder } from '@chorus/platform/ui';
import { CalendarClock, DollarSign, Package, Users } from 'lucide-react';
import { nextBillingSummary } from '../billing-page';

/** Monthly Spend, Active Products, Total Personas, Next Billing. */
export function SummaryCards({ summary }: { summary: BillingSummary | undefined }) {
  const loading = summary === undefined;
  const placeholder = <StatPlaceholder />;
  return (
    <section aria-label="Billing summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        title="Monthly Spend"
        icon={DollarSign}
        tone="bg-emerald-50 text-emerald-700"
        value={loading ? placeholder : formatDollars(summary.monthlySpend)}
        hint="Across your paying products"
      />
      <StatCard
        title="Active Products"
        icon={Package}
        tone="bg-primary/10 text-primary"
        value={loading ? placeholder : summary.activeProducts}
        hint={
          loading
            ? 'Products with a running subscription'
            : `of ${summary.totalProducts} ${summary.totalProducts === 1 ? 'product' : 'products'}`
        }
      />
      <StatCard
        title="Total Personas"
        icon={Users}
        tone="bg-violet-50 text-violet-700"
        value={loading ? placeholder : summary.totalPersonas}
        hint="Selected across all products"
      />
      <StatCard
        title="Next Billing"
        icon={CalendarClock}
        tone="bg-amber-50 text-amber-700"
        value={
          loading ? placeholder : formatBillingDate(nextBillingSummary(summary.nextBillingDate))
        }
        hint={
          summary?.nextBillingDate ? 'Your next scheduled charge' : 'Estimated, 30 days from today'
        }
      />
    </section>
  );
}

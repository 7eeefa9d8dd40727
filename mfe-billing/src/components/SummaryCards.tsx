import {
  type BillingSummary,
  formatBillingDate,
  formatDollars,
  nextBillingSummary,
} from '@chorus/contracts';
import { Card, CardContent, CardHeader, CardTitle, cn } from '@chorus/platform/ui';
import { CalendarClock, DollarSign, Package, Users } from 'lucide-react';
import { type ComponentType, type ReactNode, useId } from 'react';

function SummaryCard({
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

/** Monthly Spend, Active Products, Total Personas, Next Billing. */
export function SummaryCards({ summary }: { summary: BillingSummary | undefined }) {
  const loading = summary === undefined;
  const placeholder = <span className="inline-block h-7 w-20 animate-pulse rounded bg-muted" />;
  return (
    <section aria-label="Billing summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SummaryCard
        title="Monthly Spend"
        icon={DollarSign}
        tone="bg-emerald-50 text-emerald-700"
        value={loading ? placeholder : formatDollars(summary.monthlySpend)}
        hint="Across your paying products"
      />
      <SummaryCard
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
      <SummaryCard
        title="Total Personas"
        icon={Users}
        tone="bg-violet-50 text-violet-700"
        value={loading ? placeholder : summary.totalPersonas}
        hint="Selected across all products"
      />
      <SummaryCard
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

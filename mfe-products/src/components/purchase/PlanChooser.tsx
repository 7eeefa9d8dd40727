import {
  ANNUAL_DISCOUNT_PERCENT,
  type BillingCycle,
  CURRENT_PLAN,
  formatWholeDollars,
} from '@chorus/contracts';
import { cn } from '@chorus/platform/ui';
import { Check } from 'lucide-react';
import { useId } from 'react';

/** "$25/month, 10 AI personas included, $2 per additional persona" */
export const planIncludes = `${CURRENT_PLAN.includedPersonas} AI personas included, ${formatWholeDollars(CURRENT_PLAN.extraPersonaCents)} per additional persona`;

const planOptions: {
  cycle: BillingCycle;
  title: string;
  price: string;
  period: string;
  badge?: string;
}[] = [
  {
    cycle: 'monthly',
    title: 'Monthly',
    price: formatWholeDollars(CURRENT_PLAN.monthlyCents),
    period: '/month',
  },
  {
    cycle: 'annual',
    title: 'Annual',
    price: formatWholeDollars(CURRENT_PLAN.annualCents),
    period: '/year',
    badge: `Save ${ANNUAL_DISCOUNT_PERCENT}%`,
  },
];

/** What the chosen plan costs, in one line: "$25/month" or "$270/year". */
export function planPrice(cycle: BillingCycle): string {
  const option = planOptions.find((plan) => plan.cycle === cycle) ?? planOptions[0]!;
  return `${option.price}${option.period}`;
}

/** Monthly or Annual, as two radio cards with their prices (from the one pricing rule). */
export function PlanChooser({
  value,
  onChange,
  error,
}: {
  value: BillingCycle | '';
  onChange(cycle: BillingCycle): void;
  error?: string;
}) {
  const name = useId();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Billing plan</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {planOptions.map((plan) => {
          const checked = value === plan.cycle;
          return (
            <label
              key={plan.cycle}
              className={cn(
                'relative grid cursor-pointer gap-1 rounded-xl border p-4 transition-colors hover:border-primary/60 has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring/50',
                checked && 'border-primary bg-primary/5 ring-2 ring-primary/30',
              )}
            >
              <input
                type="radio"
                name={name}
                value={plan.cycle}
                checked={checked}
                onChange={() => onChange(plan.cycle)}
                className="sr-only"
              />
              <span className="flex items-center justify-between gap-2">
                <span className="font-semibold">{plan.title}</span>
                {plan.badge ? (
                  <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
                    {plan.badge}
                  </span>
                ) : null}
              </span>
              <span>
                <span className="text-2xl font-bold">{plan.price}</span>
                <span className="text-sm text-muted-foreground">{plan.period}</span>
              </span>
              <span className="flex items-start gap-1.5 text-xs text-muted-foreground">
                <Check className="mt-px size-3.5 shrink-0 text-primary" aria-hidden />
                {planIncludes}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

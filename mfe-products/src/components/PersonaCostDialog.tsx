import {
  type BillingCycle,
  formatDate,
  formatMoney,
  personaAdditionCost,
  type Promo,
  promoActive,
  promoEndsAt,
  quote,
} from '@chorus/contracts';
import { ConfirmDialog } from '@chorus/platform/ui';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="flex items-center gap-1.5 font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * Adding personas at or beyond the included count: what it changes on the
 * bill, before it does. One persona by default; `count` for a customer import.
 */
export function PersonaCostDialog({
  personaName,
  count = 1,
  plan,
  onConfirm,
  onCancel,
}: {
  /** The persona (or personas) about to be added; the dialog is closed without one. */
  personaName: string | null;
  count?: number;
  /** The product's terms now, team seats and promo included: the costs are the one quote's. */
  plan: {
    personaCount: number;
    billingCycle: BillingCycle;
    isLegacyPricing: boolean;
    seats: number;
    promo?: Promo;
  };
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cost = personaAdditionCost(plan, count);
  const before = quote(plan);
  const after = quote({ ...plan, personaCount: plan.personaCount + count });
  const several = count > 1;
  // A running promo discounts the whole amount: the increase is less than the persona's price.
  const promo = promoActive(plan.promo, new Date()) ? plan.promo : undefined;
  return (
    <ConfirmDialog
      open={personaName !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={several ? 'Add extra personas?' : 'Add an extra persona?'}
      description={`Your plan includes ${before.includedPersonas} personas. Adding ${personaName} goes beyond them, so ${several ? 'those past them are billed as extra personas' : 'it is billed as an extra persona'}.`}
      confirmLabel={several ? 'Add Personas' : 'Add Persona'}
      onConfirm={onConfirm}
    >
      <dl className="divide-y rounded-lg border px-4 text-sm" aria-label="Cost of the change">
        <Row label="Personas">
          {cost.from} <ArrowRight className="size-3.5" aria-label="to" /> {cost.to}
        </Row>
        <Row label="Extra persona cost">{formatMoney(cost.extraPersonaCents)}/month</Row>
        <Row label="Monthly increase">+{formatMoney(cost.monthlyIncreaseCents)}</Row>
        <Row label="New monthly cost">
          <span className="text-muted-foreground line-through">
            {formatMoney(before.monthlyRateCents)}
          </span>
          {formatMoney(after.monthlyRateCents)}/month
        </Row>
        {promo ? (
          <Row label="Promo code discount">
            {promo.discountPercent}% off until {formatDate(promoEndsAt(promo))}
          </Row>
        ) : null}
      </dl>
      <p className="text-xs text-muted-foreground">Changes apply from your next billing cycle.</p>
    </ConfirmDialog>
  );
}

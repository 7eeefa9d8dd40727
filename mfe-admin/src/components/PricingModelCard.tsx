import { ANNUAL_DISCOUNT_PERCENT, CURRENT_PLAN, formatMoney, LEGACY_PLAN } from '@chorus/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@chorus/platform/ui';
import { Tags } from 'lucide-react';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b py-2 last:border-b-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium tabular-nums">{value}</dd>
    </div>
  );
}

/** The pricing model, static: read from the pricing rules every screen uses. */
export function PricingModelCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Tags className="size-5 text-primary" aria-hidden /> Pricing Model
        </CardTitle>
        <CardDescription>
          What each product costs; promo codes discount it for their months.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2 xl:grid-cols-1">
        <div>
          <h4 className="mb-1 text-sm font-semibold">Current pricing</h4>
          <dl>
            <Row label="Base price" value={`${formatMoney(CURRENT_PLAN.monthlyCents)} / month`} />
            <Row
              label="Annual price"
              value={`${formatMoney(CURRENT_PLAN.annualCents)} / year (${ANNUAL_DISCOUNT_PERCENT}% off)`}
            />
            <Row label="Included personas" value={String(CURRENT_PLAN.includedPersonas)} />
            <Row
              label="Each extra persona"
              value={`${formatMoney(CURRENT_PLAN.extraPersonaCents)} / month`}
            />
          </dl>
        </div>
        <div>
          <h4 className="mb-1 text-sm font-semibold">Legacy pricing</h4>
          <dl>
            <Row label="Base price" value={`${formatMoney(LEGACY_PLAN.monthlyCents)} / month`} />
            <Row label="Included personas" value={String(LEGACY_PLAN.includedPersonas)} />
            <Row
              label="Each extra persona"
              value={`${formatMoney(LEGACY_PLAN.extraPersonaCents)} / month`}
            />
          </dl>
        </div>
      </CardContent>
    </Card>
  );
}

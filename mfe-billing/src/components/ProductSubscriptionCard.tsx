import {
  DEFAULT_PLAN_DISPLAY_NAME,
  formatBillingDate,
  formatDollars,
  type ProductView,
  type SubscriptionDetails,
} from '@chorus/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  SubscriptionStatusBadge,
} from '@chorus/platform/ui';
import { CalendarX2, Loader2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  billingMonthlyRate,
  personaSummary,
  seatSummary,
  subscriptionBadge,
} from '../billing-page';

/** Industries are stored lower case ("e-commerce"); cards show them as a word ("E-commerce"). */
function industryLabel(industry: string | null): string {
  if (!industry) return 'No industry';
  return industry.charAt(0).toUpperCase() + industry.slice(1);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/**
 * One product's subscription: what it costs, when it bills, and (for an
 * active subscription) cancelling at the end of the paid period.
 */
export function ProductSubscriptionCard({
  product,
  details,
  cancelling,
  onCancel,
}: {
  product: ProductView;
  details: SubscriptionDetails | undefined;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const status = details?.status ?? product.subscriptionStatus;
  const personaCount = details?.personaCount ?? product.billing.personaCount;
  const endsAt = details?.cancelAtPeriodEnd ? details.currentPeriodEnd : null;
  // "3 users × $25": billable team seats; the owner is never one.
  const seats = seatSummary(details);
  const badge = subscriptionBadge(status);
  const canCancel = badge === 'active' && !endsAt;
  // A product that never started paying, or whose subscription ended, can start one again.
  const canSubscribe = status === 'inactive' || badge === 'cancelled';

  return (
    <Card aria-labelledby={titleId} role="article" className="gap-5">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <CardTitle id={titleId} className="truncate text-lg">
            {product.name}
          </CardTitle>
          <p className="text-sm text-muted-foreground">{industryLabel(product.industry)}</p>
        </div>
        {endsAt ? (
          <Badge className="border-transparent bg-amber-100 text-amber-800">
            Cancels on {formatBillingDate(endsAt)}
          </Badge>
        ) : (
          <SubscriptionStatusBadge status={status} />
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4">
          <Fact label="Plan">{details?.planDisplayName || DEFAULT_PLAN_DISPLAY_NAME}</Fact>
          <Fact label="Personas">
            {personaSummary(personaCount, details?.extraPersonas ?? 0)}
            {details ? (
              <span className="block text-xs font-normal text-muted-foreground">
                {details.includedPersonas} included in the plan
              </span>
            ) : null}
          </Fact>
          {seats ? (
            <Fact label="Team">
              {seats}
              <span className="block text-xs font-normal text-muted-foreground">
                Collaborators and admins; you and viewers are free
              </span>
            </Fact>
          ) : null}
          <Fact label="Monthly Rate">
            <span className="text-base font-semibold">
              {formatDollars(billingMonthlyRate(details, product))}
            </span>
            <span className="text-muted-foreground">/month</span>
            {details?.billingCycle === 'annual' ? (
              <span className="block text-xs font-normal text-muted-foreground">
                {formatDollars(details.periodAmount)} billed yearly
              </span>
            ) : null}
          </Fact>
          <Fact label="Next Billing">{formatBillingDate(details?.nextBillingDate)}</Fact>
        </dl>
        {endsAt ? (
          <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <CalendarX2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              Cancels on <strong>{formatBillingDate(endsAt)}</strong>. You keep full access until
              then and will not be charged again.
            </span>
          </p>
        ) : null}
      </CardContent>
      {canCancel || canSubscribe ? (
        <CardFooter className="mt-auto justify-end gap-2 border-t pt-5">
          {canSubscribe ? (
            <Button asChild size="sm">
              <Link to={`/subscription-plans?productId=${encodeURIComponent(product.id)}`}>
                Choose a Plan
              </Link>
            </Button>
          ) : null}
          {canCancel ? (
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              disabled={cancelling}
              onClick={() => setConfirming(true)}
            >
              {cancelling ? <Loader2 className="animate-spin" aria-hidden /> : null}
              Cancel Subscription
            </Button>
          ) : null}
        </CardFooter>
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Cancel subscription for ${product.name}?`}
        description={
          <>
            Your subscription stays active until the end of the current billing period
            {details?.currentPeriodEnd ? ` (${formatBillingDate(details.currentPeriodEnd)})` : ''}.
            You keep access to {product.name} until then and will not be charged again.
          </>
        }
        cancelLabel="Keep Subscription"
        confirmLabel="Cancel Subscription"
        destructive
        onConfirm={onCancel}
      />
    </Card>
  );
}

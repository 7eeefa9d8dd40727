import {
  type AccessLevel,
  accessLevel,
  entitlementMessages,
  paymentPath,
  type ProductRole,
  type ProductView,
  statusWord,
} from '@chorus/contracts';
import { CheckCircle2, CreditCard, Lock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from './badge';
import { Button } from './button';
import { subscriptionSettling } from './products';

type ProductFacts = Pick<
  ProductView,
  'id' | 'subscriptionStatus' | 'subscriptionEndDate' | 'createdAt'
> & { role?: ProductRole };

/**
 * What a product page may offer, by the one entitlement rule of the
 * contracts. A product paid a moment ago is still settling (billing's event
 * is on its way to the catalog): its controls stay usable meanwhile — the
 * gateway asks billing itself before refusing.
 */
export function useProductAccess(product: ProductFacts): {
  level: AccessLevel;
  /** Whether the paid work (questions, personas, persona feedback, imports) may be offered. */
  canUsePaidFeatures: boolean;
} {
  const level = accessLevel(product);
  const settling = subscriptionSettling(product, new Date());
  return { level, canUsePaidFeatures: level === 'full' || settling };
}

/**
 * The banner of a product page whose product is not paid for: everything
 * stays readable, and Complete payment leads to the product's subscribe page.
 */
export function PaymentRequiredBanner({ product }: { product: ProductFacts }) {
  const { canUsePaidFeatures } = useProductAccess(product);
  if (canUsePaidFeatures) return null;
  return (
    <div
      role="region"
      aria-label="Payment required"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 px-5 py-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Lock className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
        <div className="grid gap-0.5">
          <p className="font-semibold">{entitlementMessages.banner}</p>
          <p className="text-sm text-amber-900">{entitlementMessages.bannerDetail}</p>
        </div>
      </div>
      {/* Paying is the owner's: a member is told who can. */}
      {!product.role || product.role === 'owner' ? (
        <Button asChild className="shrink-0">
          <Link to={paymentPath(product.id)}>
            <CreditCard aria-hidden /> Complete payment
          </Link>
        </Button>
      ) : (
        <p className="shrink-0 text-sm text-amber-900">Only the product owner can pay for it.</p>
      )}
    </div>
  );
}

/**
 * A subscription status in the one word every page uses for it (My
 * Products, the dashboard, the billing page); active is highlighted.
 */
export function SubscriptionStatusBadge({ status }: { status: string | null | undefined }) {
  const word = statusWord(status);
  switch (word) {
    case 'Active':
      return (
        <Badge variant="success">
          <CheckCircle2 aria-hidden /> Active
        </Badge>
      );
    case 'Past Due':
    case 'Unpaid':
      return <Badge className="border-transparent bg-amber-100 text-amber-800">{word}</Badge>;
    case 'Cancelled':
      return <Badge variant="secondary">{word}</Badge>;
    default:
      return (
        <Badge variant="outline" className="text-muted-foreground">
          {word}
        </Badge>
      );
  }
}

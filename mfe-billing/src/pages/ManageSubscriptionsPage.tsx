import type { ProductView } from '@chorus/contracts';
import { Card, LoadError, productRights } from '@chorus/platform/ui';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CreditCard, ReceiptText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { billingKeys, usePaymentProviderName, useProducts, useSubscriptionDetails } from '../api';
import { ManageBillingButton } from '../components/ManageBillingButton';
import { SubscriptionList } from '../components/SubscriptionList';
import { release } from '../release';

/**
 * /subscription/cancel, where the account menu's Subscription & Billing
 * leads: what the confirmation before it promises — the current
 * subscriptions, updating billing information, managing each product's
 * subscription and cancelling one if needed.
 */
export function ManageSubscriptionsPage() {
  const products = useProducts();
  // Products others own: billed to them, named as such when the user owns none.
  const all = useQuery<ProductView[]>({ queryKey: billingKeys.products });
  const shared = (all.data ?? []).filter((product) => !productRights(product.role).isOwner);
  const hasProducts = (products.data?.length ?? 0) > 0;
  const details = useSubscriptionDetails(hasProducts);
  const provider = usePaymentProviderName();
  const portalCustomer = Object.values(details.data ?? {}).find(
    (subscription) => subscription.customerId,
  )?.customerId;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Manage Subscriptions</h1>
        <p className="mt-2 max-w-3xl text-muted-foreground">
          Each product has its own subscription. See what each one costs and when it bills, update
          your billing information, choose a plan for a product that is not paid for, or cancel a
          subscription — it stays active until the end of the period already paid.
        </p>
      </header>

      <section aria-labelledby="billing-information" className="mt-8">
        <Card className="flex flex-col gap-4 px-6 py-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <CreditCard className="size-5" aria-hidden />
            </span>
            <div className="grid gap-1">
              <h2 id="billing-information" className="font-semibold">
                Billing information
              </h2>
              <p className="text-sm text-muted-foreground">
                {provider.data === 'stripe'
                  ? 'Your cards, billing address and tax details are kept by Stripe.'
                  : 'Your card is entered when you pay for a product and kept by the payment provider.'}
              </p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            {provider.data === 'stripe' && portalCustomer ? (
              <ManageBillingButton
                customerId={portalCustomer}
                returnPath="/subscription/cancel"
                label="Update Billing Information"
              />
            ) : null}
            <Link
              to="/billing"
              className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              <ReceiptText className="size-4" aria-hidden /> Invoices and monthly spend
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </div>
        </Card>
      </section>

      <section aria-labelledby="subscriptions-heading" className="mt-10 grid gap-4">
        <h2 id="subscriptions-heading" className="text-xl font-semibold">
          Your subscriptions
        </h2>
        {details.isError ? (
          <LoadError
            message="Unable to load your subscription details."
            onRetry={() => void details.refetch()}
          />
        ) : null}
        <SubscriptionList products={products} details={details.data} shared={shared} />
      </section>

      <p className="mt-12 text-center text-xs text-muted-foreground/80" data-testid="release">
        Release {release}
      </p>
    </div>
  );
}

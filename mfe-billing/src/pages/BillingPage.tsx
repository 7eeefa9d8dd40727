import { formatDollars, type ProductView } from '@chorus/contracts';
import { analytics } from '@chorus/platform';
import {
  Card,
  EmptyState,
  LoadError,
  Loading,
  productRights,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@chorus/platform/ui';
import { useQuery } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import {
  billingKeys,
  useBillingHistory,
  useBillingSummary,
  usePaymentProviderName,
  useProducts,
  useSubscriptionDetails,
} from '../api';
import { BillingHistory } from '../components/BillingHistory';
import { ManageBillingButton } from '../components/ManageBillingButton';
import { SharedProducts } from '../components/SharedProducts';
import { SubscriptionList } from '../components/SubscriptionList';
import { SummaryCards } from '../components/SummaryCards';
import { release } from '../release';

/**
 * Someone who owns no product and works on others' pays nothing: the page
 * says so, and who pays for each shared product, instead of a bill, a next
 * billing date and an offer to create a product.
 */
function NothingToPay({ shared }: { shared: ProductView[] }) {
  return (
    <div className="mt-8 grid gap-6">
      <Card className="gap-1 px-6 py-5" role="region" aria-label="What you pay">
        <p className="text-sm text-muted-foreground">What you pay</p>
        <p className="text-3xl font-bold tabular-nums" data-testid="you-pay">
          {formatDollars(0)}
          <span className="text-base font-normal text-muted-foreground">/month</span>
        </p>
        <p className="text-sm text-muted-foreground">
          You own no products, so nothing is billed to you.
        </p>
      </Card>
      <SharedProducts products={shared} />
    </div>
  );
}

/** /billing: what the customer pays, per product, and every invoice. */
export function BillingPage() {
  const products = useProducts();
  // Every product the user can open: the ones others own are billed to them.
  const all = useQuery<ProductView[]>({ queryKey: billingKeys.products });
  const shared = (all.data ?? []).filter((product) => !productRights(product.role).isOwner);
  const hasProducts = (products.data?.length ?? 0) > 0;
  const paysNothing = products.isSuccess && !hasProducts && shared.length > 0;
  const details = useSubscriptionDetails(hasProducts);
  const summary = useBillingSummary();
  const history = useBillingHistory();
  const provider = usePaymentProviderName();

  const portalCustomer = Object.values(details.data ?? {}).find(
    (subscription) => subscription.customerId,
  )?.customerId;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Subscription &amp; Billing</h1>
          <p className="mt-2 text-muted-foreground">
            Your product subscriptions, what they cost each month, and your invoices.
          </p>
        </div>
        {provider.data === 'stripe' && portalCustomer ? (
          <ManageBillingButton customerId={portalCustomer} />
        ) : null}
      </header>

      {paysNothing ? (
        <NothingToPay shared={shared} />
      ) : (
        <>
          <div className="mt-8">
            {summary.isError ? (
              <LoadError
                message="Unable to load your billing summary."
                onRetry={() => void summary.refetch()}
              />
            ) : (
              <SummaryCards summary={summary.data} />
            )}
          </div>

          <Tabs
            defaultValue="subscriptions"
            className="mt-10 gap-4"
            onValueChange={(tab) => {
              if (tab === 'history') analytics.billingInteraction('view_billing_history');
            }}
          >
            <TabsList aria-label="Billing sections">
              <TabsTrigger value="subscriptions">Subscriptions</TabsTrigger>
              <TabsTrigger value="history">Billing History</TabsTrigger>
            </TabsList>

            <TabsContent value="subscriptions">
              <SubscriptionList products={products} details={details.data} />
            </TabsContent>

            <TabsContent value="history">
              {history.isPending ? (
                <Loading label="Loading billing history..." />
              ) : history.isError ? (
                <LoadError
                  message="Unable to load your billing history."
                  onRetry={() => void history.refetch()}
                />
              ) : history.data.length === 0 ? (
                <EmptyState
                  icon={ReceiptText}
                  title="No billing history"
                  text="Invoices appear here once a subscription has been billed."
                />
              ) : (
                <BillingHistory invoices={history.data} />
              )}
            </TabsContent>
          </Tabs>
          {shared.length > 0 ? (
            <div className="mt-8">
              <SharedProducts products={shared} />
            </div>
          ) : null}
        </>
      )}

      <p className="mt-12 text-center text-xs text-muted-foreground/80" data-testid="release">
        Release {release}
      </p>
    </div>
  );
}

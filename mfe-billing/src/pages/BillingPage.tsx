import { analytics } from '@chorus/platform';
import {
  EmptyState,
  LoadError,
  Loading,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@chorus/platform/ui';
import { ReceiptText } from 'lucide-react';
import {
  useBillingHistory,
  useBillingSummary,
  usePaymentProviderName,
  useProducts,
  useSubscriptionDetails,
} from '../api';
import { BillingHistory } from '../components/BillingHistory';
import { ManageBillingButton } from '../components/ManageBillingButton';
import { SubscriptionList } from '../components/SubscriptionList';
import { SummaryCards } from '../components/SummaryCards';
import { release } from '../release';

/** /billing: what the customer pays, per product, and every invoice. */
export function BillingPage() {
  const products = useProducts();
  const hasProducts = (products.data?.length ?? 0) > 0;
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

      <p className="mt-12 text-center text-xs text-muted-foreground/80" data-testid="release">
        Release {release}
      </p>
    </div>
  );
}

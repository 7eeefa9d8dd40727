import {
  billingMessages,
  type SubscriptionCancellation,
  type SubscriptionDetailsByProduct,
} from '@chorus/contracts';
import { analytics, apiRequest, toast } from '@chorus/platform';
import {
  Button,
  EmptyState,
  LoadError,
  Loading,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@chorus/platform/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, FolderPlus, Loader2, ReceiptText } from 'lucide-react';
import { Link } from 'react-router-dom';
import {
  billingKeys,
  useBillingHistory,
  useBillingSummary,
  usePaymentProviderName,
  useProducts,
  useSubscriptionDetails,
} from '../api';
import { BillingHistory } from '../components/BillingHistory';
import { ProductSubscriptionCard } from '../components/ProductSubscriptionCard';
import { SummaryCards } from '../components/SummaryCards';
import { release } from '../release';
import { refusalMessage } from '../messages';

/**
 * The customer portal exists only with Stripe (the local provider's portal
 * is this page), so the button shows only there, for a customer the
 * provider knows.
 */
function ManageBillingButton({ customerId }: { customerId: string }) {
  const portal = useMutation({
    mutationFn: async () => {
      const response = await apiRequest('POST', '/api/billing/customer-portal', {
        customerId,
        returnUrl: `${window.location.origin}/billing`,
      });
      const { url } = (await response.json()) as { url?: string };
      if (!url) throw new Error('No portal URL received');
      return url;
    },
    onMutate: () => analytics.billingInteraction('open_customer_portal'),
    onSuccess: (url) => window.location.assign(url),
    onError: (error) =>
      toast({
        title: 'Portal Error',
        description:
          refusalMessage(error) ?? 'Unable to open the billing portal. Please try again.',
        variant: 'destructive',
      }),
  });
  return (
    <Button variant="outline" disabled={portal.isPending} onClick={() => portal.mutate()}>
      {portal.isPending ? (
        <Loader2 className="animate-spin" aria-hidden />
      ) : (
        <ExternalLink aria-hidden />
      )}
      Manage Billing
    </Button>
  );
}

/** /billing: what the customer pays, per product, and every invoice. */
export function BillingPage() {
  const queryClient = useQueryClient();
  const products = useProducts();
  const hasProducts = (products.data?.length ?? 0) > 0;
  const details = useSubscriptionDetails(hasProducts);
  const summary = useBillingSummary();
  const history = useBillingHistory();
  const provider = usePaymentProviderName();

  const portalCustomer = Object.values(details.data ?? {}).find(
    (subscription) => subscription.customerId,
  )?.customerId;

  const cancel = useMutation({
    mutationFn: async (productId: string) => {
      const response = await apiRequest(
        'POST',
        `/api/products/${encodeURIComponent(productId)}/cancel-subscription`,
      );
      return (await response.json()) as SubscriptionCancellation;
    },
    onSuccess: (answer, productId) => {
      queryClient.setQueryData<SubscriptionDetailsByProduct>(
        billingKeys.subscriptionDetails,
        (known) => ({ ...known, [productId]: answer.subscription }),
      );
      // Nothing is billed again for this product: the Next Billing card may move.
      void queryClient.invalidateQueries({ queryKey: billingKeys.stats });
      analytics.billingInteraction('cancel_subscription');
      toast({ title: 'Subscription Cancelled', description: answer.message });
    },
    onError: (error) =>
      toast({
        title: 'Cancellation Failed',
        description: refusalMessage(error) ?? billingMessages.cancellationFailed,
        variant: 'destructive',
      }),
  });

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
          {products.isPending ? (
            <Loading label="Loading subscriptions..." />
          ) : products.isError ? (
            <LoadError
              message="Unable to load your subscriptions."
              onRetry={() => void products.refetch()}
            />
          ) : products.data.length === 0 ? (
            <EmptyState
              icon={FolderPlus}
              title="No products found"
              text="Each product has its own subscription. Create one to get started."
              action={
                <Button asChild>
                  <Link to="/onboarding">Create Product</Link>
                </Button>
              }
            />
          ) : (
            <div className="grid gap-4 md:grid-cols-2">
              {products.data.map((product) => (
                <ProductSubscriptionCard
                  key={product.id}
                  product={product}
                  details={details.data?.[product.id]}
                  cancelling={cancel.isPending && cancel.variables === product.id}
                  onCancel={() => cancel.mutate(product.id)}
                />
              ))}
            </div>
          )}
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

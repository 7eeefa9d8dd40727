import {
  billingMessages,
  type ProductView,
  type SubscriptionCancellation,
  type SubscriptionDetailsByProduct,
} from '@chorus/contracts';
import { analytics, apiRequest, toast } from '@chorus/platform';
import { Button, EmptyState, LoadError, Loading } from '@chorus/platform/ui';
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { FolderPlus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { billingKeys } from '../api';
import { refusalMessage } from '../messages';
import { ProductSubscriptionCard } from './ProductSubscriptionCard';
import { SharedProducts } from './SharedProducts';

/**
 * Every product's subscription card, with cancelling at the end of the paid
 * period: the billing page's Subscriptions tab and the subscription
 * management page show the same list.
 */
export function SubscriptionList({
  products,
  details,
  shared = [],
}: {
  products: UseQueryResult<ProductView[]>;
  details: SubscriptionDetailsByProduct | undefined;
  /** Products others own and shared with the user: said to be paid for by their owners. */
  shared?: ProductView[];
}) {
  const queryClient = useQueryClient();
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
    <>
      {products.isPending ? (
        <Loading label="Loading subscriptions..." />
      ) : products.isError ? (
        <LoadError
          message="Unable to load your subscriptions."
          onRetry={() => void products.refetch()}
        />
      ) : products.data.length === 0 && shared.length > 0 ? (
        // Someone who only works on others' products has nothing to subscribe to or create here.
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            You own no products, so you have no subscriptions and pay nothing.
          </p>
          <SharedProducts products={shared} />
        </div>
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
              details={details?.[product.id]}
              cancelling={cancel.isPending && cancel.variables === product.id}
              onCancel={() => cancel.mutate(product.id)}
            />
          ))}
        </div>
      )}
    </>
  );
}

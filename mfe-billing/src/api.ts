import type {
  BillingHistoryRow,
  BillingSummary,
  PlanCatalogue,
  ProductView,
  SubscriptionDetailsByProduct,
} from '@chorus/contracts';
import { queryClient } from '@chorus/platform';
import { productRights } from '@chorus/platform/ui';
import { useQuery } from '@tanstack/react-query';

// The billing pages' reads. Each key is the path the shared query function
// GETs (with the bearer token); the QueryClient's defaults are the spec's:
// never stale, no refetch on focus, no retries.

export const billingKeys = {
  products: ['/api/products'],
  subscriptionDetails: ['/api/billing/subscription-details'],
  stats: ['/api/dashboard/stats'],
  history: ['/api/billing/history'],
  plans: ['/api/stripe/products'],
  paymentConfig: ['/api/billing/config'],
} as const;

/** Products shared with the user are billed to their owner: billing lists only the user's own. */
const ownedOnly = (products: ProductView[]) =>
  products.filter((product) => productRights(product.role).isOwner);

export function useProducts() {
  return useQuery<ProductView[], Error, ProductView[]>({
    queryKey: billingKeys.products,
    select: ownedOnly,
  });
}

/** Fetched only when products exist (the spec). */
export function useSubscriptionDetails(enabled: boolean) {
  return useQuery<SubscriptionDetailsByProduct>({
    queryKey: billingKeys.subscriptionDetails,
    enabled,
  });
}

export function useBillingSummary() {
  return useQuery<BillingSummary>({ queryKey: billingKeys.stats });
}

export function useBillingHistory() {
  return useQuery<BillingHistoryRow[]>({ queryKey: billingKeys.history });
}

export function usePlanCatalogue() {
  return useQuery<PlanCatalogue>({ queryKey: billingKeys.plans });
}

/** Which payment provider runs: the customer portal exists only with Stripe. */
export function usePaymentProviderName() {
  return useQuery<{ provider: string }, Error, string>({
    queryKey: billingKeys.paymentConfig,
    select: (config) => config.provider,
  });
}

/** After a payment or a cancellation, what the billing page shows is read again. */
export function refreshBilling(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      [
        billingKeys.products,
        billingKeys.subscriptionDetails,
        billingKeys.stats,
        billingKeys.history,
      ].some((key) => key[0] === query.queryKey[0]),
  });
}

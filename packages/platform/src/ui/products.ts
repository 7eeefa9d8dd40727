import type { ProductView } from '@chorus/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@chorus/platform';

// The signed-in user's products, read by every page that is about one of
// them. The query keys are the paths the shared query function GETs, so
// every microfrontend shares one cached answer. Here and not in the
// singleton, which the landing page loads: only pages about a product need
// them.

export const productQueryKeys = {
  products: ['/api/products'],
  product: (id: string) => ['/api/products', encodeURIComponent(id)],
} as const;

/** The error of a call, when it is the server's 404 (unknown id, or another user's). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * How long after its creation a product may still be becoming paid: billing
 * starts the subscription and tells the catalog by event, which can land
 * after the page has read the product. Pages re-read such a product until
 * then; an unpaid product older than this is simply unpaid.
 */
const SUBSCRIPTION_SETTLING_MS = 2 * 60_000;

/** Whether a product's subscription status may still change on its own in a moment. */
export function subscriptionSettling(
  product: Pick<ProductView, 'subscriptionStatus' | 'createdAt'>,
  now: Date,
): boolean {
  const age = now.getTime() - Date.parse(product.createdAt);
  return product.subscriptionStatus === 'inactive' && age >= 0 && age < SUBSCRIPTION_SETTLING_MS;
}

const SETTLING_POLL_MS = 2_000;

/** My products; polled while one just paid for settles (billing's event reaches the catalog). */
export function useProducts(options: { enabled?: boolean } = {}) {
  return useQuery<ProductView[]>({
    queryKey: productQueryKeys.products,
    enabled: options.enabled,
    refetchInterval: (query) =>
      query.state.data?.some((product) => subscriptionSettling(product, new Date()))
        ? SETTLING_POLL_MS
        : false,
  });
}

/** One product; a 404 (unknown or another user's id) is an answer, so it is not retried. */
export function useProduct(id: string | undefined) {
  return useQuery<ProductView>({
    queryKey: productQueryKeys.product(id ?? ''),
    enabled: Boolean(id),
    // Re-read while a payment settles, so its page turns fully usable on its own.
    refetchInterval: (query) =>
      query.state.data && subscriptionSettling(query.state.data, new Date())
        ? SETTLING_POLL_MS
        : false,
  });
}

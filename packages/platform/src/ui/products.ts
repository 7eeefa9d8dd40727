import { type ProductView, subscriptionSettling } from '@chorus/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@chorus/platform';

// The signed-in user's products, read by every page that is about one of
// them. The query keys are the paths the shared query function GETs, so
// every microfrontend shares one cached answer. Here and not in the
// singleton: the polling rule needs the contracts (and zod), which the
// landing page does not load.

export const productQueryKeys = {
  products: ['/api/products'],
  product: (id: string) => ['/api/products', encodeURIComponent(id)],
} as const;

/** The error of a call, when it is the server's 404 (unknown id, or another user's). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
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

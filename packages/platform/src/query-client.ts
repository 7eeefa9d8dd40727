import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/**
 * The one QueryClient of the page (the platform is a shared singleton, so the
 * shell and every microfrontend see the same cache). The spec's defaults:
 * data never goes stale, no refetch on focus, no polling, no retries.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});

import { useSyncExternalStore } from 'react';
import { navigateToUrl } from 'single-spa';

/**
 * The chrome navigates through single-spa rather than a router of its own:
 * a page change is a URL change that single-spa turns into mounting the
 * right app (and announces with a popstate event, which re-renders us).
 */
function subscribe(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

export function navigate(url: string): void {
  navigateToUrl(url);
}

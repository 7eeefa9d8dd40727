import { currentToasts, queryClient, subscribeToasts, useAuth } from '@chorus/platform';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { usePathname } from './navigation';

// Loaded when first needed, so a signed-out visitor's first page stays light.
const TopBar = lazy(() => import('./TopBar'));
const Toaster = lazy(() =>
  import('@chorus/platform/ui').then(({ Toaster }) => ({ default: Toaster })),
);

/** The toasts, mounted from the first toast on. */
function Toasts() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** Always mounted: the signed-in top bar (the landing page has its own header) and the toasts. */
function Frame() {
  const { user } = useAuth();
  const pathname = usePathname();
  return (
    <>
      {user && pathname !== '/landing' ? (
        <Suspense fallback={<div className="h-16 border-b bg-background" />}>
          <TopBar user={user} />
        </Suspense>
      ) : null}
      <Toasts />
    </>
  );
}

export const { bootstrap, mount, unmount } = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: () => (
    <QueryClientProvider client={queryClient}>
      <Frame />
    </QueryClientProvider>
  ),
  // A broken top bar must not take the toasts or the pages with it.
  errorBoundary: () => <Toasts />,
});

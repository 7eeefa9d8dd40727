import { queryClient } from '@chorus/platform';
import { MicrofrontendFallback } from '@chorus/platform/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import React, { lazy, Suspense } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { LandingPage } from './LandingPage';
import { usePathname } from './navigation';

const ResetPasswordPage = lazy(() => import('./ResetPasswordPage'));

/** The chrome's own pages: the landing page (also for unknown paths when signed out) and the reset page. */
function ChromePages() {
  const pathname = usePathname();
  if (pathname.replace(/\/+$/, '') === '/reset-password') {
    return (
      <Suspense fallback={null}>
        <ResetPasswordPage />
      </Suspense>
    );
  }
  return <LandingPage />;
}

export const { bootstrap, mount, unmount } = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: () => (
    <QueryClientProvider client={queryClient}>
      <ChromePages />
    </QueryClientProvider>
  ),
  errorBoundary: () => <MicrofrontendFallback label="This page" />,
});

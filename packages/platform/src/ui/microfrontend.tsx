import { queryClient } from '@chorus/platform';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from './toaster';

/** What a microfrontend's React tree sits in: the shared QueryClient and a router on the page's URL. */
export function MicrofrontendRoot({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>{children}</BrowserRouter>
    </QueryClientProvider>
  );
}

/**
 * A microfrontend started on its own (`npm run start:standalone`): the same
 * tree plus the toasts that the shell's chrome would otherwise show.
 */
export function StandaloneRoot({ children }: { children: ReactNode }) {
  return (
    <MicrofrontendRoot>
      <div className="min-h-screen bg-muted/30">{children}</div>
      <Toaster />
    </MicrofrontendRoot>
  );
}

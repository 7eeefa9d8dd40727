import { queryClient } from '@chorus/platform';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { PortalContainerContext } from './portal';
import { Toaster } from './toaster';

interface RootProps {
  /** The Module Federation name of the app; its stylesheet is scoped to `data-chorus-app="<app>"`. */
  app: string;
  children: ReactNode;
}

/**
 * What a microfrontend's React tree sits in: the shared QueryClient, a router
 * on the page's URL, and its style scope — on its own elements and on the
 * host its dialogs and menus are portalled into (see
 * tools/webpack-config/scope-styles.js).
 */
export function MicrofrontendRoot({ app, children }: RootProps) {
  const [portalHost] = useState(() => {
    const host = document.createElement('div');
    host.dataset.chorusApp = app;
    // In the document before any child's effect runs: a dialog open from the
    // first render (a route that opens one) hides the rest of the page from
    // screen readers in its own effect, which needs its host in the body.
    document.body.appendChild(host);
    return host;
  });
  useEffect(() => {
    if (!portalHost.isConnected) document.body.appendChild(portalHost);
    return () => portalHost.remove();
  }, [portalHost]);
  return (
    <QueryClientProvider client={queryClient}>
      <PortalContainerContext.Provider value={portalHost}>
        <div data-chorus-app={app} style={{ display: 'contents' }}>
          <BrowserRouter>{children}</BrowserRouter>
        </div>
      </PortalContainerContext.Provider>
    </QueryClientProvider>
  );
}

/**
 * A microfrontend started on its own (`npm run start:standalone`): the same
 * tree plus the toasts that the shell's chrome would otherwise show.
 */
export function StandaloneRoot({ app, children }: RootProps) {
  return (
    <MicrofrontendRoot app={app}>
      <div className="min-h-screen bg-muted/30">{children}</div>
      <Toaster />
    </MicrofrontendRoot>
  );
}

import { MicrofrontendFallback } from '@chorus/platform/ui';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import type { LifeCycles } from 'single-spa';
import singleSpaReact from 'single-spa-react';

/** Stands in for a remote that could not be loaded, on that remote's routes only. */
export function fallbackLifecycles(label: string): Promise<LifeCycles> {
  return Promise.resolve(
    singleSpaReact({
      React,
      ReactDOMClient,
      rootComponent: () => <MicrofrontendFallback label={label} />,
    }),
  );
}

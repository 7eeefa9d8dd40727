import { MicrofrontendFallback, MicrofrontendRoot } from '@chorus/platform/ui';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { App } from './App';
import './styles.css';

/** What the shell mounts: single-spa lifecycles, with a fallback if rendering fails. */
export const { bootstrap, mount, unmount } = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: () => (
    <MicrofrontendRoot app="products">
      <App />
    </MicrofrontendRoot>
  ),
  errorBoundary: () => <MicrofrontendFallback label="Products" />,
});

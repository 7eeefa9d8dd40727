import { StandaloneRoot } from '@chorus/platform/ui';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';

// Standalone (npm run start:standalone): the app alone on its dev server, API proxied to the gateway.
createRoot(document.getElementById('root')!).render(
  <StandaloneRoot app="products">
    <App />
  </StandaloneRoot>,
);

import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
// The app's typeface, so a shared link reads like the rest of Chorus.
import '@fontsource-variable/inter';
import { SharePage } from './SharePage';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  createElement(SharePage, { path: window.location.pathname }),
);

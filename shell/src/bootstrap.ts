import { isSignedIn, onSessionChange, restoreSession, trackPageView } from '@chorus/platform';
import { registerApplication, start, triggerAppChange } from 'single-spa';
import { loadRemoteLifecycles, readRemoteTable, registerRemoteTable } from './remotes';
import { type PageOwner, pageOwner, type RemoteName, remoteNames } from './routes';
// Inter for the app; a microfrontend run alone falls back to the system font.
import '@fontsource-variable/inter';
import './styles.css';

/**
 * The root config (no UI framework): reads the deployed remotes, learns who
 * is signed in, then lets single-spa mount the chrome and, for each path,
 * the one app that owns the page.
 */
const labels: Record<RemoteName, string> = {
  products: 'Products',
  roadmaps: 'Roadmaps',
  billing: 'Billing',
  admin: 'Admin',
};

function container(owner: PageOwner): HTMLElement {
  const id = `page-${owner}`;
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement('div');
    element.id = id;
    document.getElementById('chorus-main')!.appendChild(element);
  }
  return element;
}

const ownsPage = (owner: PageOwner) => (location: Location) =>
  pageOwner(location.pathname, isSignedIn()) === owner;

async function boot(): Promise<void> {
  const [remotes] = await Promise.all([readRemoteTable(), restoreSession()]);
  registerRemoteTable(remotes);

  registerApplication({
    name: 'chrome-frame',
    app: () => import('./chrome/frame'),
    activeWhen: () => true,
    customProps: { domElement: document.getElementById('chorus-header')! },
  });
  registerApplication({
    name: 'chrome-pages',
    app: () => import('./chrome/pages'),
    activeWhen: ownsPage('chrome'),
    customProps: { domElement: container('chrome') },
  });
  for (const name of remoteNames) {
    registerApplication({
      name,
      app: () =>
        loadRemoteLifecycles(name, remotes, () =>
          import('./chrome/fallback').then(({ fallbackLifecycles }) =>
            fallbackLifecycles(labels[name]),
          ),
        ),
      activeWhen: ownsPage(name),
      customProps: { domElement: container(name) },
    });
  }

  // Signing in or out changes who owns the current path.
  onSessionChange(() => void triggerAppChange());

  let lastPath = '';
  window.addEventListener('single-spa:routing-event', () => {
    const path = window.location.pathname + window.location.search;
    if (path !== lastPath) {
      lastPath = path;
      trackPageView(path);
    }
  });

  start({ urlRerouteOnly: true });
}

void boot();

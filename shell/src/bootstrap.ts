import {
  getToken,
  isSignedIn,
  onSessionChange,
  restoreSession,
  trackPageView,
} from '@chorus/platform';
import { registerApplication, start, triggerAppChange } from 'single-spa';
import { choosePaymentProvider } from './payments';
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
  // Everything the first page needs starts downloading at once: the chrome,
  // the landing page when nobody is signed in, the table of remotes (needed
  // only when a remote mounts), and who is signed in.
  const frame = import(/* webpackChunkName: "chrome-frame" */ './chrome/frame');
  const landing = getToken()
    ? undefined
    : import(/* webpackChunkName: "chrome-pages" */ './chrome/pages');
  const remotes = readRemoteTable().then((table) => {
    registerRemoteTable(table);
    return table;
  });
  void choosePaymentProvider();
  await restoreSession();

  registerApplication({
    name: 'chrome-frame',
    app: () => frame,
    activeWhen: () => true,
    customProps: { domElement: document.getElementById('chorus-header')! },
  });
  registerApplication({
    name: 'chrome-pages',
    app: () => landing ?? import(/* webpackChunkName: "chrome-pages" */ './chrome/pages'),
    activeWhen: ownsPage('chrome'),
    customProps: { domElement: container('chrome') },
  });
  for (const name of remoteNames) {
    registerApplication({
      name,
      app: async () =>
        loadRemoteLifecycles(name, await remotes, () =>
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

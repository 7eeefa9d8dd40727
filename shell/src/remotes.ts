import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import type { RemoteName } from './routes';

/** remote name -> URL of its mf-manifest.json, as deployed. */
type RemoteTable = Partial<Record<RemoteName, string>>;

/**
 * Reads the deployed remotes. Publishing a new microfrontend means new files
 * and a new entry here; the shell itself is never rebuilt for it.
 */
export async function readRemoteTable(): Promise<RemoteTable> {
  try {
    const response = await fetch('/mfe/remotes.json', { cache: 'no-cache' });
    if (!response.ok) return {};
    const table: unknown = await response.json();
    if (!table || typeof table !== 'object') return {};
    return Object.fromEntries(
      Object.entries(table).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    // No table: every remote shows its fallback, the chrome still works.
    return {};
  }
}

export function registerRemoteTable(table: RemoteTable): void {
  registerRemotes(Object.entries(table).map(([name, entry]) => ({ name, entry })));
}

/**
 * The single-spa lifecycles a remote exposes, or the fallback's when the
 * remote cannot be loaded (not deployed, down, broken): one failing remote
 * never blanks the page.
 */
export async function loadRemoteLifecycles(
  name: RemoteName,
  table: RemoteTable,
  fallback: () => Promise<LifeCycles>,
): Promise<LifeCycles> {
  if (!table[name]) return fallback();
  try {
    const lifecycles = await loadRemote<LifeCycles>(`${name}/lifecycles`);
    if (!lifecycles) return fallback();
    return lifecycles;
  } catch {
    return fallback();
  }
}

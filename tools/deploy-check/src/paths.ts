import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The repository root: everything the checks read is addressed from here. */
export const repoRoot = path.resolve(__dirname, '../../..');

export const chartDir = path.join(repoRoot, 'helm/chorus');

export function fromRoot(...parts: string[]): string {
  return path.join(repoRoot, ...parts);
}

/**
 * The deployable folders of the workspace: every service under services/,
 * the shell and each mfe-* microfrontend. Read from disk, so a folder that
 * lands later is checked (and must be wired in) without touching the tests.
 */
export function deployableFolders(): { services: string[]; webApps: string[] } {
  const withPackage = (dir: string) => existsSync(path.join(dir, 'package.json'));
  const services = readdirSync(fromRoot('services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && withPackage(fromRoot('services', entry.name)))
    .map((entry) => entry.name)
    .sort();
  const webApps = readdirSync(repoRoot, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && (entry.name === 'shell' || entry.name.startsWith('mfe-')),
    )
    .filter((entry) => withPackage(fromRoot(entry.name)))
    .map((entry) => entry.name)
    .sort();
  return { services, webApps };
}

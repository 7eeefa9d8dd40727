import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the built web app is in this repository, for the gateway: the shell's
 * dist and every `mfe-<name>/dist` that holds an mf-manifest.json (served as
 * remote `<name>`) or an index.html of its own (mfe-share's pages). Empty when nothing is built, and values already in the
 * environment win.
 */
export function webAppEnv(
  root: string,
  env: Record<string, string | undefined>,
): Record<string, string> {
  const shellDir = path.join(root, 'shell', 'dist');
  if (env.WEB_SHELL_DIR || !existsSync(path.join(shellDir, 'index.html'))) return {};
  const remotes = readdirSync(root)
    .filter((folder) => folder.startsWith('mfe-'))
    .filter(
      (folder) =>
        existsSync(path.join(root, folder, 'dist', 'mf-manifest.json')) ||
        // A page of its own (mfe-share), served for its paths rather than federated.
        existsSync(path.join(root, folder, 'dist', 'index.html')),
    )
    .map((folder) => `${folder.slice('mfe-'.length)}=${path.join(root, folder, 'dist')}`);
  return {
    WEB_SHELL_DIR: shellDir,
    ...(env.WEB_MFE_DIRS ? {} : { WEB_MFE_DIRS: remotes.join(',') }),
  };
}

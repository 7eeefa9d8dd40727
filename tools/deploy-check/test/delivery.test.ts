import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defaultValues, imageOf } from '../src/chart';
import { readDockerfile } from '../src/dockerfile';
import { deployableFolders, fromRoot, repoRoot } from '../src/paths';
import { readSkaffold, resolveIn, type SkaffoldConfig, templateKey } from '../src/skaffold';

const configs = [...readSkaffold('skaffold.yaml'), ...readSkaffold('load/skaffold.yaml')];
const values = defaultValues();
const folders = deployableFolders();

function config(name: string): SkaffoldConfig {
  const found = configs.find((c) => c.metadata.name === name);
  if (!found) throw new Error(`no skaffold config named ${name}`);
  return found;
}

const artifacts = configs.flatMap((c) =>
  (c.build?.artifacts ?? []).map((artifact) => ({ config: c, artifact })),
);

function artifactFor(image: string) {
  return artifacts.find(({ artifact }) => artifact.image === image);
}

describe('every deployable folder is built and deployed', () => {
  test.each(
    folders.services
      .map((name) => ['services/' + name, name, 'SERVICE'])
      .concat(folders.webApps.map((name) => [name, name, 'APP'])),
  )(
    '%s has an image of the same name built from it, and a chart component',
    (_folder, name, buildArg) => {
      const built = artifactFor(name);
      expect(built?.artifact.docker?.buildArgs?.[buildArg]).toBe(name);
      expect(values.components[name]).toBeDefined();
      expect(imageOf(name, values.components[name]!)).toBe(name);
    },
  );

  test('every chart component runs an image that skaffold builds', () => {
    for (const [name, component] of Object.entries(values.components)) {
      expect({ name, built: artifactFor(imageOf(name, component)) !== undefined }).toEqual({
        name,
        built: true,
      });
    }
  });
});

describe.each(artifacts.map(({ config: c, artifact }) => [artifact.image, c, artifact] as const))(
  'the %s image',
  (_image, skaffold, artifact) => {
    const context = resolveIn(skaffold, artifact.context);
    const dockerfile = path.resolve(context, artifact.docker?.dockerfile ?? 'Dockerfile');

    test('has its context and Dockerfile', () => {
      expect(existsSync(context)).toBe(true);
      expect(existsSync(dockerfile)).toBe(true);
    });

    test('copies only paths that exist in its context, declares its build arguments, and runs as a numeric non-root user', () => {
      const facts = readDockerfile(readFileSync(dockerfile, 'utf8'));
      for (const source of facts.contextSources) {
        expect({ source, exists: existsSync(path.resolve(context, source)) }).toEqual({
          source,
          exists: true,
        });
      }
      for (const name of Object.keys(artifact.docker?.buildArgs ?? {}))
        expect(facts.args.has(name)).toBe(true);
      expect(facts.finalUser).toMatch(/^[1-9]\d*(:[1-9]\d*)?$/);
    });
  },
);

describe('the service recipe', () => {
  const recipe = readDockerfile(readFileSync(fromRoot('docker/service.Dockerfile'), 'utf8'));
  const shared = (recipe.args.get('SHARED') ?? '').split(/\s+/);
  const workspaceOf = new Map<string, string>();
  for (const folder of [...shared, ...folders.services.map((s) => `services/${s}`)]) {
    const manifest = z
      .object({ name: z.string() })
      .safeParse(JSON.parse(readFileSync(fromRoot(folder, 'package.json'), 'utf8')));
    if (manifest.success) workspaceOf.set(manifest.data.name, folder);
  }
  const manifestOf = (folder: string) =>
    z
      .object({
        dependencies: z.record(z.string(), z.string()).default({}),
        scripts: z.record(z.string(), z.string()).default({}),
      })
      .parse(JSON.parse(readFileSync(fromRoot(folder, 'package.json'), 'utf8')));

  test.each(folders.services)('builds every workspace %s depends on at run time', (service) => {
    const needed = new Set<string>();
    const visit = (folder: string) => {
      for (const dependency of Object.keys(manifestOf(folder).dependencies).filter((d) =>
        d.startsWith('@chorus/'),
      )) {
        const dependencyFolder = workspaceOf.get(dependency) ?? `(${dependency} is not in SHARED)`;
        if (!needed.has(dependencyFolder)) {
          needed.add(dependencyFolder);
          if (existsSync(fromRoot(dependencyFolder, 'package.json'))) visit(dependencyFolder);
        }
      }
    };
    visit(`services/${service}`);
    expect([...needed].filter((folder) => !shared.includes(folder))).toEqual([]);
  });

  test.each(folders.services)(
    '%s starts with `node <file>`, the entry the image runs',
    (service) => {
      expect(manifestOf(`services/${service}`).scripts.start).toMatch(/^node \S+\.js$/);
    },
  );
});

describe('skaffold.yaml', () => {
  test('deploys the platform first, then the app; the load test requires the app', () => {
    expect(config('app').requires).toEqual([expect.objectContaining({ configs: ['platform'] })]);
    expect(config('load').requires).toEqual([
      expect.objectContaining({ path: '../skaffold.yaml', configs: ['app'] }),
    ]);
  });

  test('every config has dev and prod profiles, and prod deploys the prod overlay and values', () => {
    for (const c of configs) expect(c.profiles.map((p) => p.name)).toEqual(['dev', 'prod']);
    const prod = (name: string) => config(name).profiles.find((p) => p.name === 'prod');
    expect(prod('platform')?.manifests?.kustomize.paths).toEqual(['k8s/overlays/prod']);
    expect(prod('app')?.deploy?.helm?.releases[0]?.valuesFiles).toEqual([
      'helm/chorus/ci/prod-values.yaml',
    ]);
  });

  test('every kustomize path, chart and values file it names exists', () => {
    for (const c of configs) {
      const sections = [c, ...c.profiles];
      for (const p of sections.flatMap((s) => s.manifests?.kustomize.paths ?? [])) {
        expect({
          path: p,
          exists: existsSync(path.join(resolveIn(c, p), 'kustomization.yaml')),
        }).toEqual({ path: p, exists: true });
      }
      for (const release of sections.flatMap((s) => s.deploy?.helm?.releases ?? [])) {
        for (const file of [release.chartPath + '/Chart.yaml', ...release.valuesFiles]) {
          expect({ file, exists: existsSync(resolveIn(c, file)) }).toEqual({ file, exists: true });
        }
      }
    }
  });

  test('hands every component the image skaffold built for it, in each profile', () => {
    const releases = [config('app'), ...config('app').profiles].flatMap(
      (s) => s.deploy?.helm?.releases ?? [],
    );
    expect(releases.length).toBeGreaterThan(0);
    for (const release of releases) {
      for (const [name, component] of Object.entries(values.components)) {
        const image = templateKey(imageOf(name, component));
        expect(release.setValueTemplates[`components.${name}.image.repository`]).toBe(
          `{{.IMAGE_REPO_${image}}}`,
        );
        expect(release.setValueTemplates[`components.${name}.image.tag`]).toBe(
          `{{.IMAGE_TAG_${image}}}`,
        );
      }
      const templated = Object.values(release.setValueTemplates).map(
        (t) => /IMAGE_(?:REPO|TAG)_(\w+)/.exec(t)?.[1],
      );
      const builtKeys = artifacts.map(({ artifact }) => templateKey(artifact.image));
      for (const key of templated) expect(builtKeys).toContain(key);
    }
    const load = config('load').deploy?.helm?.releases[0];
    expect(load?.setValueTemplates['loadTest.image.repository']).toBe('{{.IMAGE_REPO_load}}');
  });

  test('forwards the gateway to localhost:8080', () => {
    expect(config('app').portForward).toEqual([
      expect.objectContaining({
        resourceType: 'service',
        resourceName: 'chorus-gateway',
        port: values.components.gateway?.port,
        localPort: 8080,
      }),
    ]);
  });
});

describe('images', () => {
  test('the build context leaves out dependencies, build output and local data', () => {
    const ignored = readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(
      expect.arrayContaining(['**/node_modules', '**/dist', '.git', '.data']),
    );
  });

  test('web apps revalidate the names that stay the same and cache hashed files for a year', () => {
    const nginx = readFileSync(fromRoot('docker/nginx.conf'), 'utf8');
    const headerOf = (location: string) => {
      const block = nginx.slice(nginx.indexOf(`location ${location} {`));
      return /add_header Cache-Control "([^"]+)"/.exec(block)?.[1];
    };
    expect(headerOf('= /index.html')).toBe('no-cache');
    expect(headerOf('= /mfe/remotes.json')).toBe('no-cache');
    expect(headerOf('~ /mf-manifest\\.json$')).toBe('no-cache');
    expect(
      headerOf(
        '~* "\\.[0-9a-f]{8,}\\.(?:js|mjs|css|map|woff2?|ttf|svg|png|jpe?g|gif|webp|avif|ico)$"',
      ),
    ).toBe('public, max-age=31536000, immutable');
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { z } from 'zod';
import {
  defaultValues,
  lintChart,
  mergeValues,
  renderChart,
  scenarioFiles,
  scenarioName,
} from '../src/chart';
import { type K8sObject, key, ofKind, validateObject } from '../src/manifests';
import { chartDir } from '../src/paths';

const scenarios = scenarioFiles();
const rendered = new Map<string, K8sObject[]>();
const values = defaultValues();
const componentNames = Object.keys(values.components);
const webApps = componentNames.filter((name) => values.components[name]!.protocol === 'web');
const nodeComponents = componentNames.filter((name) => !webApps.includes(name));

beforeAll(() => {
  for (const file of scenarios)
    rendered.set(scenarioName(file), renderChart({ valuesFiles: [file] }));
});

function scenario(name: string): K8sObject[] {
  const objects = rendered.get(name);
  if (!objects) throw new Error(`no ci/${name}-values.yaml scenario`);
  return objects;
}

const envVar = z.object({
  name: z.string(),
  value: z.string().optional(),
  valueFrom: z
    .object({
      secretKeyRef: z
        .object({ name: z.string(), key: z.string(), optional: z.boolean().optional() })
        .optional(),
      fieldRef: z.object({ fieldPath: z.string() }).optional(),
    })
    .optional(),
});
const probe = z.object({
  grpc: z.object({ port: z.number() }).optional(),
  httpGet: z.object({ path: z.string() }).optional(),
});
const container = z.object({
  name: z.string(),
  image: z.string(),
  args: z.array(z.string()).optional(),
  ports: z.array(z.object({ name: z.string(), containerPort: z.number() })).optional(),
  env: z.array(envVar).optional(),
  readinessProbe: probe.optional(),
  livenessProbe: probe.optional(),
  resources: z.object({ requests: z.record(z.string(), z.unknown()).optional() }).optional(),
  securityContext: z.object({
    allowPrivilegeEscalation: z.literal(false),
    readOnlyRootFilesystem: z.literal(true),
    capabilities: z.object({ drop: z.array(z.string()) }),
  }),
});
const podSpec = z.object({
  automountServiceAccountToken: z.literal(false),
  securityContext: z.object({
    runAsNonRoot: z.literal(true),
    seccompProfile: z.object({ type: z.literal('RuntimeDefault') }),
  }),
  containers: z.array(container).min(1),
});
const deployment = z.object({
  metadata: z.object({ labels: z.record(z.string(), z.string()) }),
  spec: z.object({ template: z.object({ spec: podSpec }) }),
});
const service = z.object({
  spec: z.object({ ports: z.array(z.object({ name: z.string(), port: z.number() })) }),
});
const peer = z.object({
  podSelector: z.object({ matchLabels: z.record(z.string(), z.string()) }).optional(),
  namespaceSelector: z.object({ matchLabels: z.record(z.string(), z.string()) }).optional(),
  ipBlock: z.object({ cidr: z.string(), except: z.array(z.string()).optional() }).optional(),
});
const rulePorts = z
  .array(z.object({ port: z.number().optional(), protocol: z.string().optional() }))
  .optional();
const networkPolicy = z.object({
  spec: z.object({
    podSelector: z.object({ matchLabels: z.record(z.string(), z.string()) }),
    policyTypes: z.array(z.string()),
    ingress: z.array(z.object({ from: z.array(peer), ports: rulePorts })).optional(),
    egress: z.array(z.object({ to: z.array(peer), ports: rulePorts })).optional(),
  }),
});
const ingress = z.object({
  spec: z.object({
    rules: z.array(
      z.object({
        host: z.string(),
        http: z.object({
          paths: z.array(
            z.object({
              path: z.string(),
              pathType: z.string(),
              backend: z.object({
                service: z.object({ name: z.string(), port: z.object({ name: z.string() }) }),
              }),
            }),
          ),
        }),
      }),
    ),
  }),
});
const configMap = z.object({ data: z.record(z.string(), z.string()) });

function get<T extends object>(
  objects: K8sObject[],
  kind: string,
  name: string,
  schema: z.ZodType<T>,
): K8sObject & T {
  const found = ofKind(objects, kind, schema).find((o) => o.metadata.name === name);
  if (!found) throw new Error(`${kind}/${name} is not rendered`);
  return found;
}

function containerOf(objects: K8sObject[], component: string) {
  return get(objects, 'Deployment', `chorus-${component}`, deployment).spec.template.spec
    .containers[0]!;
}

function envOf(objects: K8sObject[], component: string): Map<string, z.infer<typeof envVar>> {
  return new Map((containerOf(objects, component).env ?? []).map((e) => [e.name, e]));
}

function remotesOf(objects: K8sObject[]): Record<string, string> {
  const json = get(objects, 'ConfigMap', 'chorus-remotes', configMap).data['remotes.json'];
  return z.record(z.string(), z.string()).parse(JSON.parse(json ?? 'null'));
}

describe('the chart', () => {
  test.each(scenarios.map((file) => [scenarioName(file), file]))(
    '%s scenario passes helm lint --strict',
    (_name, file) => {
      expect(lintChart({ valuesFiles: [file] })).toContain('0 chart(s) failed');
    },
  );

  test('every scenario renders only objects that pass their Kubernetes model', () => {
    const problems: string[] = [];
    for (const [name, objects] of rendered) {
      expect({ name, empty: objects.length === 0 }).toEqual({ name, empty: false });
      for (const object of objects) {
        try {
          validateObject(object);
        } catch (error) {
          problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  test('values.yaml, alone and under each scenario, satisfies values.schema.json', () => {
    const schema: object = JSON.parse(
      readFileSync(path.join(chartDir, 'values.schema.json'), 'utf8'),
    );
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const defaults: unknown = parse(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'));
    const errors = (values: unknown) => (validate(values) ? [] : validate.errors);
    expect(errors(defaults)).toEqual([]);
    for (const file of scenarios) {
      const merged = mergeValues(defaults, parse(readFileSync(file, 'utf8')));
      expect({ file: path.basename(file), errors: errors(merged) }).toEqual({
        file: path.basename(file),
        errors: [],
      });
    }
  });

  test('the schema refuses a secret written into plain env, and a nonsense value', () => {
    expect(() =>
      renderChart({ set: { 'components.billing.env.STRIPE_SECRET_KEY': 'sk_live_123' } }),
    ).toThrow(/invalid propertyName 'STRIPE_SECRET_KEY'/);
    expect(() =>
      renderChart({
        set: { 'components.identity.env.DATABASE_URL': 'postgres://u:p@db/identity' },
      }),
    ).toThrow(/DATABASE_URL/);
    expect(() => renderChart({ set: { 'components.gateway.protocol': 'smtp' } })).toThrow(
      /protocol/,
    );
  });

  test('no Secret is ever rendered: secrets come from existing Secrets by reference', () => {
    for (const objects of rendered.values()) {
      expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
      for (const name of nodeComponents) {
        if (!objects.some((o) => key(o) === `Deployment/chorus-${name}`)) continue;
        for (const [variable, entry] of envOf(objects, name)) {
          if (/_KEY$|SECRET|PASSWORD|^DATABASE_URL$|^SMTP_URL$/.test(variable)) {
            expect({
              variable,
              value: entry.value,
              secret: entry.valueFrom?.secretKeyRef?.name,
            }).toEqual({
              variable,
              value: undefined,
              secret: expect.any(String),
            });
          }
        }
      }
    }
  });

  test('every Secret the chart reads is documented in the chart README', () => {
    const readme = readFileSync(path.join(chartDir, 'README.md'), 'utf8');
    const secrets = new Set<string>();
    for (const objects of rendered.values()) {
      for (const d of ofKind(objects, 'Deployment', deployment)) {
        for (const e of d.spec.template.spec.containers.flatMap((c) => c.env ?? [])) {
          const ref = e.valueFrom?.secretKeyRef;
          if (ref) secrets.add(`${ref.name} ${ref.key}`);
        }
      }
    }
    for (const secret of secrets) {
      const [name, secretKey] = secret.split(' ');
      expect({
        secret: name,
        documented: readme.includes(`\`${name}\``) && readme.includes(`\`${secretKey}\``),
      }).toEqual({
        secret: name,
        documented: true,
      });
    }
  });
});

describe('each component', () => {
  const objects = () => scenario('default');

  test.each(componentNames)(
    '%s runs non-root, read-only, without privileges, with resource requests',
    (name) => {
      const d = get(objects(), 'Deployment', `chorus-${name}`, deployment);
      for (const c of d.spec.template.spec.containers) {
        expect(c.securityContext.capabilities.drop).toEqual(['ALL']);
        expect(c.resources?.requests).toEqual(
          expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }),
        );
      }
    },
  );

  test.each(nodeComponents.filter((n) => values.components[n]!.protocol === 'grpc'))(
    '%s is probed natively over gRPC on its port named grpc',
    (name) => {
      const c = containerOf(objects(), name);
      const port = c.ports?.find((p) => p.name === 'grpc')?.containerPort;
      expect(port).toBe(values.components[name]!.port);
      expect(c.readinessProbe?.grpc?.port).toBe(port);
      expect(c.livenessProbe?.grpc?.port).toBe(port);
      const svc = ofKind(objects(), 'Service', service).find(
        (s) => s.metadata.name === `chorus-${name}`,
      );
      if (name !== 'inference-workers')
        expect(svc?.spec.ports).toEqual([expect.objectContaining({ name: 'grpc', port })]);
    },
  );

  test.each(nodeComponents)(
    '%s exports traces and metrics to the collector, named after itself',
    (name) => {
      const env = envOf(objects(), name);
      expect(env.get('OTEL_EXPORTER_OTLP_ENDPOINT')?.value).toBe(
        values.platform.otelCollector.endpoint,
      );
      expect(env.get('OTEL_SERVICE_NAME')?.value).toBe(name);
      // A sampled share of requests, each trace whole across services.
      expect(env.get('OTEL_TRACES_SAMPLER')?.value).toBe('parentbased_traceidratio');
      expect(env.get('OTEL_TRACES_SAMPLER_ARG')?.value).toBe(
        String(values.platform.otelCollector.traceSampleRatio),
      );
      expect(env.get('OTEL_RESOURCE_ATTRIBUTES')?.value).toMatch(
        /service\.namespace=chorus,deployment\.environment\.name=\w+,.*k8s\.pod\.name=\$\(K8S_POD_NAME\)/,
      );
    },
  );

  test('each component has a PodDisruptionBudget selecting its pods', () => {
    const pdbs = ofKind(
      objects(),
      'PodDisruptionBudget',
      z.object({
        spec: z.object({ selector: z.object({ matchLabels: z.record(z.string(), z.string()) }) }),
      }),
    );
    expect(pdbs.map((p) => p.spec.selector.matchLabels['app.kubernetes.io/name']).sort()).toEqual(
      [...componentNames].sort(),
    );
  });

  test('the gateway and the inference workers scale on CPU; the rest keep their replicas', () => {
    const hpa = z.object({
      spec: z.object({
        scaleTargetRef: z.object({ name: z.string() }),
        metrics: z.array(z.object({ resource: z.object({ name: z.string() }) })),
      }),
    });
    for (const name of ['default', 'prod']) {
      const scaled = ofKind(scenario(name), 'HorizontalPodAutoscaler', hpa);
      expect(scaled.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual([
        'chorus-gateway',
        'chorus-inference-workers',
      ]);
      expect(scaled.flatMap((h) => h.spec.metrics.map((m) => m.resource.name))).toEqual([
        'cpu',
        'cpu',
      ]);
    }
    expect(scenario('dev').filter((o) => o.kind === 'HorizontalPodAutoscaler')).toEqual([]);
  });

  test('the gateway is given the address of every service it calls, and each is a rendered Service', () => {
    const env = envOf(objects(), 'gateway');
    const services = new Map(
      ofKind(objects(), 'Service', service).map((s) => [s.metadata.name, s.spec.ports[0]!.port]),
    );
    const expected: Record<string, string> = {
      IDENTITY_ADDR: 'chorus-identity:50051',
      CATALOG_ADDR: 'chorus-catalog:50052',
      BILLING_ADDR: 'chorus-billing:50053',
      ROADMAP_ADDR: 'chorus-roadmap:50054',
      INFERENCE_ADDR: 'chorus-persona-inference:50055',
    };
    for (const [variable, address] of Object.entries(expected)) {
      expect(env.get(variable)?.value).toBe(address);
      const [host, port] = address.split(':');
      expect(services.get(host!)).toBe(Number(port));
    }
    expect(envOf(objects(), 'roadmap').get('INFERENCE_ADDR')?.value).toBe(
      'chorus-persona-inference:50055',
    );
  });

  test('services get their database URL from their own CloudNativePG secret', () => {
    for (const [name, c] of Object.entries(values.components)) {
      if (!c.database) continue;
      expect(envOf(objects(), name).get('DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({
        name: `${c.database.cluster}-app`,
        key: 'uri',
      });
    }
  });
});

describe('network policies', () => {
  const policies = () => ofKind(scenario('default'), 'NetworkPolicy', networkPolicy);
  const policyOf = (name: string) => {
    const found = policies().find((p) => p.metadata.name === `chorus-${name}`);
    if (!found) throw new Error(`no NetworkPolicy for ${name}`);
    return found;
  };
  const callersOf = (name: string) =>
    (policyOf(name).spec.ingress ?? [])
      .flatMap((rule) => rule.from)
      .map((p) =>
        p.namespaceSelector
          ? 'ingress-controller'
          : p.podSelector?.matchLabels['app.kubernetes.io/component'],
      )
      .sort();

  test('everything of the release is denied by default, both ways', () => {
    const deny = policies().find((p) => p.metadata.name === 'chorus-default-deny');
    expect(deny?.spec).toEqual({
      podSelector: { matchLabels: { 'app.kubernetes.io/instance': 'chorus' } },
      policyTypes: ['Ingress', 'Egress'],
    });
  });

  test('each component admits exactly its real callers', () => {
    const expected: Record<string, string[]> = {
      gateway: ['ingress-controller', 'load-test', 'smoke-test'],
      identity: ['gateway'],
      catalog: ['gateway'],
      billing: ['gateway'],
      roadmap: ['gateway'],
      'persona-inference': ['gateway', 'roadmap'],
      'inference-workers': [],
    };
    for (const web of webApps) expected[web] = ['ingress-controller'];
    expect(Object.fromEntries(componentNames.map((name) => [name, callersOf(name)]))).toEqual(
      expected,
    );
  });

  test('only billing and inference reach the internet, over HTTPS, never private ranges', () => {
    for (const name of componentNames) {
      const internet = (policyOf(name).spec.egress ?? []).filter((rule) =>
        rule.to.some((p) => p.ipBlock),
      );
      if (['billing', 'persona-inference', 'inference-workers'].includes(name)) {
        expect(internet).toEqual([
          {
            to: [
              {
                ipBlock: {
                  cidr: '0.0.0.0/0',
                  except: expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']),
                },
              },
            ],
            ports: [{ port: 443, protocol: 'TCP' }],
          },
        ]);
      } else {
        expect({ name, internet }).toEqual({ name, internet: [] });
      }
    }
  });

  test('a service reaches its own database only; the gateway and persona inference (its shared answer cache) reach Redis; all reach Kafka, the collector and DNS', () => {
    const destinations = (name: string) =>
      (policyOf(name).spec.egress ?? []).flatMap((rule) =>
        rule.to.map((p) => ({
          labels: p.podSelector?.matchLabels ?? {},
          port: rule.ports?.[0]?.port,
        })),
      );
    const { otelCollector, kafka, redis } = values.platform;
    for (const name of nodeComponents) {
      const to = destinations(name);
      expect(to).toContainEqual({ labels: otelCollector.podSelector, port: otelCollector.port });
      expect(to).toContainEqual({ labels: kafka.podSelector, port: kafka.port });
      expect(to).toContainEqual({ labels: { 'k8s-app': 'kube-dns' }, port: 53 });
      const own = values.components[name]!.database;
      expect(to.filter((d) => 'cnpg.io/cluster' in d.labels)).toEqual(
        own ? [{ labels: { 'cnpg.io/cluster': own.cluster }, port: 5432 }] : [],
      );
      const redisReached = to.some(
        (d) => JSON.stringify(d.labels) === JSON.stringify(redis.podSelector),
      );
      expect({ name, redisReached }).toEqual({
        name,
        redisReached: ['gateway', 'catalog', 'persona-inference', 'inference-workers'].includes(
          name,
        ),
      });
    }
  });
});

describe('one origin', () => {
  test('the Ingress routes /api to the gateway, /mfe/<name> to each microfrontend and / to the shell', () => {
    const rules = get(scenario('default'), 'Ingress', 'chorus', ingress).spec.rules;
    expect(rules).toHaveLength(1);
    const routes = Object.fromEntries(
      rules[0]!.http.paths.map((p) => [p.path, p.backend.service.name]),
    );
    const expected: Record<string, string> = { '/api': 'chorus-gateway', '/': 'chorus-shell' };
    for (const web of webApps.filter((w) => w.startsWith('mfe-')))
      expected[`/mfe/${web.slice(4)}`] = `chorus-${web}`;
    // The public share-link pages go to their own page, never the shell.
    expected['/share'] = 'chorus-mfe-share';
    expected['/compare'] = 'chorus-mfe-share';
    expected['/survey'] = 'chorus-mfe-share';
    expect(routes).toEqual(expected);
  });

  test('the shell serves remotes.json naming every microfrontend manifest on this origin', () => {
    expect(remotesOf(scenario('default'))).toEqual({
      products: '/mfe/products/mf-manifest.json?v=0.1.0',
      roadmaps: '/mfe/roadmaps/mf-manifest.json?v=0.1.0',
      billing: '/mfe/billing/mf-manifest.json?v=0.1.0',
      admin: '/mfe/admin/mf-manifest.json?v=0.1.0',
    });
    const shell = get(scenario('default'), 'Deployment', 'chorus-shell', z.looseObject({}));
    expect(JSON.stringify(shell)).toContain('"mountPath":"/usr/share/nginx/html/mfe"');
  });

  test('changing one microfrontend tag rolls that microfrontend and its remotes entry, nothing else', () => {
    const prodValues = path.join(chartDir, 'ci/prod-values.yaml');
    const before = renderChart({ valuesFiles: [prodValues] });
    const after = renderChart({
      valuesFiles: [prodValues],
      set: { 'components.mfe-roadmaps.image.tag': '1.5.0' },
    });
    const changed = after
      .filter((o) => JSON.stringify(o) !== JSON.stringify(before.find((b) => key(b) === key(o))))
      .map((o) => key(o))
      .sort();
    // The version label moves on the component's own objects; the shell's Deployment is untouched.
    expect(changed.filter((k) => !k.endsWith('/chorus-mfe-roadmaps'))).toEqual([
      'ConfigMap/chorus-remotes',
    ]);
    expect(changed).toContain('Deployment/chorus-mfe-roadmaps');
    expect(containerOf(after, 'mfe-roadmaps').image).toBe(
      'registry.example.com/chorus/mfe-roadmaps:1.5.0',
    );
    const [old, rolled] = [remotesOf(before), remotesOf(after)];
    expect(rolled).toEqual({ ...old, roadmaps: '/mfe/roadmaps/mf-manifest.json?v=1.5.0' });
    expect(old.products).toBe('/mfe/products/mf-manifest.json?v=1.4.1');
  });
});

describe('tests and load', () => {
  test('`helm test` asks the gateway /readyz', () => {
    const pod = get(scenario('default'), 'Pod', 'chorus-smoke-test', z.object({ spec: podSpec }));
    expect(pod.metadata.annotations?.['helm.sh/hook']).toBe('test');
    expect(pod.spec.containers[0]!.args?.at(-1)).toBe('http://chorus-gateway:8080/readyz');
  });

  test('the k6 Job is off by default and, switched on, runs the load scripts against the gateway', () => {
    expect(scenario('default').filter((o) => o.kind === 'Job')).toEqual([]);
    const job = ofKind(
      scenario('load-test'),
      'Job',
      z.object({ spec: z.object({ template: z.object({ spec: podSpec }) }) }),
    )[0];
    const k6 = job?.spec.template.spec.containers[0];
    expect(k6?.args).toEqual(['run', '--tag', 'release=chorus', 'main.ts']);
    expect(k6?.image).toMatch(/^load:/);
    expect(k6?.env).toEqual(
      expect.arrayContaining([
        { name: 'BASE_URL', value: 'http://chorus-gateway:8080' },
        { name: 'LOAD_PROFILE', value: 'average' },
      ]),
    );
    // That release holds only the Job and its network policies.
    expect(scenario('load-test').filter((o) => o.kind === 'Deployment')).toEqual([]);
  });
});

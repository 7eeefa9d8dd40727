import { Topics } from '@chorus/service-kit';
import { parse } from 'yaml';
import { z } from 'zod';
import { defaultValues } from '../src/chart';
import { type K8sObject, ofKind, parseManifests, validateObject } from '../src/manifests';
import { kubectl } from '../src/tools';

const overlays = ['dev', 'prod'] as const;
const rendered = new Map<string, K8sObject[]>();
const values = defaultValues();

beforeAll(() => {
  for (const overlay of overlays) {
    rendered.set(overlay, parseManifests(kubectl(['kustomize', `k8s/overlays/${overlay}`])));
  }
});

function overlay(name: string): K8sObject[] {
  return rendered.get(name) ?? [];
}

const topic = z.object({
  metadata: z.object({ name: z.string(), labels: z.record(z.string(), z.string()) }),
  spec: z.object({
    partitions: z.number(),
    replicas: z.number(),
    config: z.record(z.string(), z.unknown()),
  }),
});
const nodePool = z.object({ spec: z.object({ replicas: z.number(), roles: z.array(z.string()) }) });
const kafka = z.object({
  spec: z.object({
    kafka: z.object({
      listeners: z.array(z.object({ name: z.string(), port: z.number(), tls: z.boolean() })),
      config: z.record(z.string(), z.unknown()),
    }),
  }),
});
const podTemplate = z.object({
  spec: z.object({
    template: z.object({
      metadata: z.object({ labels: z.record(z.string(), z.string()) }),
      spec: z.object({
        containers: z.array(z.object({ ports: z.array(z.object({ containerPort: z.number() })) })),
      }),
    }),
  }),
});

describe.each(overlays)('k8s/overlays/%s', (name) => {
  test('renders only objects that pass their Kubernetes model or operator schema, all in the chorus namespace', () => {
    const objects = overlay(name);
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) validateObject(object);
    const namespaced = objects.filter((o) => o.kind !== 'Namespace');
    expect(namespaced.filter((o) => o.metadata.namespace !== 'chorus')).toEqual([]);
  });

  test('has a KafkaTopic for every topic the services publish to, on the Kafka cluster, replicated within its brokers', () => {
    const objects = overlay(name);
    const [cluster] = ofKind(objects, 'Kafka', kafka);
    const brokers = ofKind(objects, 'KafkaNodePool', nodePool)
      .filter((pool) => pool.spec.roles.includes('broker'))
      .reduce((sum, pool) => sum + pool.spec.replicas, 0);
    const topics = ofKind(objects, 'KafkaTopic', topic);
    expect(topics.map((t) => t.metadata.name).sort()).toEqual(Object.values(Topics).sort());
    for (const t of topics) {
      expect(t.metadata.labels['strimzi.io/cluster']).toBe(cluster?.metadata.name);
      expect(t.spec.replicas).toBeLessThanOrEqual(brokers);
      expect(Number(t.spec.config['min.insync.replicas'])).toBeLessThanOrEqual(t.spec.replicas);
      expect(t.spec.partitions).toBeGreaterThanOrEqual(1);
    }
    const internalTopicsFactor = Number(
      cluster?.spec.kafka.config['offsets.topic.replication.factor'],
    );
    expect(internalTopicsFactor).toBeLessThanOrEqual(brokers);
  });

  test("the chart's Kafka address is this cluster's bootstrap Service and plain listener", () => {
    const [cluster] = ofKind(overlay(name), 'Kafka', kafka);
    const plain = cluster?.spec.kafka.listeners.find((l) => !l.tls);
    expect(values.platform.kafka.bootstrapServers).toBe(
      `${cluster?.metadata.name}-kafka-bootstrap:${plain?.port}`,
    );
    expect(values.platform.kafka.podSelector['strimzi.io/cluster']).toBe(cluster?.metadata.name);
    expect(values.platform.kafka.port).toBe(plain?.port);
  });

  test('every component with a database has its own PostgreSQL cluster, whose app Secret the chart reads', () => {
    const clusters = overlay(name)
      .filter((o) => o.kind === 'Cluster')
      .map((o) => o.metadata.name)
      .sort();
    const wanted = Object.values(values.components)
      .flatMap((c) => (c.database ? [c.database] : []))
      .sort((a, b) => a.cluster.localeCompare(b.cluster));
    expect(clusters).toEqual(wanted.map((d) => d.cluster));
    // CloudNativePG writes <cluster>-app with the connection string under `uri`.
    for (const d of wanted)
      expect(d).toEqual({ cluster: d.cluster, secret: `${d.cluster}-app`, key: 'uri' });
  });

  test('Redis and the collector carry the labels and ports the chart sends traffic to', () => {
    const deployments = ofKind(overlay(name), 'Deployment', podTemplate);
    for (const target of [values.platform.redis, values.platform.otelCollector]) {
      const match = deployments.find((d) =>
        Object.entries(target.podSelector).every(
          ([k, v]) => d.spec.template.metadata.labels[k] === v,
        ),
      );
      expect(match?.spec.template.spec.containers[0]?.ports.map((p) => p.containerPort)).toContain(
        target.port,
      );
    }
    const services = new Set(
      overlay(name)
        .filter((o) => o.kind === 'Service')
        .map((o) => o.metadata.name),
    );
    expect(services.has(new URL(values.platform.redis.url).hostname)).toBe(true);
    expect(services.has(new URL(values.platform.otelCollector.endpoint).hostname)).toBe(true);
  });

  test('the collector receives OTLP over gRPC and HTTP and exports every signal', () => {
    const configMap = ofKind(
      overlay(name),
      'ConfigMap',
      z.object({ data: z.record(z.string(), z.string()) }),
    ).find((c) => c.metadata.name.startsWith('otel-collector-config'));
    const config = z
      .object({
        receivers: z.object({
          otlp: z.object({
            protocols: z.object({
              grpc: z.object({ endpoint: z.string() }),
              http: z.object({ endpoint: z.string() }),
            }),
          }),
        }),
        exporters: z.record(z.string(), z.unknown()),
        service: z.object({
          pipelines: z.record(
            z.string(),
            z.object({ receivers: z.array(z.string()), exporters: z.array(z.string()) }),
          ),
        }),
      })
      .parse(parse(configMap?.data['config.yaml'] ?? ''));
    expect(config.receivers.otlp.protocols.grpc.endpoint).toMatch(/:4317$/);
    expect(config.receivers.otlp.protocols.http.endpoint).toMatch(/:4318$/);
    expect(Object.keys(config.service.pipelines).sort()).toEqual(['logs', 'metrics', 'traces']);
    for (const pipeline of Object.values(config.service.pipelines)) {
      expect(pipeline.receivers).toEqual(['otlp']);
      expect(pipeline.exporters).toContain('debug');
      for (const exporter of pipeline.exporters)
        expect(Object.keys(config.exporters)).toContain(exporter);
    }
  });

  test('only gateway pods may reach Redis', () => {
    const selector = z.object({ matchLabels: z.record(z.string(), z.string()) });
    const policy = ofKind(
      overlay(name),
      'NetworkPolicy',
      z.object({
        spec: z.object({
          podSelector: selector,
          ingress: z.array(z.object({ from: z.array(z.object({ podSelector: selector })) })),
        }),
      }),
    ).find((p) => p.metadata.name === 'redis');
    expect(policy?.spec.podSelector.matchLabels).toEqual(values.platform.redis.podSelector);
    expect(policy?.spec.ingress.flatMap((rule) => rule.from)).toEqual([
      {
        podSelector: {
          matchLabels: {
            'app.kubernetes.io/part-of': 'chorus',
            'app.kubernetes.io/component': 'gateway',
          },
        },
      },
    ]);
  });
});

test('prod runs more Kafka and PostgreSQL replicas than dev', () => {
  const replicas = (name: string, kind: string) =>
    overlay(name)
      .filter((o) => o.kind === kind)
      .map(
        (o) =>
          z
            .object({
              spec: z.object({ replicas: z.number().optional(), instances: z.number().optional() }),
            })
            .parse(o).spec,
      )
      .map((spec) => spec.replicas ?? spec.instances ?? 0);
  expect(Math.min(...replicas('prod', 'KafkaNodePool'))).toBeGreaterThan(
    Math.max(...replicas('dev', 'KafkaNodePool')),
  );
  expect(Math.min(...replicas('prod', 'Cluster'))).toBeGreaterThan(
    Math.max(...replicas('dev', 'Cluster')),
  );
});

import * as models from 'kubernetes-models';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';

/** A rendered Kubernetes object, as far as every kind agrees. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: unknown;
}

const objectShape = z.looseObject({
  apiVersion: z.string().min(1),
  kind: z.string().min(1),
  metadata: z.looseObject({
    name: z.string().min(1),
    namespace: z.string().optional(),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
  }),
});

/** Parses a multi-document YAML stream (helm template, kubectl kustomize) into objects. */
export function parseManifests(text: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0)
        throw new Error(document.errors.map((e) => e.message).join('\n'));
      return document.toJS() as unknown;
    })
    .filter((value) => value !== null && value !== undefined)
    .map((value) => objectShape.parse(value));
}

export function key(object: Pick<K8sObject, 'kind' | 'metadata'>): string {
  return `${object.kind}/${object.metadata.name}`;
}

interface ModelClass {
  apiVersion: string;
  kind: string;
  new (data: object): { validate(): void };
}

function isModelClass(value: unknown): value is ModelClass {
  return (
    typeof value === 'function' &&
    'apiVersion' in value &&
    typeof value.apiVersion === 'string' &&
    'kind' in value &&
    typeof value.kind === 'string'
  );
}

/** apiVersion/kind -> model class, for every built-in kind kubernetes-models knows. */
const builtInModels: ReadonlyMap<string, ModelClass> = (() => {
  const found = new Map<string, ModelClass>();
  const register = (candidate: unknown) => {
    if (isModelClass(candidate)) found.set(`${candidate.apiVersion}/${candidate.kind}`, candidate);
  };
  // Named groups nest versions (apps.v1.Deployment); the core group is the version itself (v1.Service).
  for (const group of Object.values(models)) {
    for (const member of Object.values(group)) {
      register(member);
      if (typeof member === 'object' && member !== null) Object.values(member).forEach(register);
    }
  }
  return found;
})();

/**
 * Custom resources of the operators k8s/ relies on. No published models
 * exist for them, so these schemas check the fields this repository sets:
 * names, types and the values the operators require.
 */
const quantity = z.union([z.string().regex(/^\d+(\.\d+)?([EPTGMK]i?|m)?$/), z.number()]);
const positive = z.number().int().min(1);
const strimziCluster = z.looseObject({ 'strimzi.io/cluster': z.string().min(1) });

const customResourceSchemas: Record<string, z.ZodType> = {
  'kafka.strimzi.io/v1beta2/Kafka': z.looseObject({
    spec: z.strictObject({
      kafka: z.strictObject({
        listeners: z
          .array(
            z.strictObject({
              name: z.string().regex(/^[a-z0-9]{1,11}$/),
              port: z.number().int().min(9092),
              type: z.enum([
                'internal',
                'route',
                'loadbalancer',
                'nodeport',
                'ingress',
                'cluster-ip',
              ]),
              tls: z.boolean(),
            }),
          )
          .min(1),
        config: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      }),
      entityOperator: z.strictObject({
        topicOperator: z.object({}),
        userOperator: z.object({}).optional(),
      }),
    }),
  }),
  'kafka.strimzi.io/v1beta2/KafkaNodePool': z.looseObject({
    metadata: z.looseObject({ labels: strimziCluster }),
    spec: z.strictObject({
      replicas: positive,
      roles: z.array(z.enum(['controller', 'broker'])).min(1),
      storage: z.strictObject({
        type: z.literal('jbod'),
        volumes: z
          .array(
            z.strictObject({
              id: z.number().int().min(0),
              type: z.enum(['persistent-claim', 'ephemeral']),
              size: quantity,
              deleteClaim: z.boolean(),
              kraftMetadata: z.literal('shared').optional(),
            }),
          )
          .min(1),
      }),
      resources: z.strictObject({
        requests: z.record(z.string(), quantity),
        limits: z.record(z.string(), quantity),
      }),
    }),
  }),
  'kafka.strimzi.io/v1beta2/KafkaTopic': z.looseObject({
    metadata: z.looseObject({ labels: strimziCluster }),
    spec: z.strictObject({
      topicName: z.string().optional(),
      partitions: positive,
      replicas: positive,
      config: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    }),
  }),
  'postgresql.cnpg.io/v1/Cluster': z.looseObject({
    spec: z.strictObject({
      instances: positive,
      storage: z.strictObject({ size: quantity }),
      bootstrap: z.strictObject({
        initdb: z.strictObject({ database: z.string().min(1), owner: z.string().min(1) }),
      }),
    }),
  }),
};

/**
 * Validates one object: built-in kinds with their kubernetes-models model
 * (types, required fields, formats), the known custom resources with the
 * schemas above. Anything else is an error: an object nobody can check.
 */
export function validateObject(object: K8sObject): void {
  const id = `${object.apiVersion}/${object.kind}`;
  const Model = builtInModels.get(id);
  if (Model) {
    try {
      new Model(object).validate();
    } catch (error) {
      throw new Error(`${key(object)}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    return;
  }
  const schema = customResourceSchemas[id];
  if (!schema) throw new Error(`${key(object)}: no model or schema for ${id}`);
  const result = schema.safeParse(object);
  if (!result.success) throw new Error(`${key(object)}: ${z.prettifyError(result.error)}`);
}

/**
 * Objects of one kind, checked against a schema of the fields a test reads
 * and typed by it; the object itself is returned whole.
 */
export function ofKind<T extends object>(
  objects: K8sObject[],
  kind: string,
  schema: z.ZodType<T>,
): (K8sObject & T)[] {
  return objects.filter((o) => o.kind === kind).map((o) => ({ ...schema.parse(o), ...o }));
}

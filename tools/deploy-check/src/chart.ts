import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { type K8sObject, parseManifests } from './manifests';
import { chartDir } from './paths';
import { helm } from './tools';

/** The ci/ scenarios: each is linted and rendered. */
export function scenarioFiles(): string[] {
  return readdirSync(path.join(chartDir, 'ci'))
    .filter((file) => file.endsWith('-values.yaml'))
    .sort()
    .map((file) => path.join(chartDir, 'ci', file));
}

export function scenarioName(file: string): string {
  return path.basename(file, '-values.yaml');
}

interface RenderOptions {
  valuesFiles?: string[];
  set?: Record<string, string>;
  release?: string;
  namespace?: string;
}

function valueArgs(options: RenderOptions): string[] {
  return [
    ...(options.valuesFiles ?? []).flatMap((file) => ['--values', file]),
    ...Object.entries(options.set ?? {}).flatMap(([name, value]) => ['--set', `${name}=${value}`]),
  ];
}

/** `helm template`: the objects a release would create, hooks (helm test) included. */
export function renderChart(options: RenderOptions = {}): K8sObject[] {
  return parseManifests(
    helm([
      'template',
      options.release ?? 'chorus',
      chartDir,
      '--namespace',
      options.namespace ?? 'chorus',
      ...valueArgs(options),
    ]),
  );
}

export function lintChart(options: RenderOptions = {}): string {
  return helm(['lint', chartDir, '--strict', ...valueArgs(options)]);
}

const component = z.object({
  enabled: z.boolean().optional(),
  image: z.object({ repository: z.string().optional(), tag: z.string().optional() }).optional(),
  protocol: z.enum(['grpc', 'http', 'web']),
  port: z.number(),
  route: z.string().optional(),
  remote: z.string().optional(),
  calls: z.array(z.string()).optional(),
  database: z.object({ secret: z.string(), key: z.string(), cluster: z.string() }).optional(),
  secretEnv: z
    .record(
      z.string(),
      z.object({ secret: z.string(), key: z.string(), optional: z.boolean().optional() }),
    )
    .optional(),
});

type ChartComponent = z.infer<typeof component>;

const chartValues = z.looseObject({
  components: z.record(z.string(), component),
  platform: z.looseObject({
    kafka: z.object({
      bootstrapServers: z.string(),
      port: z.number(),
      podSelector: z.record(z.string(), z.string()),
    }),
    redis: z.object({
      url: z.string(),
      port: z.number(),
      podSelector: z.record(z.string(), z.string()),
    }),
    otelCollector: z.object({
      endpoint: z.string(),
      traceSampleRatio: z.number().min(0).max(1),
      port: z.number(),
      podSelector: z.record(z.string(), z.string()),
    }),
  }),
});

type ChartValues = z.infer<typeof chartValues>;

/** The chart's default values.yaml, typed where the checks read it. */
export function defaultValues(): ChartValues {
  return chartValues.parse(parse(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')));
}

/** The image (repository) a component runs: its own name unless it says otherwise. */
export function imageOf(name: string, c: ChartComponent): string {
  return c.image?.repository ?? name;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Helm's way of laying a values file over the defaults: maps merge key by
 * key, a null removes the key, anything else (lists included) replaces.
 */
export function mergeValues(base: unknown, override: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(override))
    return override === undefined ? base : override;
  const names = new Set([...Object.keys(base), ...Object.keys(override)]);
  return Object.fromEntries(
    [...names]
      .filter((name) => override[name] !== null)
      .map((name) => [
        name,
        name in override ? mergeValues(base[name], override[name]) : base[name],
      ]),
  );
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { repoRoot } from './paths';

const artifact = z.object({
  image: z.string(),
  context: z.string().default('.'),
  docker: z
    .object({
      dockerfile: z.string().default('Dockerfile'),
      buildArgs: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
});

const release = z.object({
  name: z.string(),
  chartPath: z.string(),
  namespace: z.string().optional(),
  valuesFiles: z.array(z.string()).default([]),
  setValues: z.record(z.string(), z.string()).optional(),
  setValueTemplates: z.record(z.string(), z.string()).default({}),
});

const deploySection = z
  .object({
    kubectl: z.object({}).optional(),
    helm: z.object({ releases: z.array(release) }).optional(),
  })
  .optional();

const config = z.object({
  apiVersion: z.literal('skaffold/v4beta13'),
  kind: z.literal('Config'),
  metadata: z.object({ name: z.string() }),
  requires: z
    .array(z.object({ path: z.string().optional(), configs: z.array(z.string()) }))
    .default([]),
  build: z.object({ artifacts: z.array(artifact) }).optional(),
  manifests: z.object({ kustomize: z.object({ paths: z.array(z.string()) }) }).optional(),
  deploy: deploySection,
  portForward: z
    .array(
      z.object({
        resourceType: z.string(),
        resourceName: z.string(),
        port: z.number(),
        localPort: z.number(),
      }),
    )
    .optional(),
  profiles: z
    .array(
      z.object({
        name: z.string(),
        manifests: z.object({ kustomize: z.object({ paths: z.array(z.string()) }) }).optional(),
        deploy: deploySection,
      }),
    )
    .default([]),
});

export type SkaffoldConfig = z.infer<typeof config> & {
  /** The file it came from, relative to the repository root; its paths are relative to that file's folder. */
  file: string;
};

/** Every config document of a skaffold file. */
export function readSkaffold(file: string): SkaffoldConfig[] {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  return parseAllDocuments(text).map((document) => ({ ...config.parse(document.toJS()), file }));
}

/** A path of a config, resolved against its file's folder. */
export function resolveIn(skaffold: SkaffoldConfig, relative: string): string {
  return path.resolve(repoRoot, path.dirname(skaffold.file), relative);
}

/** Skaffold's template key for an image: "/" and "-" become "_" (IMAGE_REPO_mfe_products). */
export function templateKey(image: string): string {
  return image.replace(/[/-]/g, '_');
}

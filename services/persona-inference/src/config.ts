import { DEFAULT_DRAWS, defaultModelPrices, modelPricesSchema } from '@chorus/contracts';
import { env, loadConfig } from '@chorus/service-kit';
import { z } from 'zod';

/** An unset variable and an empty one mean the same: not configured. */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const inferenceConfigSchema = z.object({
  GRPC_HOST: z.string().default('0.0.0.0'),
  GRPC_PORT: env.port(50055),
  KAFKA_BROKERS: env.brokers(),
  /**
   * How soon the group notices a worker that died, and how long a rebalance
   * waits for workers that are slow to rejoin (scaling up or down).
   */
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(3_000).max(300_000).default(30_000),
  LOG_LEVEL: env.logLevel(),
  /**
   * all: consume questions and serve Answer; worker: consume questions only
   * (the scaled component on Kubernetes); server: serve Answer only.
   */
  INFERENCE_MODE: z.enum(['all', 'worker', 'server']).default('all'),
  /** Persona answers in flight at once in this process, over all questions. */
  INFERENCE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** Per model request. */
  INFERENCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Further attempts after a failed request or an unreadable answer. */
  INFERENCE_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** Set: answers come from the model (OpenAIEngine); unset: from the local engine. */
  OPENAI_API_KEY: optional(z.string()),
  /** Any OpenAI-compatible server, e.g. http://localhost:11434/v1. */
  OPENAI_BASE_URL: optional(z.url()),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** The embeddings model that reads a rating scale by semantic similarity. */
  OPENAI_EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small'),
  /** The model's sampling temperature for the answer's text. */
  OPENAI_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.7),
  /** Seeded draws per persona from its distribution: the first is its opinion, all feed the intervals. */
  INFERENCE_DRAWS: z.coerce.number().int().min(1).max(1_000).default(DEFAULT_DRAWS),
  /** Persona answers kept in this process for the same run asked again (0: none), without Redis. */
  INFERENCE_CACHE_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(20_000),
  /** Set: the answer cache is shared by every inference process in Redis. */
  REDIS_URL: optional(z.url()),
  /** How long a cached answer is kept in Redis. */
  INFERENCE_CACHE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(365 * 24 * 3600)
    .default(30 * 24 * 3600),
  /** Answers given meanwhile are published as progress this often. */
  INFERENCE_PROGRESS_MS: z.coerce.number().int().min(50).max(10_000).default(250),
  /**
   * Prices in USD per million tokens by model, JSON, over the built-in list:
   * {"my-model":{"inputPerMillion":0.2,"outputPerMillion":0.8}}.
   */
  INFERENCE_PRICES: z.preprocess(
    (value) => {
      if (value === undefined || value === '') return {};
      try {
        return JSON.parse(String(value)) as unknown;
      } catch {
        return value;
      }
    },
    modelPricesSchema.transform((prices) => ({ ...defaultModelPrices, ...prices })),
  ),
});

export type InferenceConfig = z.infer<typeof inferenceConfigSchema>;

export function readInferenceConfig(source: Record<string, string | undefined> = process.env) {
  return loadConfig('persona-inference', inferenceConfigSchema, source);
}

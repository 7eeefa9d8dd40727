import { CURRENT_PLAN } from '@chorus/contracts';
import { env, loadConfig } from '@chorus/service-kit';
import { z } from 'zod';
import { retryAfterMs } from './domain/question-attempts';

const milliseconds = (min: number, fallback: number) =>
  z.coerce.number().int().min(min).max(86_400_000).default(fallback);

const catalogConfigSchema = z
  .object({
    GRPC_HOST: z.string().default('0.0.0.0'),
    GRPC_PORT: env.port(50052),
    DATABASE_URL: env.url().default('postgres://postgres@127.0.0.1:5432/chorus_catalog'),
    /** Create the database when it is missing (embedded run, tests). */
    DATABASE_CREATE: env.flag(false),
    KAFKA_BROKERS: env.brokers(),
    LOG_LEVEL: env.logLevel(),
    /**
     * Where changes are told to readers outside the catalog (the gateway's
     * read cache, which is on only when both have it); unset, nothing is.
     */
    REDIS_URL: env.url().optional(),
    /**
     * The persona template library (YAML) seeded into an empty table and
     * re-read by SyncTemplates; the library shipped with the service by default.
     */
    PERSONA_TEMPLATES_FILE: z.string().min(1).optional(),
    // Persona inference's own settings (same names and defaults as there), from
    // which the wait before a question is asked again is derived.
    INFERENCE_TIMEOUT_MS: milliseconds(100, 30_000),
    INFERENCE_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
    INFERENCE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
    /** A question pending or processing this long is asked again; derived when unset. */
    QUESTION_RETRY_AFTER_MS: z.coerce.number().int().min(100).max(86_400_000).optional(),
    /** Asks (the first included) before a question is set to error. */
    QUESTION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
    /** How often the catalog looks for questions waiting too long. */
    QUESTION_SWEEP_INTERVAL_MS: milliseconds(50, 30_000),
  })
  .transform((config) => ({
    ...config,
    QUESTION_RETRY_AFTER_MS:
      config.QUESTION_RETRY_AFTER_MS ??
      retryAfterMs({
        timeoutMs: config.INFERENCE_TIMEOUT_MS,
        retries: config.INFERENCE_RETRIES,
        concurrency: config.INFERENCE_CONCURRENCY,
        personas: CURRENT_PLAN.includedPersonas,
      }),
  }));

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;

export function readCatalogConfig(source: Record<string, string | undefined> = process.env) {
  return loadConfig('catalog', catalogConfigSchema, source);
}

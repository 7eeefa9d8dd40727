import { env, loadConfig } from '@chorus/service-kit';
import { z } from 'zod';

export const catalogConfigSchema = z.object({
  GRPC_HOST: z.string().default('0.0.0.0'),
  GRPC_PORT: env.port(50052),
  DATABASE_URL: env.url().default('postgres://postgres@127.0.0.1:5432/chorus_catalog'),
  /** Create the database when it is missing (embedded run, tests). */
  DATABASE_CREATE: env.flag(false),
  KAFKA_BROKERS: env.brokers(),
  LOG_LEVEL: env.logLevel(),
  /**
   * The persona template library (YAML) seeded into an empty table and
   * re-read by SyncTemplates; the library shipped with the service by default.
   */
  PERSONA_TEMPLATES_FILE: z.string().min(1).optional(),
});

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;

export function readCatalogConfig(source: Record<string, string | undefined> = process.env) {
  return loadConfig('catalog', catalogConfigSchema, source);
}

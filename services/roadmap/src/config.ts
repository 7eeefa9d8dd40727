import { env, loadConfig } from '@chorus/service-kit';
import { z } from 'zod';

const roadmapConfigSchema = z.object({
  GRPC_HOST: z.string().default('0.0.0.0'),
  GRPC_PORT: env.port(50054),
  DATABASE_URL: env.url().default('postgres://postgres@127.0.0.1:5432/chorus_roadmap'),
  /** Create the database when it is missing (embedded run, tests). */
  DATABASE_CREATE: env.flag(false),
  KAFKA_BROKERS: env.brokers(),
  /** Persona inference, asked for persona feedback on roadmap items. */
  INFERENCE_ADDR: z
    .string()
    .regex(/^[^:\s]+:\d+$/, 'expected host:port')
    .default('127.0.0.1:50055'),
  /** How often people's responses past their retention are deleted. */
  SHARE_RETENTION_SWEEP_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(6 * 60 * 60 * 1000),
  LOG_LEVEL: env.logLevel(),
});

export type RoadmapConfig = z.infer<typeof roadmapConfigSchema>;

export function readRoadmapConfig(source: Record<string, string | undefined> = process.env) {
  return loadConfig('roadmap', roadmapConfigSchema, source);
}

import { env, loadConfig } from '@chorus/service-kit';
import { z } from 'zod';

const identityConfigSchema = z.object({
  GRPC_HOST: z.string().default('0.0.0.0'),
  GRPC_PORT: env.port(50051),
  DATABASE_URL: env.url().default('postgres://postgres@127.0.0.1:5432/chorus_identity'),
  /** Create the database when it is missing (embedded run, tests). */
  DATABASE_CREATE: env.flag(false),
  KAFKA_BROKERS: env.brokers(),
  LOG_LEVEL: env.logLevel(),
  /** Ed25519 private key (PEM, or base64 of it) that signs access tokens. */
  TOKEN_PRIVATE_KEY: z.string().min(1, 'required: the PEM private key that signs access tokens'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** smtp://user:pass@host:port; without it, reset links are written to the log. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Chorus <no-reply@chorus.local>'),
});

export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export function readIdentityConfig(source: Record<string, string | undefined> = process.env) {
  return loadConfig('identity', identityConfigSchema, source);
}

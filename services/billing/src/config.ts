import { env, loadConfig } from '@chorus/service-kit';
import { z } from 'zod';
import { parseCardDataKey } from './card-data';

/** An optional secret with a known prefix; an empty value counts as unset. */
const optionalKey = (prefixes: string[], what: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .refine((value) => prefixes.some((prefix) => value.startsWith(prefix)), {
        message: `expected ${what} (${prefixes.map((p) => `${p}...`).join(' or ')})`,
      })
      .optional(),
  );

const billingConfigSchema = z.object({
  GRPC_HOST: z.string().default('0.0.0.0'),
  GRPC_PORT: env.port(50053),
  DATABASE_URL: env.url().default('postgres://postgres@127.0.0.1:5432/chorus_billing'),
  /** Create the database when it is missing (embedded run, tests). */
  DATABASE_CREATE: env.flag(false),
  KAFKA_BROKERS: env.brokers(),
  LOG_LEVEL: env.logLevel(),
  /** Where users reach the app: the local provider's checkout page and portal live there. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** AES-256-GCM key for card data at rest: 32 bytes, base64. */
  CARD_DATA_KEY: z
    .string('required: 32 random bytes, base64 (openssl rand -base64 32)')
    .transform((value, ctx) => {
      try {
        return parseCardDataKey(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** With it, payments go through Stripe; without it, through the local provider. */
  STRIPE_SECRET_KEY: optionalKey(['sk_', 'rk_'], 'a Stripe secret or restricted key'),
  /** Handed to the browser for Stripe Elements. */
  STRIPE_PUBLISHABLE_KEY: optionalKey(['pk_'], 'a Stripe publishable key'),
  /** Verifies webhook deliveries; without it the webhook endpoint refuses every delivery. */
  STRIPE_WEBHOOK_SECRET: optionalKey(['whsec_'], 'a Stripe webhook signing secret'),
  /** How often the local provider renews ended periods and retries undelivered events. */
  LOCAL_PROVIDER_TICK_SECONDS: z.coerce.number().int().min(1).default(30),
});

export type BillingConfig = z.infer<typeof billingConfigSchema>;

export function readBillingConfig(source: Record<string, string | undefined> = process.env) {
  return loadConfig('billing', billingConfigSchema, source);
}

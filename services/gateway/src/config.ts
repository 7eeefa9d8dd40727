import { env, loadConfig } from '@chorus/service-kit';
import { z } from 'zod';

const address = (fallback: string) =>
  z
    .string()
    .regex(/^[^:\s]+:\d+$/, 'expected host:port')
    .default(fallback);

const gatewayConfigSchema = z.object({
  PORT: env.port(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Where users reach the app; used to build links in e-mails (password reset). */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  IDENTITY_ADDR: address('127.0.0.1:50051'),
  CATALOG_ADDR: address('127.0.0.1:50052'),
  BILLING_ADDR: address('127.0.0.1:50053'),
  ROADMAP_ADDR: address('127.0.0.1:50054'),
  /** Probed by /readyz and asked for cost estimates; questions reach inference through events. */
  INFERENCE_ADDR: address('127.0.0.1:50055'),
  /** Ed25519 public key (PEM, or base64 of it) that verifies access tokens. */
  TOKEN_PUBLIC_KEY: z.string().min(1, 'required: the PEM public key that verifies access tokens'),
  /** The administrator's e-mail: that customer sees the Admin entry in the top bar. */
  ADMIN_EMAIL: z.email().optional(),
  /** Rate limits live here when set, so every gateway replica counts together. */
  REDIS_URL: z.url().optional(),
  /**
   * With REDIS_URL and a catalog across the network that sets read versions,
   * keep My Products and access answers here (clients/catalog-reads.ts).
   */
  CATALOG_READ_CACHE: env.flag(true),
  KAFKA_BROKERS: env.brokers(),
  /** Number of proxy hops in front of the gateway (ingress), for client IPs in rate limits. */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  JSON_BODY_LIMIT: z.string().default('1mb'),
  /** Comment lines on event streams, so proxies and load balancers keep them open. */
  SSE_HEARTBEAT_MS: z.coerce.number().int().min(10).max(300_000).default(15_000),
  /** The built shell (index.html and assets); when set, the gateway serves the web app too. */
  WEB_SHELL_DIR: z.string().optional(),
  /** Built microfrontends as `name=dir,...`, each served at /mfe/<name>/. */
  WEB_MFE_DIRS: z.string().optional(),
  /** A remotes.json to serve instead of the generated one (a redeploy is a write to this file). */
  WEB_REMOTES_FILE: z.string().optional(),
  /**
   * Salt for the hashes of respondents' IPs on share links. The default is a
   * DEVELOPMENT-ONLY placeholder, public in the source: set a secret per
   * deployment.
   */
  SHARE_IP_SALT: z.string().min(16).default('development-only-share-ip-salt'),
  LOG_LEVEL: env.logLevel(),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function readGatewayConfig(source: Record<string, string | undefined> = process.env) {
  return loadConfig('gateway', gatewayConfigSchema, source);
}

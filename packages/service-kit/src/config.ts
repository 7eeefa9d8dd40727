import { z } from 'zod';

/** A configuration value is missing or malformed; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`${service}: invalid configuration\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the environment once, through a zod schema whose keys are variable
 * names. Defaults in the schema are what make the embedded mode work; a bad
 * value throws a ConfigError naming each offending variable.
 */
export function loadConfig<S extends z.ZodType>(
  service: string,
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
    const shown = value === undefined ? 'not set' : `got ${JSON.stringify(redact(name, value))}`;
    return `${name}: ${issue.message} (${shown})`;
  });
  throw new ConfigError(service, problems);
}

const SECRET_NAME = /KEY|SECRET|PASSWORD|TOKEN/i;

/** Never echo a secret back into logs, even a malformed one. */
function redact(name: string, value: string): string {
  return SECRET_NAME.test(name) ? '<redacted>' : value;
}

/** Schema pieces every service shares. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  url: () => z.url(),
  logLevel: () =>
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated host:port list; empty or absent means "no Kafka, use the in-memory bus". */
  brokers: () =>
    z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((b) => b.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[^:\s]+:\d+$/, 'expected host:port'))),
  flag: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .optional()
      .transform((value) =>
        value === undefined ? fallback : ['true', '1', 'yes'].includes(value),
      ),
};

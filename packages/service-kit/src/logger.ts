import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * One JSON logger per service. Trace and span ids are added to every line by
 * the pino instrumentation when telemetry is on. `service: null` makes a root
 * logger whose children name their service (the embedded run); `pretty` is
 * for a person at a terminal.
 */
export function createLogger(
  service: string | null,
  level: string = process.env.LOG_LEVEL ?? 'info',
  options: { pretty?: boolean } = {},
): Logger {
  return pino({
    level,
    base: service ? { service } : {},
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization'],
      censor: '<redacted>',
    },
    ...(options.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  });
}

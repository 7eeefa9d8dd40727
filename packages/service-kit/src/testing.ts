import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { dropDatabase, ensureDatabase } from './database';
import type { Logger } from './logger';

/**
 * A database of its own for one test file, on the server named by
 * TEST_DATABASE_URL (set by the jest global setup: the configured server, or
 * an embedded one). Drop it when the file is done.
 */
export async function createTestDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set; run tests through jest (global setup)');
  const url = new URL(base);
  url.pathname = `/test_${prefix}_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(url.toString());
  return { url: url.toString(), drop: () => dropDatabase(url.toString()) };
}

/** Quiet unless TEST_LOG_LEVEL asks for output. */
export function testLogger(): Logger {
  return pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
}

/** Polls until the check passes or the deadline passes; for effects that arrive asynchronously. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out waiting for ${options.what ?? 'condition'}${last ? `: ${String(last)}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 25));
  }
}

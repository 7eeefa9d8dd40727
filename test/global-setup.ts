import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../tools/launcher/src/postgres';

/**
 * Integration tests use the PostgreSQL named by TEST_DATABASE_URL (CI points
 * it at the machine's server); without it, a real embedded server is started
 * for the run. Each test file then creates and drops its own databases.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chorus-test-pg-'));
  const port = 55_000 + Math.floor(Math.random() * 5_000);
  const server = await startEmbeddedPostgres({ dataDir, port, persistent: false });
  process.env.TEST_DATABASE_URL = server.url;
  (globalThis as { chorusTestPostgres?: typeof server }).chorusTestPostgres = server;
}

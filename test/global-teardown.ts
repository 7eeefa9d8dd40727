import type { EmbeddedPostgresServer } from '../tools/launcher/src/postgres';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { chorusTestPostgres?: EmbeddedPostgresServer }).chorusTestPostgres?.stop();
}

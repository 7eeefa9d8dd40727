import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/postgres';
import { freePort } from '../src/spawn';

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

// A clone in /root, or in any folder only its owner may enter: as root, the
// server's postgres OS user cannot reach it.
test('starts from a folder only its owner can enter and keeps the data across a restart', async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'chorus-private-'));
  await chmod(folder, 0o700);
  const dataDir = path.join(folder, '.data', 'postgres');
  const port = await freePort();
  let server = await startEmbeddedPostgres({ dataDir, port });
  try {
    await query(server.url, "CREATE TABLE notes (text text); INSERT INTO notes VALUES ('kept')");
    await server.stop();

    server = await startEmbeddedPostgres({ dataDir, port, persistent: false });
    expect(await query(server.url, 'SELECT text FROM notes')).toEqual([{ text: 'kept' }]);
  } finally {
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
});

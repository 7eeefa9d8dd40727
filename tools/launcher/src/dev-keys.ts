import { generateTokenKeys } from '@chorus/service-kit';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * DEVELOPMENT ONLY: the embedded run's token signing keys, generated on first
 * start and kept in the data directory so sessions survive a restart. Real
 * deployments pass TOKEN_PRIVATE_KEY / TOKEN_PUBLIC_KEY from a secret store.
 */
export async function developmentTokenKeys(
  dataDir: string,
): Promise<{ privateKey: string; publicKey: string }> {
  const file = path.join(dataDir, 'dev-token-keys.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as { privateKey: string; publicKey: string };
  } catch {
    const keys = generateTokenKeys();
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(keys), { mode: 0o600 });
    return keys;
  }
}

import { generateTokenKeys } from '@chorus/service-kit';
import { randomBytes } from 'node:crypto';
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

/**
 * DEVELOPMENT ONLY: the embedded run's key for card data at rest, generated
 * on first start and kept beside the token keys so saved cards stay
 * readable across restarts. Real deployments pass CARD_DATA_KEY from a
 * secret store.
 */
export async function developmentCardDataKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'dev-card-data-key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const key = randomBytes(32).toString('base64');
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, `${key}\n`, { mode: 0o600 });
    return key;
  }
}

import { createClient, type RedisClientType } from 'redis';
import type { Logger } from './logger';

/**
 * A Redis client that reconnects by itself (waiting at most 5 s between
 * tries) and logs its errors instead of throwing them from the socket.
 */
export async function connectRedis(url: string, logger: Logger): Promise<RedisClientType> {
  const client: RedisClientType = createClient({
    url,
    socket: { reconnectStrategy: (retries) => Math.min(retries * 200, 5_000) },
  });
  client.on('error', (error: unknown) => logger.warn({ err: error }, 'redis error'));
  await client.connect();
  return client;
}

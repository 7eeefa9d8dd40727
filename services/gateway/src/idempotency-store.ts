import { LRUCache } from 'lru-cache';
import type { RedisClientType } from 'redis';

/**
 * Where idempotency entries live: text values with an expiry, changed only
 * by the request holding them. Redis when configured (every gateway replica
 * sees the same keys), this process's memory otherwise; both behave alike.
 */
export interface IdempotencyEntries {
  /** Stores `value` unless the key has an entry; answers the entry that was there. */
  claim(key: string, value: string, ttlMs: number): Promise<string | undefined>;
  /** Replaces the entry with `value` if it is still `held`. */
  settle(key: string, held: string, value: string, ttlMs: number): Promise<void>;
  /** Removes the entry if it is still `held`. */
  release(key: string, held: string): Promise<void>;
}

/** Entries in this process; the oldest go first past `max`. */
export class MemoryIdempotencyEntries implements IdempotencyEntries {
  private readonly cache: LRUCache<string, string>;

  constructor(max = 100_000) {
    this.cache = new LRUCache<string, string>({ max });
  }

  claim(key: string, value: string, ttlMs: number): Promise<string | undefined> {
    const existing = this.cache.get(key);
    if (existing === undefined) this.cache.set(key, value, { ttl: ttlMs });
    return Promise.resolve(existing);
  }

  settle(key: string, held: string, value: string, ttlMs: number): Promise<void> {
    if (this.cache.get(key) === held) this.cache.set(key, value, { ttl: ttlMs });
    return Promise.resolve();
  }

  release(key: string, held: string): Promise<void> {
    if (this.cache.get(key) === held) this.cache.delete(key);
    return Promise.resolve();
  }
}

const SETTLE = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
end
return false`;

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

/** Entries in Redis under `chorus:idem:`, shared by every gateway replica. */
export class RedisIdempotencyEntries implements IdempotencyEntries {
  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix = 'chorus:idem:',
  ) {}

  async claim(key: string, value: string, ttlMs: number): Promise<string | undefined> {
    const name = this.prefix + key;
    // SET NX, or read what is there; an entry expiring in between is claimed again.
    for (;;) {
      const set = await this.redis.set(name, value, {
        condition: 'NX',
        expiration: { type: 'PX', value: ttlMs },
      });
      if (set === 'OK') return undefined;
      const existing = await this.redis.get(name);
      if (existing !== null) return existing;
    }
  }

  async settle(key: string, held: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.eval(SETTLE, {
      keys: [this.prefix + key],
      arguments: [held, value, String(ttlMs)],
    });
  }

  async release(key: string, held: string): Promise<void> {
    await this.redis.eval(RELEASE, { keys: [this.prefix + key], arguments: [held] });
  }
}

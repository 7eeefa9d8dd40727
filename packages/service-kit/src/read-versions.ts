import { randomUUID } from 'node:crypto';
import type { Logger } from './logger';

/**
 * What a version stands for, per user id:
 * - `products`: the products the user owns (the catalog's rows, counts included);
 * - `memberships`: the user's accepted team memberships;
 * - `user`: anything the user changed through the gateway.
 */
export type VersionScope = 'products' | 'memberships' | 'user';

/** The Redis commands the versions need (node-redis's client has them). */
export interface VersionStore {
  set(key: string, value: string, options: { expiration: { type: 'EX'; value: number } }): unknown;
  mGet(keys: string[]): Promise<(string | null)[]>;
  exists(key: string): Promise<number>;
}

/** Longer than any reader keeps what it read, so an expired version is never mistaken for a kept one. */
const expirySeconds = 86_400;
/** The key a writer keeps set while it sets versions, and how long it lasts unrenewed. */
const writerKey = 'chorus:read-version:writer';
const writerSeconds = 15;

/**
 * Versions of what the catalog answers per user, kept in Redis so that a
 * process that keeps catalog answers (the gateway's read cache) can tell with
 * one round trip whether they still hold. A change sets the key to a new
 * random value, never one it held before, even after Redis restarted
 * empty; a reader compares the values it saw before it read with the values
 * now. A key that expired or was never set reads as null.
 */
export class ReadVersions {
  constructor(private readonly store: VersionStore) {}

  static key(scope: VersionScope, userId: string): string {
    return `chorus:read-version:${scope}:${userId}`;
  }

  /** Marks what `scope` stands for as changed for the user. */
  async bump(scope: VersionScope, userId: string): Promise<void> {
    await this.store.set(ReadVersions.key(scope, userId), randomUUID(), {
      expiration: { type: 'EX', value: expirySeconds },
    });
  }

  /** The current values of the keys, in order (null: never set, or expired). */
  read(keys: string[]): Promise<(string | null)[]> {
    return this.store.mGet(keys);
  }

  /**
   * Says, and keeps saying every few seconds until stopped, that a writer
   * sets versions after its changes: a reader keeps answers only while one
   * does, so a catalog started without Redis cannot leave them stale.
   */
  keepWriting(logger: Logger): () => void {
    const say = () =>
      Promise.resolve(
        this.store.set(writerKey, '1', { expiration: { type: 'EX', value: writerSeconds } }),
      ).catch((error: unknown) => logger.warn({ err: error }, 'read versions: Redis not reached'));
    void say();
    const timer = setInterval(() => void say(), (writerSeconds * 1000) / 3);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Whether a writer said lately that it sets versions. */
  async writing(): Promise<boolean> {
    return (await this.store.exists(writerKey)) > 0;
  }
}

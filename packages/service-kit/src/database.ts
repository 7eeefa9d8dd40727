import knexFactory, { type Knex } from 'knex';
import { Client } from 'pg';
import type { Logger } from './logger';

export type { Knex };

/** One schema change of a service's own database, applied once, in list order. */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

/** Migrations are plain modules in a list, so they run the same from source and from dist. */
class ListMigrationSource implements Knex.MigrationSource<Migration> {
  constructor(private readonly migrations: Migration[]) {}
  getMigrations() {
    return Promise.resolve(this.migrations);
  }
  getMigrationName(migration: Migration) {
    return migration.name;
  }
  getMigration(migration: Migration): Promise<Knex.Migration> {
    return Promise.resolve({ up: migration.up, down: migration.down ?? (async () => {}) });
  }
}

/**
 * Creates the database named in the URL when it does not exist yet, so the
 * embedded run and tests need no manual set-up. Needs rights to CREATE DATABASE.
 */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`database URL has no database name: ${target.host}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      // Identifiers cannot be parameters; the name is quoted and escaped instead.
      await client
        .query(`create database "${name.replace(/"/g, '""')}"`)
        .catch((error: unknown) => {
          // Another process created it between our check and our create.
          if ((error as { code?: string }).code !== '42P04') throw error;
        });
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
  } finally {
    await client.end();
  }
}

interface DatabaseOptions {
  url: string;
  migrations: Migration[];
  logger: Logger;
  /** Create the database when missing (embedded mode, tests). */
  create?: boolean;
  poolMax?: number;
}

/** Opens the service's own database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Knex> {
  if (options.create) await ensureDatabase(options.url);
  const db = knexFactory({
    client: 'pg',
    connection: options.url,
    // min 0: no idle connection is kept, so a PostgreSQL restart leaves no dead
    // sockets behind and the next query simply opens a fresh connection.
    pool: { min: 0, max: options.poolMax ?? 10, idleTimeoutMillis: 10_000 },
    acquireConnectionTimeout: 10_000,
  });
  const [batch, applied] = (await db.migrate.latest({
    migrationSource: new ListMigrationSource(options.migrations),
  })) as [number, string[]];
  if (applied.length > 0) options.logger.info({ batch, applied }, 'database migrated');
  return db;
}

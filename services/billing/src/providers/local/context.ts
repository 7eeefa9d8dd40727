import type { Knex, Logger } from '@chorus/service-kit';
import { randomBytes } from 'node:crypto';

/** What every part of the local provider works with. */
export interface LocalContext {
  db: Knex;
  logger: Logger;
  /** Where the app is reached: the hosted checkout page lives there. */
  publicUrl: string;
  now(): Date;
  /** Delivers soon after a change, the way a webhook follows an API call. */
  nudge(): void;
}

/** Stripe's timestamps: seconds since the epoch. */
export const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Stripe-looking ids: a prefix and 24 random letters and digits. */
export function newId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

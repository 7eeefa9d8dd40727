import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * What billing keeps of a card, and all it may keep: never a card number or
 * a security code — those stay with the payment provider.
 */
export interface CardData {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  cardholderName: string;
}

const cardData = z.object({
  brand: z.string().max(40),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2200),
  cardholderName: z.string().max(200),
});

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** CARD_DATA_KEY: 32 bytes, base64 (e.g. `openssl rand -base64 32`). */
export function parseCardDataKey(value: string): Buffer {
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== 32) throw new Error('must be 32 bytes, base64-encoded');
  return key;
}

/**
 * Encrypts card data at rest with AES-256-GCM: a fresh 96-bit IV per value,
 * the authentication tag checked on reading, and the owner bound in as
 * associated data, so a value copied onto another user's row fails to open.
 * Stored as `v1.<iv>.<ciphertext>.<tag>` in base64url.
 */
export class CardDataCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('card data key must be 32 bytes');
  }

  encrypt(data: CardData, owner: string): string {
    const clean = cardData.parse(data);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(owner, 'utf8'));
    const ciphertext = Buffer.concat([
      cipher.update(JSON.stringify(clean), 'utf8'),
      cipher.final(),
    ]);
    return [VERSION, iv, ciphertext, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws when the value was altered, belongs to another owner, or another key made it. */
  decrypt(value: string, owner: string): CardData {
    const [version, iv, ciphertext, tag] = value.split('.');
    if (version !== VERSION || !iv || !ciphertext || !tag) {
      throw new Error('unreadable card data');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(owner, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]);
    return cardData.parse(JSON.parse(plain.toString('utf8')));
  }
}

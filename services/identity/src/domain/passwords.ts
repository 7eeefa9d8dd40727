import { hash, type Options, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. The library's
// Algorithm enum is an ambient const enum, unusable under isolatedModules;
// 2 is its Argon2id.
const ARGON2ID = 2;
const options: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(stored: string, candidate: string): Promise<boolean> {
  try {
    return await verify(stored, candidate);
  } catch {
    return false;
  }
}

/**
 * A real hash to verify against when the account does not exist, so that a
 * login for an unknown e-mail takes as long as one with a wrong password.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('not-a-real-password-decoy');
  return decoy;
}

import {
  generateKeyPairSync,
  type KeyObject,
  createPrivateKey,
  createPublicKey,
} from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Who a token speaks for: a customer of the app, or an operator of the admin area. */
export type Audience = 'chorus' | 'chorus-admin';

export interface TokenClaims {
  /** User id (customers) or admin user id (operators). */
  subject: string;
  sessionId: string;
  audience: Audience;
  email: string;
  expiresAt: Date;
}

const ISSUER = 'chorus-identity';
const ALGORITHM = 'EdDSA';

/**
 * Keys arrive from the environment as PEM, either verbatim, with literal "\n"
 * escapes (common in .env files and Kubernetes secrets), or base64-encoded.
 */
export function readPem(value: string): string {
  const text = value.includes('-----BEGIN') ? value : Buffer.from(value, 'base64').toString('utf8');
  return text.replace(/\\n/g, '\n').trim() + '\n';
}

export function privateKeyFromPem(value: string): KeyObject {
  return createPrivateKey(readPem(value));
}

export function publicKeyFromPem(value: string): KeyObject {
  return createPublicKey(readPem(value));
}

/** A fresh Ed25519 key pair as PEM strings (the embedded run's development keys, tests). */
export function generateTokenKeys(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
}

/** Signs access tokens; only the identity service holds the private key. */
export class TokenIssuer {
  constructor(private readonly privateKey: KeyObject) {}

  async issue(claims: TokenClaims): Promise<string> {
    return new SignJWT({ email: claims.email })
      .setProtectedHeader({ alg: ALGORITHM })
      .setIssuer(ISSUER)
      .setAudience(claims.audience)
      .setSubject(claims.subject)
      .setJti(claims.sessionId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
      .sign(this.privateKey);
  }
}

/** Thrown for any token that must not be accepted: forged, expired, wrong audience, malformed. */
export class InvalidToken extends Error {}

/**
 * Verifies access tokens with the public key alone, so the gateway needs no
 * call to identity per request. Revocation is checked separately.
 */
export class TokenVerifier {
  constructor(private readonly publicKey: KeyObject) {}

  async verify(token: string, audience: Audience): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        issuer: ISSUER,
        audience,
        algorithms: [ALGORITHM],
      });
      if (!payload.sub || !payload.jti || typeof payload.email !== 'string' || !payload.exp) {
        throw new InvalidToken('token is missing claims');
      }
      return {
        subject: payload.sub,
        sessionId: payload.jti,
        audience,
        email: payload.email,
        expiresAt: new Date(payload.exp * 1000),
      };
    } catch (error) {
      if (error instanceof InvalidToken) throw error;
      if (error instanceof errors.JOSEError) throw new InvalidToken(error.code);
      throw new InvalidToken('malformed token');
    }
  }
}

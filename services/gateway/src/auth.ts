import { authMessages } from '@chorus/contracts';
import {
  type Audience,
  InvalidToken,
  type TokenClaims,
  type TokenVerifier,
} from '@chorus/service-kit';
import type { Request } from 'express';
import { HttpError } from './http-errors';

export interface Principal {
  /** User id for customers, admin user id for operators. */
  id: string;
  sessionId: string;
  email: string;
  expiresAt: Date;
}

/**
 * Sessions that were logged out before their token expired. Fed by this
 * gateway's own logouts, by SessionRevoked events from other replicas, and
 * at start by identity's list, so a revoked token stays refused everywhere.
 */
export class RevocationList {
  private readonly revoked = new Map<string, number>();

  revoke(sessionId: string, expiresAt: Date): void {
    if (expiresAt.getTime() > Date.now()) this.revoked.set(sessionId, expiresAt.getTime());
    if (this.revoked.size % 1000 === 0) this.prune();
  }

  has(sessionId: string): boolean {
    return this.revoked.has(sessionId);
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, expires] of this.revoked) if (expires <= now) this.revoked.delete(id);
  }
}

function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * The token of a request: the bearer header, or on routes that allow it the
 * access_token query parameter (RFC 6750 section 2.3). Only event streams
 * allow it, because the browser's EventSource cannot send headers.
 */
function requestToken(req: Request, options: { tokenInQuery?: boolean } = {}) {
  const header = bearerToken(req);
  if (header || !options.tokenInQuery) return header;
  const query: unknown = req.query.access_token;
  return typeof query === 'string' && query ? query : undefined;
}

interface TokenOptions {
  /** Also accept the token as the access_token query parameter (event streams). */
  tokenInQuery?: boolean;
}

/** Tokens verified recently, so the signature check runs once per token, not per request. */
const VERIFIED_CACHE_SIZE = 10_000;

/** Verifies tokens locally (public key + revocation list); no identity call per request. */
export class Authenticator {
  /**
   * `${audience} ${token}` -> its claims, for tokens whose signature was
   * checked. Expiry and revocation are still checked on every request; the
   * oldest entry goes when the cache is full. Only good tokens are kept.
   */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(
    private readonly verifier: TokenVerifier,
    private readonly revocations: RevocationList,
  ) {}

  private async claims(token: string, audience: Audience): Promise<TokenClaims> {
    const key = `${audience} ${token}`;
    const cached = this.verified.get(key);
    if (cached && cached.expiresAt.getTime() > Date.now()) return cached;
    if (cached) this.verified.delete(key);
    const claims = await this.verifier.verify(token, audience);
    if (this.verified.size >= VERIFIED_CACHE_SIZE) {
      this.verified.delete(this.verified.keys().next().value!);
    }
    this.verified.set(key, claims);
    return claims;
  }

  /** The principal behind a valid token, or undefined for none, forged, expired or revoked. */
  async principal(
    req: Request,
    audience: Audience,
    options: TokenOptions = {},
  ): Promise<Principal | undefined> {
    const token = requestToken(req, options);
    if (!token) return undefined;
    try {
      const claims = await this.claims(token, audience);
      if (this.revocations.has(claims.sessionId)) return undefined;
      return {
        id: claims.subject,
        sessionId: claims.sessionId,
        email: claims.email,
        expiresAt: claims.expiresAt,
      };
    } catch (error) {
      if (error instanceof InvalidToken) return undefined;
      throw error;
    }
  }

  async user(req: Request, options: TokenOptions = {}): Promise<Principal> {
    const principal = await this.principal(req, 'chorus', options);
    if (!principal) throw new HttpError(401, authMessages.unauthorized);
    return principal;
  }

  /** No token: 401. A valid customer token: 403 (authenticated, but not an operator). */
  async admin(req: Request): Promise<Principal> {
    const admin = await this.principal(req, 'chorus-admin');
    if (admin) return admin;
    if (await this.principal(req, 'chorus')) throw new HttpError(403, authMessages.adminOnly);
    throw new HttpError(401, authMessages.unauthorized);
  }
}

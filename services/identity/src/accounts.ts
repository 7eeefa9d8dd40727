import { authMessages, MIN_PASSWORD_LENGTH } from '@chorus/contracts';
import {
  AlreadyExists,
  type Audience,
  InvalidArgument,
  type Logger,
  NotFound,
  type OutboxRelay,
  type TokenIssuer,
  Unauthenticated,
} from '@chorus/service-kit';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { normalizeEmail } from './domain/email';
import { decoyHash, hashPassword, verifyPassword } from './domain/passwords';
import {
  hashResetToken,
  newResetToken,
  RESET_TOKEN_TTL_MS,
  resetLink,
} from './domain/reset-tokens';
import { sessionRevoked, userRegistered } from './events';
import type { Mailer } from './mailer';
import type { IdentityStore, SessionData, SessionRow, UserRow } from './store/accounts';

export interface IssuedToken {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

const emailSchema = z.email();

/** The identity use cases; the gRPC server only translates to and from these. */
export class Accounts {
  constructor(
    private readonly deps: {
      store: IdentityStore;
      issuer: TokenIssuer;
      mailer: Mailer;
      relay: OutboxRelay;
      logger: Logger;
      tokenTtlMs: number;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async register(input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
  }): Promise<{ user: UserRow; token: IssuedToken }> {
    const email = normalizeEmail(input.email);
    const firstName = input.firstName.trim();
    const lastName = input.lastName.trim();
    if (!email || !input.password || !firstName || !lastName) {
      throw new InvalidArgument(authMessages.missingInformation);
    }
    if (!emailSchema.safeParse(email).success) throw new InvalidArgument(authMessages.invalidEmail);
    if (input.password.length < MIN_PASSWORD_LENGTH) {
      throw new InvalidArgument(authMessages.passwordTooShort);
    }
    const password = await hashPassword(input.password);
    const { store } = this.deps;
    const result = await store.db.transaction(async (trx) => {
      const user = await store.insertUser(trx, {
        email,
        password,
        first_name: firstName,
        last_name: lastName,
      });
      if (!user) throw new AlreadyExists(authMessages.emailTaken);
      await userRegistered(trx, user);
      const token = await this.openSession(trx, 'user', user.id, user.email);
      return { user, token };
    });
    this.deps.relay.nudge();
    return result;
  }

  async login(emailInput: string, password: string) {
    const user = await this.deps.store.findUserByEmail(normalizeEmail(emailInput));
    // Verify against a decoy when there is no such user, so timing does not
    // tell which e-mails have accounts.
    const valid = await verifyPassword(user?.password ?? (await decoyHash()), password);
    if (!user || !valid) throw new Unauthenticated(authMessages.invalidCredentials);
    const token = await this.openSession(this.deps.store.db, 'user', user.id, user.email);
    return { user, token };
  }

  async getUser(userId: string): Promise<UserRow> {
    const user = await this.deps.store.findUserById(userId);
    if (!user) throw new NotFound('User not found');
    return user;
  }

  async logout(sessionId: string): Promise<void> {
    const { store } = this.deps;
    const changed = await store.db.transaction(async (trx) => {
      const revoked = await store.revokeSessions(trx, { sid: sessionId }, this.now());
      for (const session of revoked) await sessionRevoked(trx, session);
      return revoked.length;
    });
    if (changed > 0) this.deps.relay.nudge();
  }

  listRevokedSessions(): Promise<SessionRow[]> {
    return this.deps.store.listRevokedSessions(this.now());
  }

  /**
   * Always succeeds, whether or not the e-mail has an account, and sends
   * mail in the background so the answer takes the same time either way.
   */
  async requestPasswordReset(emailInput: string, pageUrl: string): Promise<void> {
    const email = normalizeEmail(emailInput);
    if (!email) throw new InvalidArgument(authMessages.emailRequired);
    if (!URL.canParse(pageUrl)) throw new InvalidArgument('reset page URL is not a URL');
    const user = await this.deps.store.findUserByEmail(email);
    if (!user) return;
    const token = newResetToken();
    await this.deps.store.setResetToken(
      user.id,
      hashResetToken(token),
      new Date(this.now().getTime() + RESET_TOKEN_TTL_MS),
    );
    this.deps.mailer
      .sendPasswordReset(user.email, resetLink(pageUrl, token))
      .catch((error: unknown) =>
        this.deps.logger.error({ err: error, userId: user.id }, 'could not send reset e-mail'),
      );
  }

  async validateResetToken(token: string): Promise<{ valid: boolean; email: string }> {
    const user = token
      ? await this.deps.store.findUserByResetToken(hashResetToken(token), this.now())
      : undefined;
    return user ? { valid: true, email: user.email } : { valid: false, email: '' };
  }

  /** Sets a new password, burns the token, and signs the user out everywhere. */
  async resetPassword(token: string, password: string): Promise<void> {
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw new InvalidArgument(authMessages.passwordTooShort);
    }
    const passwordHash = await hashPassword(password);
    const { store } = this.deps;
    await store.db.transaction(async (trx) => {
      const now = this.now();
      const user = await store.consumeResetToken(trx, hashResetToken(token), now, passwordHash);
      if (!user) throw new InvalidArgument(authMessages.invalidResetToken);
      const revoked = await store.revokeSessions(trx, { subject: user.id, kind: 'user' }, now);
      for (const session of revoked) await sessionRevoked(trx, session);
    });
    this.deps.relay.nudge();
  }

  async adminLogin(emailInput: string, password: string) {
    const admin = await this.deps.store.findAdminByEmail(normalizeEmail(emailInput));
    const valid = await verifyPassword(admin?.password ?? (await decoyHash()), password);
    if (!admin || !valid) throw new Unauthenticated(authMessages.invalidCredentials);
    const token = await this.openSession(this.deps.store.db, 'admin', admin.id, admin.email);
    return { admin, token };
  }

  /** The operator account from ADMIN_EMAIL / ADMIN_PASSWORD; re-running updates the password. */
  async seedAdmin(email: string, password: string): Promise<void> {
    await this.deps.store.upsertAdmin(normalizeEmail(email), await hashPassword(password));
  }

  userStats() {
    return this.deps.store.userStats();
  }

  private async openSession(
    trx: Parameters<IdentityStore['insertSession']>[0],
    kind: SessionData['kind'],
    subject: string,
    email: string,
  ): Promise<IssuedToken> {
    const sessionId = randomUUID();
    const expiresAt = new Date(this.now().getTime() + this.deps.tokenTtlMs);
    const audience: Audience = kind === 'admin' ? 'chorus-admin' : 'chorus';
    await this.deps.store.insertSession(trx, {
      sid: sessionId,
      sess: { kind, subject, revoked: false },
      expire: expiresAt,
    });
    const token = await this.deps.issuer.issue({
      subject,
      sessionId,
      audience,
      email,
      expiresAt,
    });
    return { token, sessionId, expiresAt };
  }
}

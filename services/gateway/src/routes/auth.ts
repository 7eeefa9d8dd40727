import {
  authMessages,
  forgotPasswordRequest,
  loginRequest,
  registerRequest,
  resetPasswordRequest,
} from '@chorus/contracts';
import type { Logger } from '@chorus/service-kit';
import { z } from 'zod';
import type { Authenticator, RevocationList } from '../auth';
import type { ServiceClients } from '../clients';
import type { GatewayConfig } from '../config';
import { HttpError, toHttpError } from '../http-errors';
import { toAuthUser } from '../identity-views';
import { authLimits, type RateLimits } from '../rate-limit';
import type { ApiRoutes } from '../routing';
import { register, type Registration } from '../workflows/registration';

interface AuthRouteDeps {
  clients: ServiceClients;
  config: GatewayConfig;
  authenticator: Authenticator;
  revocations: RevocationList;
  limits: RateLimits;
  logger: Logger;
}

/** Sign-in, registration, logout and password reset: /api/auth/*. */
export function authRoutes(routes: ApiRoutes, deps: AuthRouteDeps): void {
  const { clients, config, limits } = deps;
  const resetPageUrl = new URL('/reset-password', config.PUBLIC_URL).toString();

  routes.add({
    method: 'get',
    path: '/api/auth/user',
    summary: 'The signed-in user',
    tag: 'auth',
    access: 'user',
    async handler({ user }) {
      try {
        const found = await clients.identity.getUser({ userId: user.id });
        return toAuthUser(found.user!, config.ADMIN_EMAIL);
      } catch (error) {
        // A token for an account that no longer exists is as good as none.
        if (toHttpError(error).status === 404) throw new HttpError(401, authMessages.unauthorized);
        throw error;
      }
    },
  });

  routes.add({
    method: 'post',
    path: '/api/auth/register',
    summary: 'Create an account (and, with the catalog and billing, its first product)',
    tag: 'auth',
    access: 'public',
    status: 201,
    body: registerRequest,
    before: [limits.limiter(authLimits.register)],
    async handler({ body }): Promise<Registration> {
      return register({ ...deps, adminEmail: config.ADMIN_EMAIL }, body);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/auth/login',
    summary: 'Sign in with e-mail and password',
    tag: 'auth',
    access: 'public',
    body: loginRequest,
    before: [limits.limiter(authLimits.login)],
    async handler({ body }) {
      const { user, accessToken } = await clients.identity.login(body);
      return { token: accessToken!.token, user: toAuthUser(user!, config.ADMIN_EMAIL) };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/auth/logout',
    summary: 'End the session of the presented token',
    tag: 'auth',
    access: 'public',
    async handler({ req }) {
      const principal = await deps.authenticator.principal(req, 'chorus');
      if (principal) {
        await clients.identity.logout({ sessionId: principal.sessionId });
        deps.revocations.revoke(principal.sessionId, principal.expiresAt);
      }
      return { message: 'Logged out successfully' };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/auth/forgot-password',
    summary: 'E-mail a password reset link (same answer whether or not the account exists)',
    tag: 'auth',
    access: 'public',
    body: forgotPasswordRequest,
    before: [limits.limiter(authLimits.forgotPassword)],
    async handler({ body }) {
      await clients.identity.requestPasswordReset({ email: body.email, resetPageUrl });
      return { message: authMessages.resetLinkSent };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/auth/validate-reset-token/:token',
    summary: 'Whether a reset link is still valid',
    tag: 'auth',
    access: 'public',
    params: z.object({ token: z.string().max(200) }),
    before: [limits.limiter(authLimits.resetPassword)],
    async handler({ params }) {
      return clients.identity.validateResetToken({ token: params.token });
    },
  });

  routes.add({
    method: 'post',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with a reset token',
    tag: 'auth',
    access: 'public',
    body: resetPasswordRequest,
    before: [limits.limiter(authLimits.resetPassword)],
    async handler({ body }) {
      await clients.identity.resetPassword(body);
      return { message: authMessages.passwordUpdated };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/login',
    summary: 'Sign in to the admin area',
    tag: 'admin',
    access: 'public',
    body: loginRequest,
    before: [limits.limiter(authLimits.adminLogin)],
    async handler({ body }) {
      try {
        const { accessToken, email, role } = await clients.identity.adminLogin(body);
        return { token: accessToken!.token, admin: { email, role } };
      } catch (error) {
        if (toHttpError(error).status === 401) throw new HttpError(401, 'Login failed');
        throw error;
      }
    },
  });
}

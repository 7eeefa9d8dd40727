import {
  type AuthUser,
  authMessages,
  billingCycleOf,
  DEFAULT_INDUSTRY,
  forgotPasswordRequest,
  industryValue,
  loginRequest,
  registerRequest,
  resetPasswordRequest,
} from '@chorus/contracts';
import type { Product } from '@chorus/proto/catalog/v1/catalog';
import type { User } from '@chorus/proto/identity/v1/identity';
import type { Logger } from '@chorus/service-kit';
import { z } from 'zod';
import type { Authenticator, RevocationList } from '../auth';
import type { ServiceClients } from '../clients';
import type { GatewayConfig } from '../config';
import { HttpError, toHttpError } from '../http-errors';
import { authLimits, type RateLimits } from '../rate-limit';
import type { ApiRoutes } from '../routing';
import { checkCoupon, subscribeAtRegistration } from './billing';

export interface AuthRouteDeps {
  clients: ServiceClients;
  config: GatewayConfig;
  authenticator: Authenticator;
  revocations: RevocationList;
  limits: RateLimits;
  logger: Logger;
}

/** What registration answers; `product` is null when only the account could be created. */
interface Registration {
  token: string;
  message: string;
  user: AuthUser;
  product: { id: string } | null;
  /** Set when a step after the account failed: the account exists, the rest needs doing. */
  warning?: string;
  /** The first product's subscription: active once paid, inactive when payment failed. */
  subscriptionStatus?: string;
  /** The payment provider's message when the card was refused. */
  paymentError?: string | null;
}

export const registrationMessages = {
  created: 'Your account has been created successfully!',
  productFailed:
    'Your account has been created, but your product could not be created. Sign in and create it from My Products.',
} as const;

export function toAuthUser(user: User, adminEmail: string | undefined): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    friendOfOurs: user.friendOfOurs,
    profileImageUrl: user.profileImageUrl || null,
    isAdmin: adminEmail !== undefined && user.email === adminEmail.toLowerCase(),
  };
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
    async handler({ body }): Promise<Registration> {
      // A bad coupon stops registration before anything is created or charged.
      const coupon = await checkCoupon(clients, body.couponCode);
      const registered = await clients.identity.register({
        email: body.email,
        password: body.password,
        firstName: body.firstName,
        lastName: body.lastName,
      });
      const user = toAuthUser(registered.user!, config.ADMIN_EMAIL);
      const answer: Registration = {
        token: registered.accessToken!.token,
        message: registrationMessages.created,
        user,
        product: null,
      };

      // From here on the account exists: a failing step is reported, never
      // undone, so the user can sign in and finish from the app.
      let created: Product;
      try {
        const { product } = await clients.catalog.createProduct({
          userId: user.id,
          name: body.productName,
          description: body.productDescription,
          industry: industryValue(body.industry) || DEFAULT_INDUSTRY,
          billingCycle: billingCycleOf(body.billingCycle),
        });
        created = product!;
      } catch (error) {
        deps.logger.warn({ err: error, userId: user.id }, 'registration: product not created');
        return {
          ...answer,
          message: registrationMessages.productFailed,
          warning: toHttpError(error).message,
        };
      }
      answer.product = { id: created.id };

      // The payment step: the card the browser made starts the product's
      // subscription; a declined card leaves the product inactive.
      const payment = await subscribeAtRegistration(clients, deps.logger, {
        userId: user.id,
        email: user.email,
        product: created,
        paymentMethodId: body.stripeToken,
        billingCycle: body.billingCycle,
        couponCode: coupon?.code,
      });
      return { ...answer, ...payment };
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

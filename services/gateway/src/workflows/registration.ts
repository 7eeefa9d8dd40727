import {
  type AuthUser,
  billingMessages,
  DEFAULT_INDUSTRY,
  industryValue,
  type RegisterRequest,
} from '@chorus/contracts';
import type { Product } from '@chorus/proto/catalog/v1/products';
import type { LoginResponse, RegisterResponse } from '@chorus/proto/identity/v1/identity';
import { isServiceError, type Logger } from '@chorus/service-kit';
import { status } from '@grpc/grpc-js';
import { billingProduct, billingCycleOf } from '../billing-views';
import type { ServiceClients } from '../clients';
import { checkCoupon } from '../clients/billing';
import { toHttpError } from '../http-errors';
import { toAuthUser } from '../identity-views';
import { saveCard } from './product-billing';

/** What registration answers; `product` is null when only the account could be created. */
export interface Registration {
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

interface RegistrationDeps {
  clients: ServiceClients;
  logger: Logger;
  /** The operator's e-mail, which makes the account an admin (ADMIN_EMAIL). */
  adminEmail: string | undefined;
}

/**
 * Registration spans three services: identity creates the account, catalog
 * its first product, billing the product's subscription with the card the
 * browser made. A bad coupon stops it before anything is created or charged;
 * after the account exists, a failing step is reported, never undone, so the
 * user can sign in and finish from the app — or sign up again: a
 * registration cut short before its product (a crash, catalog down) is
 * finished by signing up with the same e-mail and password (see
 * openAccount). Catalog creates the registration's product only when the
 * account has none, so finishing twice never makes two products, and
 * billing starts one subscription per product.
 */
export async function register(
  deps: RegistrationDeps,
  body: RegisterRequest,
): Promise<Registration> {
  const { clients, logger } = deps;
  const coupon = await checkCoupon(clients.billing, body.couponCode);
  const registered = await openAccount(deps, body);
  const answer: Registration = { ...accountAnswer(registered, deps.adminEmail), product: null };
  const { user } = answer;

  let created: Product;
  try {
    const { product } = await clients.catalog.createFirstProduct({
      userId: user.id,
      name: body.productName,
      description: body.productDescription,
      industry: industryValue(body.industry) || DEFAULT_INDUSTRY,
      billingCycle: billingCycleOf(body.billingCycle),
    });
    created = product!;
  } catch (error) {
    logger.warn({ err: error, userId: user.id }, 'registration: product not created');
    return {
      ...answer,
      message: registrationMessages.productFailed,
      warning: toHttpError(error).message,
    };
  }
  answer.product = { id: created.id };

  const payment = await subscribe(deps, user, created, {
    paymentMethodId: body.stripeToken,
    billingCycle: body.billingCycle,
    couponCode: coupon?.code,
  });
  return { ...answer, ...payment };
}

/** A new account's answer, the same for every way of signing up. */
export interface AccountAnswer {
  token: string;
  message: string;
  user: AuthUser;
}

function accountAnswer(
  registered: RegisterResponse,
  adminEmail: string | undefined,
): AccountAnswer {
  return {
    token: registered.accessToken!.token,
    message: registrationMessages.created,
    user: toAuthUser(registered.user!, adminEmail),
  };
}

/**
 * The account of a person invited to a product: identity's account only (no
 * product, no card). An e-mail that has an account already keeps identity's
 * answer ("An account with this email already exists"): that person signs in.
 */
export async function openInvitedAccount(
  deps: Pick<RegistrationDeps, 'clients' | 'adminEmail'>,
  input: { email: string; password: string; firstName: string; lastName: string },
): Promise<AccountAnswer> {
  const registered = await deps.clients.identity.register(input);
  return accountAnswer(registered, deps.adminEmail);
}

/**
 * The account: a new one, or — when the e-mail is taken — the same person's
 * registration that stopped before its product was created, if the password
 * matches and the account has no product yet. Anything else keeps identity's
 * "already exists" answer, whatever the password, so signing up tells no more
 * than before about other people's accounts.
 */
async function openAccount(
  { clients, logger }: RegistrationDeps,
  body: RegisterRequest,
): Promise<RegisterResponse> {
  try {
    return await clients.identity.register({
      email: body.email,
      password: body.password,
      firstName: body.firstName,
      lastName: body.lastName,
    });
  } catch (taken) {
    if (!isServiceError(taken) || taken.code !== status.ALREADY_EXISTS) throw taken;
    let signedIn: LoginResponse;
    try {
      signedIn = await clients.identity.login({ email: body.email, password: body.password });
    } catch (error) {
      if (isServiceError(error) && error.code === status.UNAUTHENTICATED) throw taken;
      throw error;
    }
    const { products } = await clients.catalog.listProducts({ userId: signedIn.user!.id });
    if (products.length > 0) {
      // That session was only a check; it must not outlive this answer.
      await clients.identity.logout({ sessionId: signedIn.accessToken!.sessionId });
      throw taken;
    }
    logger.info({ userId: signedIn.user!.id }, 'registration: finishing an unfinished sign-up');
    return signedIn;
  }
}

/**
 * The payment step, after catalog created the product: attach the card the
 * browser made (stripeToken) and start the product's subscription. A failure
 * never undoes the account or the product; the product stays inactive and
 * the answer says to complete payment, with the provider's message (e.g.
 * "Your card was declined.").
 */
async function subscribe(
  { clients, logger }: RegistrationDeps,
  user: AuthUser,
  product: Product,
  card: { paymentMethodId: string | undefined; billingCycle?: string; couponCode?: string },
): Promise<{ subscriptionStatus: string; paymentError: string | null; message: string }> {
  const unpaid = (paymentError: string | null) => ({
    subscriptionStatus: 'inactive',
    paymentError,
    message: billingMessages.accountCreatedCompletePayment,
  });
  if (!card.paymentMethodId) return unpaid(null);
  try {
    const { subscription } = await saveCard(clients.billing, user, billingProduct(product), {
      ...card,
      paymentMethodId: card.paymentMethodId,
    });
    const status = subscription?.status ?? 'inactive';
    return status === 'active'
      ? {
          subscriptionStatus: status,
          paymentError: null,
          message: billingMessages.accountCreatedSubscriptionActive,
        }
      : unpaid(null);
  } catch (error) {
    const answer = toHttpError(error);
    if (answer.status >= 500) {
      logger.warn({ err: error, userId: user.id }, 'registration: payment not completed');
    }
    return unpaid(answer.message);
  }
}

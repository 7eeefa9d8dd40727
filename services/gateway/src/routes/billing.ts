import {
  billingMessages,
  type BillingSummary,
  type CheckoutSessionAnswer,
  checkoutSessionRequest,
  type CouponView,
  customerPortalRequest,
  type PlanCatalogue,
  savePaymentMethodRequest,
  setupPaymentRequest,
  type SubscriptionCancellation,
  type SubscriptionDetailsByProduct,
} from '@chorus/contracts';
import type { Product } from '@chorus/proto/catalog/v1/catalog';
import type { Logger } from '@chorus/service-kit';
import { z } from 'zod';
import {
  billingProduct,
  toInvoiceRow,
  toPaymentMethodView,
  toPriceOption,
  toSubscriptionDetails,
} from '../billing-views';
import type { ServiceClients } from '../clients';
import { HttpError, toHttpError } from '../http-errors';
import { checkoutPagePolicy, renderCheckoutPage } from '../local-checkout-page';
import type { ApiRoutes } from '../routing';

const idParams = z.object({ id: z.string().min(1).max(100) });
const sessionParams = z.object({ sessionId: z.string().min(1).max(200) });

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The user's product from catalog: NOT_FOUND (404) for another user's. */
async function ownedProduct(clients: ServiceClients, userId: string, productId: string) {
  const { product } = await clients.catalog.getProduct({ userId, productId });
  return billingProduct(product!);
}

/**
 * The payment step of registration, after catalog created the product:
 * attach the card the browser made (stripeToken) and start the product's
 * subscription. A failure never undoes the account or the product; the
 * product stays inactive and the answer says to complete payment, with the
 * provider's message (e.g. "Your card was declined.").
 */
export async function subscribeAtRegistration(
  clients: ServiceClients,
  logger: Logger,
  input: {
    userId: string;
    email: string;
    product: Product;
    paymentMethodId: string | undefined;
    billingCycle: string | undefined;
    /** The onboarding form's coupon, already checked (checkCoupon). */
    couponCode?: string;
  },
): Promise<{ subscriptionStatus: string; paymentError: string | null; message: string }> {
  const unpaid = (paymentError: string | null) => ({
    subscriptionStatus: 'inactive',
    paymentError,
    message: billingMessages.accountCreatedCompletePayment,
  });
  if (!input.paymentMethodId) return unpaid(null);
  try {
    const { subscription } = await clients.billing.savePaymentMethod({
      payer: { userId: input.userId, email: input.email },
      product: billingProduct(input.product),
      paymentMethodId: input.paymentMethodId,
      billingCycle: input.billingCycle ?? '',
      promoCode: input.couponCode ?? '',
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
      logger.warn({ err: error, userId: input.userId }, 'registration: payment not completed');
    }
    return unpaid(answer.message);
  }
}

/**
 * A customer's coupon, checked before anything is created or charged: an
 * unknown, inactive, expired or used-up code answers 400 with the reason.
 * Undefined when no coupon was given.
 */
export async function checkCoupon(
  clients: ServiceClients,
  couponCode: string | undefined,
): Promise<CouponView | undefined> {
  const code = couponCode?.trim();
  if (!code) return undefined;
  const { promoCode } = await clients.billing.checkPromoCode({ code });
  return {
    code: promoCode!.code,
    discountPercent: promoCode!.discountPercent,
    durationMonths: promoCode!.durationMonths,
  };
}

/**
 * The billing step of deleting a product: its subscription ends now. When
 * billing cannot do it right away, the product still goes, the answer
 * carries a warning, and billing cancels the subscription when catalog's
 * ProductDeleted event reaches it.
 */
export async function endSubscriptionOfDeletedProduct(
  clients: ServiceClients,
  logger: Logger,
  ids: { userId: string; productId: string },
): Promise<{ subscriptionCancelled: boolean; warning: string | null }> {
  try {
    const ended = await clients.billing.endSubscription(ids);
    return { subscriptionCancelled: ended.subscriptionCancelled, warning: null };
  } catch (error) {
    logger.warn({ err: error, ...ids }, 'product deletion: subscription not cancelled yet');
    return { subscriptionCancelled: false, warning: billingMessages.deletedWithBillingWarning };
  }
}

/** Prices, payments, subscriptions, invoices, checkout, portal and Stripe webhooks. */
export function billingRoutes(
  routes: ApiRoutes,
  deps: { clients: ServiceClients; logger: Logger },
): void {
  const { clients } = deps;
  const { billing } = clients;

  routes.add({
    method: 'get',
    path: '/api/stripe/products',
    summary: 'The plan: monthly and yearly prices with formatted amounts and the annual saving',
    tag: 'billing',
    access: 'public',
    async handler(): Promise<PlanCatalogue> {
      const prices = await billing.getPrices({});
      return {
        product: {
          id: prices.productId,
          name: prices.productName,
          description: prices.productDescription,
        },
        prices: { monthly: toPriceOption(prices.monthly!), yearly: toPriceOption(prices.annual!) },
        annualDiscountPercent: prices.annualDiscountPercent,
        includedPersonas: prices.includedPersonas,
        extraPersonaCost: prices.extraPersonaCents / 100,
      };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/stripe/product/:id',
    summary: 'The catalogue product and its list of prices',
    tag: 'billing',
    access: 'public',
    params: idParams,
    async handler({ params }) {
      const prices = await billing.getPrices({});
      if (params.id !== prices.productId) throw new HttpError(404, billingMessages.productNotFound);
      return {
        product: {
          id: prices.productId,
          name: prices.productName,
          description: prices.productDescription,
        },
        prices: [toPriceOption(prices.monthly!), toPriceOption(prices.annual!)],
      };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/billing/config',
    summary: 'Which payment provider runs, and the publishable key for Stripe Elements',
    tag: 'billing',
    access: 'public',
    async handler() {
      const config = await billing.getPaymentConfig({});
      return { provider: config.provider, publishableKey: config.publishableKey || null };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/setup-payment',
    summary: 'A setup intent for the product; the browser confirms a card with its client secret',
    tag: 'billing',
    access: 'user',
    params: idParams,
    body: setupPaymentRequest,
    async handler({ user, params, body }) {
      const product = await ownedProduct(clients, user.id, params.id);
      // A coupon may come along to be checked before the card is asked for.
      const coupon = await checkCoupon(clients, body.couponCode);
      const intent = await billing.setupPayment({
        payer: { userId: user.id, email: user.email },
        product,
      });
      return {
        clientSecret: intent.clientSecret,
        setupIntentId: intent.setupIntentId,
        coupon: coupon ?? null,
      };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/payment-methods',
    summary: "Save a card for a product and start the product's subscription if none runs",
    tag: 'billing',
    access: 'user',
    status: 201,
    body: savePaymentMethodRequest,
    async handler({ user, body }) {
      const product = await ownedProduct(clients, user.id, body.productId);
      const saved = await billing.savePaymentMethod({
        payer: { userId: user.id, email: user.email },
        product,
        paymentMethodId: body.stripePaymentMethodId,
        cardData: body.cardData,
        billingCycle: body.billingCycle ?? '',
        promoCode: body.couponCode?.trim() ?? '',
      });
      const subscription = toSubscriptionDetails(saved.subscription!);
      return {
        paymentMethod: toPaymentMethodView(saved.paymentMethod!),
        subscription,
        subscriptionStatus: subscription.status,
      };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/sync-status',
    summary: "Refresh the product's subscription from the payment provider",
    tag: 'billing',
    access: 'user',
    params: idParams,
    async handler({ user, params }) {
      const product = await ownedProduct(clients, user.id, params.id);
      const { subscription } = await billing.syncStatus({ userId: user.id, product });
      const details = toSubscriptionDetails(subscription!);
      return { subscriptionStatus: details.status, subscription: details };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/billing/subscription-details',
    summary:
      "Each product's plan, personas, monthly rate and next billing date, keyed by product id",
    tag: 'billing',
    access: 'user',
    async handler({ user }): Promise<SubscriptionDetailsByProduct> {
      const { subscriptions } = await billing.listSubscriptions({ userId: user.id });
      return Object.fromEntries(subscriptions.map((s) => [s.productId, toSubscriptionDetails(s)]));
    },
  });

  routes.add({
    method: 'get',
    path: '/api/billing/history',
    summary: 'Invoices of all products, newest first',
    tag: 'billing',
    access: 'user',
    async handler({ user }) {
      const { invoices } = await billing.listInvoices({ userId: user.id });
      return invoices.map(toInvoiceRow);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/billing/invoices/:id/pdf',
    summary: 'An invoice as a PDF (send the bearer token; Stripe invoices redirect to Stripe)',
    tag: 'billing',
    access: 'user',
    params: idParams,
    async handler({ user, params, res }) {
      const found = await billing.getInvoicePdf({ userId: user.id, invoiceId: params.id });
      if (found.document?.$case === 'url') {
        res.redirect(302, found.document.value);
        return undefined;
      }
      if (found.document?.$case !== 'pdf')
        throw new HttpError(404, billingMessages.invoiceNotFound);
      res
        .status(200)
        .type('application/pdf')
        .setHeader('content-disposition', `attachment; filename="${found.filename}"`)
        .setHeader('cache-control', 'private, no-store')
        .send(found.document.value);
      return undefined;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/dashboard/stats',
    summary: "The billing page's summary: monthly spend, active products, personas, next billing",
    tag: 'billing',
    access: 'user',
    async handler({ user }): Promise<BillingSummary> {
      const stats = await billing.getBillingStats({ userId: user.id });
      return {
        monthlySpend: stats.monthlySpendCents / 100,
        activeProducts: stats.activeProducts,
        totalProducts: stats.totalProducts,
        totalPersonas: stats.totalPersonas,
        nextBillingDate: stats.nextBillingDate?.toISOString() ?? null,
      };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/cancel-subscription',
    summary: 'Cancel at the end of the paid period; the product stays active until then',
    tag: 'billing',
    access: 'user',
    params: idParams,
    async handler({ user, params }): Promise<SubscriptionCancellation> {
      const product = await ownedProduct(clients, user.id, params.id);
      const { subscription } = await billing.cancelSubscription({ userId: user.id, product });
      const details = toSubscriptionDetails(subscription!);
      const until = subscription?.currentPeriodEnd;
      return {
        message: billingMessages.subscriptionCancelled(
          until ? dateFormat.format(until) : 'the end of the billing period',
        ),
        subscriptionStatus: details.status,
        subscription: details,
      };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/billing/customer-portal',
    summary: "A payment provider portal session for the user's own customer",
    tag: 'billing',
    access: 'user',
    body: customerPortalRequest,
    async handler({ user, body }) {
      return billing.createPortalSession({
        userId: user.id,
        customerId: body.customerId ?? '',
        returnUrl: body.returnUrl ?? '',
      });
    },
  });

  routes.add({
    method: 'post',
    path: '/api/stripe/create-checkout-session',
    summary:
      'A hosted checkout for a product (the given one, or the newest without a subscription)',
    tag: 'billing',
    access: 'user',
    body: checkoutSessionRequest,
    async handler({ user, body }): Promise<CheckoutSessionAnswer> {
      let productId = body.productId;
      if (!productId) {
        const { subscriptions } = await billing.listSubscriptions({ userId: user.id });
        productId = subscriptions
          .filter((s) => s.status !== 'active' && s.status !== 'past_due')
          .at(-1)?.productId;
      }
      if (!productId) throw new HttpError(400, billingMessages.noProductSelected);
      const product = await ownedProduct(clients, user.id, productId);
      const session = await billing.createCheckoutSession({
        payer: { userId: user.id, email: user.email },
        product,
        billingCycle: body.priceId || body.billingCycle || '',
        successUrl: body.successUrl,
        cancelUrl: body.cancelUrl,
      });
      return { url: session.url, sessionId: session.sessionId };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/billing/checkout/local/:sessionId',
    summary: "The local payment provider's hosted checkout page (HTML)",
    tag: 'billing',
    access: 'public',
    params: sessionParams,
    async handler({ params, res }) {
      const session = await billing.getLocalCheckoutSession({ sessionId: params.sessionId });
      res
        .status(200)
        .setHeader('content-security-policy', checkoutPagePolicy(session))
        .setHeader('cache-control', 'no-store')
        .type('html')
        .send(renderCheckoutPage(session));
      return undefined;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/billing/checkout/local/:sessionId',
    summary: 'Pay a local checkout session with a test card; redirects to its success address',
    tag: 'billing',
    access: 'public',
    params: sessionParams,
    rawBody: true,
    async handler({ params, req, res }) {
      const form = new URLSearchParams(Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '');
      const paymentMethodId = form.get('paymentMethod') ?? '';
      const cardholderName = (form.get('cardholderName') ?? '').slice(0, 200);
      try {
        const { successUrl } = await billing.completeLocalCheckoutSession({
          sessionId: params.sessionId,
          paymentMethodId,
          cardholderName,
        });
        res.redirect(303, successUrl);
      } catch (error) {
        const answer = toHttpError(error);
        if (answer.status !== 400) throw error;
        // A declined card: the page again, with the provider's message.
        const session = await billing.getLocalCheckoutSession({ sessionId: params.sessionId });
        res
          .status(402)
          .setHeader('content-security-policy', checkoutPagePolicy(session))
          .setHeader('cache-control', 'no-store')
          .type('html')
          .send(renderCheckoutPage(session, { error: answer.message, cardholderName }));
      }
      return undefined;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/stripe/webhook',
    summary:
      'Stripe webhook deliveries (Stripe-Signature over the raw body; retries change nothing)',
    tag: 'billing',
    access: 'public',
    rawBody: true,
    async handler({ req }) {
      const signature = req.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) {
        throw new HttpError(
          400,
          'Webhook signature verification failed: no Stripe-Signature header',
        );
      }
      const handled = await billing.handleStripeEvent({ payload: req.body, signature });
      return { received: true, duplicate: handled.duplicate };
    },
  });
}

import {
  billingMessages,
  type BillingSummary,
  type CheckoutSessionAnswer,
  checkoutSessionRequest,
  customerPortalRequest,
  type PlanCatalogue,
  savePaymentMethodRequest,
  setupPaymentRequest,
  type SubscriptionCancellation,
  type SubscriptionDetailsByProduct,
  productActions,
} from '@chorus/contracts';
import { z } from 'zod';
import {
  toCouponView,
  toInvoiceRow,
  toPaymentMethodView,
  toPriceOption,
  toSubscriptionDetails,
} from '../billing-views';
import type { ServiceClients } from '../clients';
import { HttpError, toHttpError } from '../http-errors';
import { checkoutPagePolicy, renderCheckoutPage } from '../local-checkout-page';
import type { ApiRoutes } from '../routing';
import { ProductBilling } from '../workflows/product-billing';

const idParams = z.object({ id: z.string().min(1).max(100) });
const sessionParams = z.object({ sessionId: z.string().min(1).max(200) });

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Prices, payments, subscriptions, invoices, checkout, portal and Stripe webhooks. */
export function billingRoutes(routes: ApiRoutes, deps: { clients: ServiceClients }): void {
  const { billing } = deps.clients;
  const productBilling = new ProductBilling(deps.clients);

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
    idempotent: true,
    product: { from: 'id', role: productActions.billing },
    params: idParams,
    body: setupPaymentRequest,
    // Owner only: the owner pays with their own card.
    async handler({ user, params, body }) {
      // A coupon may come along to be checked before the card is asked for.
      const { intent, coupon } = await productBilling.setupPayment(
        user,
        params.id,
        body.couponCode,
      );
      return {
        clientSecret: intent.clientSecret,
        setupIntentId: intent.setupIntentId,
        coupon: coupon ? toCouponView(coupon) : null,
      };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/payment-methods',
    summary: "Save a card for a product and start the product's subscription if none runs",
    tag: 'billing',
    access: 'user',
    idempotent: true,
    status: 201,
    body: savePaymentMethodRequest,
    async handler({ user, body }) {
      const saved = await productBilling.savePaymentMethod(user, body.productId, {
        paymentMethodId: body.stripePaymentMethodId,
        cardData: body.cardData,
        billingCycle: body.billingCycle,
        couponCode: body.couponCode,
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
    product: { from: 'id', role: productActions.billing },
    params: idParams,
    async handler({ access, params }) {
      const { subscription } = await productBilling.syncStatus(access.ownerId, params.id);
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
    product: { from: 'id', role: productActions.billing },
    params: idParams,
    async handler({ access, params }): Promise<SubscriptionCancellation> {
      const { subscription } = await productBilling.cancelSubscription(access.ownerId, params.id);
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
    idempotent: true,
    body: checkoutSessionRequest,
    async handler({ user, body }): Promise<CheckoutSessionAnswer> {
      const session = await productBilling.checkout(user, {
        productId: body.productId,
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

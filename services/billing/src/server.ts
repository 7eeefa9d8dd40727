import type {
  BillingServiceService,
  Invoice,
  Payer as PayerMessage,
  Price,
  Product,
  PromoCode,
  Subscription,
} from '@chorus/proto/billing/v1/billing';
import { type AsyncServiceImplementation, InvalidArgument } from '@chorus/service-kit';
import type { Checkout } from './checkout';
import type { Payer } from './customers';
import type { SubscriptionView } from './domain/subscription-view';
import type { Invoices } from './invoices';
import type { PaymentMethods } from './payment-methods';
import type { Prices } from './prices';
import type { ProductSnapshot } from './products';
import type { PromoCodes } from './promo-codes';
import type { ProviderEvents } from './provider-events';
import type { PlanPrices } from './providers/provider';
import type { Revenue } from './revenue';
import type { InvoiceRow, PromoCodeRow } from './store';
import type { Subscriptions } from './subscriptions';

/** The use cases the gRPC calls reach. */
export interface BillingModules {
  prices: Prices;
  paymentMethods: PaymentMethods;
  subscriptions: Subscriptions;
  invoices: Invoices;
  checkout: Checkout;
  providerEvents: ProviderEvents;
  promoCodes: PromoCodes;
  revenue: Revenue;
}

function payer(message: PayerMessage | undefined): Payer {
  if (!message?.userId) throw new InvalidArgument('payer is required');
  return { userId: message.userId, email: message.email };
}

function product(message: Product | undefined): ProductSnapshot {
  if (!message?.id) throw new InvalidArgument('product is required');
  return message;
}

/**
 * The view as its message. What the seats add to the monthly rate (revenue)
 * and the promo (the catalog mirrors it) stay in billing: the message has
 * neither.
 */
function toSubscription(view: SubscriptionView): Subscription {
  const { seatsMonthlyRateCents: _revenueOnly, promo: _mirroredByCatalog, ...message } = view;
  return message;
}

function toPrice(prices: PlanPrices, cycle: 'monthly' | 'annual', savingsCents: number): Price {
  const price = prices.base;
  return {
    id: price.id,
    nickname: price.nickname,
    interval: price.interval,
    intervalCount: 1,
    unitAmountCents: price.unitAmountCents,
    currency: price.currency,
    savingsCents,
    billingCycle: cycle,
  };
}

function toPromoCode(row: PromoCodeRow): PromoCode {
  return {
    id: row.id,
    code: row.code,
    discountPercent: row.discount_percent,
    durationMonths: row.duration_months,
    description: row.description ?? '',
    usageLimit: row.usage_limit ?? undefined,
    usedCount: row.used_count,
    expiresAt: row.expires_at ?? undefined,
    isActive: row.is_active,
    createdAt: row.created_at,
  };
}

function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    productId: row.product_id,
    description: row.description,
    issuedAt: row.issued_at,
    amountCents: row.amount_cents,
    currency: row.currency,
    status: row.status,
    pdfUrl: row.pdf_url ?? '',
    number: row.number,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    lines: row.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      amountCents: line.amountCents,
    })),
  };
}

/** gRPC handlers: translate messages, call the use case, translate back. */
export function billingHandlers({
  prices,
  paymentMethods,
  subscriptions,
  invoices,
  checkout,
  providerEvents,
  promoCodes,
  revenue,
}: BillingModules): AsyncServiceImplementation<typeof BillingServiceService> {
  return {
    async getPrices() {
      const { catalog, plan, annualSavingsCents } = await prices.prices();
      return {
        productId: catalog.productId,
        productName: catalog.productName,
        productDescription: catalog.productDescription,
        monthly: toPrice(catalog.current.monthly, 'monthly', 0),
        annual: toPrice(catalog.current.annual, 'annual', annualSavingsCents),
        annualDiscountPercent: Math.round((annualSavingsCents / (12 * plan.monthlyCents)) * 100),
        includedPersonas: plan.includedPersonas,
        extraPersonaCents: plan.extraPersonaCents,
      };
    },
    async getPaymentConfig() {
      return prices.paymentConfig();
    },
    async setupPayment(request) {
      const intent = await paymentMethods.setupPayment(
        payer(request.payer),
        product(request.product),
      );
      return { setupIntentId: intent.id, clientSecret: intent.clientSecret };
    },
    async savePaymentMethod(request) {
      const saved = await subscriptions.savePaymentMethod({
        payer: payer(request.payer),
        product: product(request.product),
        paymentMethodId: request.paymentMethodId,
        cardData: request.cardData,
        billingCycle: request.billingCycle,
        promoCode: request.promoCode,
      });
      return {
        paymentMethod: saved.paymentMethod,
        subscription: toSubscription(saved.subscription),
      };
    },
    async syncStatus(request) {
      return {
        subscription: toSubscription(
          await subscriptions.syncStatus(request.userId, product(request.product)),
        ),
      };
    },
    async listSubscriptions(request) {
      const views = await subscriptions.list(request.userId);
      return { subscriptions: views.map(toSubscription) };
    },
    async listInvoices(request) {
      return { invoices: (await invoices.list(request.userId)).map(toInvoice) };
    },
    async getInvoicePdf(request) {
      const found = await invoices.pdf(request.userId, request.invoiceId);
      return {
        filename: found.filename,
        document:
          'pdf' in found ? { $case: 'pdf', value: found.pdf } : { $case: 'url', value: found.url },
      };
    },
    async getBillingStats(request) {
      return subscriptions.stats(request.userId);
    },
    async cancelSubscription(request) {
      return {
        subscription: toSubscription(
          await subscriptions.cancel(request.userId, product(request.product)),
        ),
      };
    },
    async endSubscription(request) {
      return subscriptions.end(request.userId, request.productId);
    },
    async createCheckoutSession(request) {
      return checkout.createCheckoutSession({
        payer: payer(request.payer),
        product: product(request.product),
        billingCycle: request.billingCycle,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
      });
    },
    async getLocalCheckoutSession(request) {
      const session = await checkout.localCheckoutSession(request.sessionId);
      return {
        sessionId: session.id,
        status: session.status,
        productName: session.productName,
        planDisplayName: session.planDisplayName,
        amountCents: session.amountCents,
        currency: session.currency,
        cancelUrl: session.cancelUrl,
        successUrl: session.successUrl,
        testCards: session.testCards,
      };
    },
    async completeLocalCheckoutSession(request) {
      return {
        successUrl: await checkout.completeLocalCheckout({
          sessionId: request.sessionId,
          paymentMethodId: request.paymentMethodId,
          cardholderName: request.cardholderName,
        }),
      };
    },
    async createPortalSession(request) {
      return checkout.portalSession(request);
    },
    async handleStripeEvent(request) {
      const handled = await providerEvents.handleStripeWebhook(request.payload, request.signature);
      return { eventId: handled.id, type: handled.type, duplicate: handled.duplicate };
    },

    async listPromoCodes() {
      return { promoCodes: (await promoCodes.list()).map(toPromoCode) };
    },
    async createPromoCode(request) {
      const row = await promoCodes.create({
        code: request.code,
        discountPercent: request.discountPercent,
        durationMonths: request.durationMonths,
        description: request.description,
        usageLimit: request.usageLimit,
        expiresAt: request.expiresAt,
        isActive: request.isActive,
      });
      return { promoCode: toPromoCode(row) };
    },
    async deletePromoCode(request) {
      return { promoCode: toPromoCode(await promoCodes.delete(request.id)) };
    },
    async checkPromoCode(request) {
      return { promoCode: toPromoCode(await promoCodes.usable(request.code)) };
    },
    async getRevenueStats() {
      return revenue.stats();
    },
    async getRevenueHistory(request) {
      return { months: await revenue.history(request.months) };
    },
  };
}

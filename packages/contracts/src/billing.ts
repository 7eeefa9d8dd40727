import { z } from 'zod';
import { requiredString } from './auth';

/**
 * Billing's words: the spec's where it has them (payment, checkout and
 * cancellation toasts), and the server's answers the browser shows as the
 * "server message" of those toasts.
 */
export const billingMessages = {
  // The spec's texts.
  accountCreatedCompletePayment:
    'Your account has been created successfully! Complete payment to activate your subscription.',
  noProductSelected: 'No product selected',
  selectBillingPlan: 'Please select a billing plan',
  paymentSetupFailed: 'Unable to setup payment. Please try again.',
  checkoutFailed: 'Unable to start checkout process. Please try again.',
  cancellationFailed: 'Failed to cancel subscription. Please try again.',
  productAndSubscriptionDeleted: 'Product and subscription deleted',
  productDeleted: 'Product deleted successfully',
  // The server's answers.
  accountCreatedSubscriptionActive:
    'Your account has been created successfully! Your subscription is active.',
  productNotFound: 'Product not found',
  invoiceNotFound: 'Invoice not found',
  customerNotFound: 'Customer not found',
  checkoutSessionNotFound: 'Checkout session not found',
  checkoutSessionExpired: 'This checkout session has expired. Please start checkout again.',
  paymentMethodRequired: 'Card information not found',
  noActiveSubscription: 'This product has no active subscription to cancel.',
  alreadySubscribed: 'This product already has an active subscription.',
  invalidPromoCode: 'This promo code is invalid or has expired.',
  invalidUrl: 'Please provide a full http(s) address',
  webhooksNotConfigured: 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).',
  subscriptionCancelled: (until: string) =>
    `Your subscription has been cancelled. You keep access until ${until}.`,
  deletedWithBillingWarning:
    'Product deleted, but its subscription could not be cancelled right now. It will be cancelled automatically; no further payment will be taken for this product.',
} as const;

const text = z.string().trim();

/** An absolute http(s) address (where a hosted page sends the browser back). */
const webUrl = text
  .max(2000)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: billingMessages.invalidUrl,
  });

/**
 * Card data the browser sends with a payment method: never a card number.
 * The browser sends placeholders and the provider's own card details win,
 * so a malformed value is dropped rather than refusing the payment.
 */
const cardDataSchema = z.object({
  brand: text.max(40).catch(''),
  last4: z
    .string()
    .regex(/^\d{4}$/)
    .catch(''),
  expMonth: z.coerce.number().int().min(1).max(12).catch(0),
  expYear: z.coerce.number().int().min(2000).max(2200).catch(0),
  cardholderName: text.max(200).catch(''),
});

/** POST /api/payment-methods */
export const savePaymentMethodRequest = z.object({
  productId: requiredString(billingMessages.noProductSelected).max(100),
  stripePaymentMethodId: requiredString(billingMessages.paymentMethodRequired).max(255),
  cardData: cardDataSchema.optional(),
  billingCycle: text.max(100).optional(),
  /** Onboarding's optional coupon: a promo code applied when the subscription starts. */
  couponCode: text.max(50).optional(),
});

/** POST /api/products/:id/setup-payment: a coupon may come along to be checked early. */
export const setupPaymentRequest = z.object({
  couponCode: text.max(50).optional(),
});

/** A coupon the customer may use, as setup-payment answers it. */
export interface CouponView {
  code: string;
  discountPercent: number;
  durationMonths: number;
}

/** POST /api/stripe/create-checkout-session */
export const checkoutSessionRequest = z
  .object({
    productId: text.max(100).optional(),
    priceId: text.max(255).optional(),
    billingCycle: text.max(100).optional(),
    successUrl: webUrl,
    cancelUrl: webUrl,
  })
  .refine((value) => Boolean(value.priceId || value.billingCycle), {
    message: billingMessages.selectBillingPlan,
    path: ['billingCycle'],
  });

/** POST /api/billing/customer-portal */
export const customerPortalRequest = z.object({
  customerId: text.max(255).optional(),
  returnUrl: webUrl.optional(),
});

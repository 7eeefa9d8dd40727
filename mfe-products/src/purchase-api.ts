import { type BillingCycle, CURRENT_PLAN, type ProductView } from '@chorus/contracts';
import {
  ActionKeys,
  analytics,
  ApiError,
  apiRequest,
  queryClient,
  serverMessage,
} from '@chorus/platform';
import { refusalMessage } from './messages';

// The purchase flows' calls: create a product, set up its payment, save the
// card (which starts the subscription), and read the subscription back.

const productPath = (productId: string) => `/api/products/${encodeURIComponent(productId)}`;

// Each step is one user action with its Idempotency-Key: a double click, or
// the same details sent again after a lost answer, creates or charges once.
const creations = new ActionKeys();
const setups = new ActionKeys();
const payments = new ActionKeys();

/** A failed payment setup in the spec's words: "HTTP {status}: {statusText}", or no client secret. */
export class PaymentSetupError extends Error {
  override name = 'PaymentSetupError';

  constructor(
    message: string,
    /** The server's reason when it refused (e.g. an unknown coupon), for the user to act on. */
    readonly refusal?: string,
  ) {
    super(message);
  }
}

export async function createProduct(input: {
  name: string;
  description: string;
  industry: string;
  billingCycle: BillingCycle;
}): Promise<ProductView> {
  return creations.run(input, async (idempotencyKey) => {
    const response = await apiRequest('POST', '/api/products', input, { idempotencyKey });
    return (await response.json()) as ProductView;
  });
}

/** POST /api/products/{id}/setup-payment: the provider's setup intent for the product. */
export async function requestPaymentSetup(
  productId: string,
  couponCode?: string,
): Promise<{ clientSecret: string }> {
  let response: Response;
  try {
    // A coupon is checked by the server before the card is asked for.
    const path = `${productPath(productId)}/setup-payment`;
    const body = couponCode ? { couponCode } : undefined;
    response = await setups.run({ path, body }, (idempotencyKey) =>
      apiRequest('POST', path, body, { idempotencyKey }),
    );
  } catch (error) {
    if (error instanceof ApiError) {
      const refusal = refusalMessage(error);
      throw new PaymentSetupError(
        refusal ?? `HTTP ${error.status}: ${serverMessage(error) ?? 'Error'}`,
        refusal,
      );
    }
    throw error;
  }
  const answer = (await response.json()) as { clientSecret?: unknown };
  if (typeof answer.clientSecret !== 'string' || !answer.clientSecret) {
    throw new PaymentSetupError('No client secret received');
  }
  return { clientSecret: answer.clientSecret };
}

/**
 * POST /api/payment-methods: keeps the card for the product and starts its
 * subscription. The card's real details come from the provider; the browser
 * sends only placeholders and the cardholder's name.
 */
async function savePaymentMethod(input: {
  productId: string;
  paymentMethodId: string;
  cardholderName: string;
  billingCycle?: BillingCycle;
  couponCode?: string;
}): Promise<{ subscriptionStatus: string }> {
  const body = {
    productId: input.productId,
    stripePaymentMethodId: input.paymentMethodId,
    cardData: {
      brand: '',
      last4: '',
      expMonth: 0,
      expYear: 0,
      cardholderName: input.cardholderName,
    },
    ...(input.billingCycle ? { billingCycle: input.billingCycle } : {}),
    ...(input.couponCode ? { couponCode: input.couponCode } : {}),
  };
  return payments.run(body, async (idempotencyKey) => {
    const response = await apiRequest('POST', '/api/payment-methods', body, { idempotencyKey });
    return (await response.json()) as { subscriptionStatus: string };
  });
}

/** What a plan is worth to analytics: dollars per billing period. */
function planValue(cycle: BillingCycle): number {
  return (cycle === 'annual' ? CURRENT_PLAN.annualCents : CURRENT_PLAN.monthlyCents) / 100;
}

/**
 * The purchase flows' payment: saves the card (which starts the
 * subscription), runs `afterSave` (the subscribe page syncs the status
 * there), then counts the purchase and reads the product lists again.
 * Answers the message the card form shows, or null once paid.
 */
export async function payForProduct(
  input: Parameters<typeof savePaymentMethod>[0] & { billingCycle: BillingCycle },
  afterSave?: () => Promise<void>,
): Promise<string | null> {
  try {
    await savePaymentMethod(input);
  } catch (error) {
    return refusalMessage(error) ?? 'An unexpected error occurred. Please try again.';
  }
  await afterSave?.();
  analytics.purchase({ value: planValue(input.billingCycle), planType: input.billingCycle });
  analytics.conversion();
  void refreshProducts();
  return null;
}

/** POST /api/products/{id}/sync-status: the subscription as the provider sees it now. */
export async function syncStatus(productId: string): Promise<{ subscriptionStatus: string }> {
  const response = await apiRequest('POST', `${productPath(productId)}/sync-status`);
  return (await response.json()) as { subscriptionStatus: string };
}

/** After a product is created or paid for, the product lists and billing are read again. */
export function refreshProducts(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      return (
        typeof key === 'string' &&
        (key.startsWith('/api/products') ||
          key.startsWith('/api/billing') ||
          key === '/api/dashboard/stats')
      );
    },
  });
}

import { BillingServiceClient, type PromoCode } from '@chorus/proto/billing/v1/billing';
import {
  createServiceClient,
  type InProcessServices,
  type PromiseClient,
} from '@chorus/service-kit';

export type BillingClient = PromiseClient<BillingServiceClient>;

/** Payment provider calls can take a while (Stripe round trips), hence the longer deadline. */
export function billingClient(address: string, inProcess?: InProcessServices): BillingClient {
  return createServiceClient(BillingServiceClient, address, { timeoutMs: 30_000 }, inProcess);
}

/**
 * A customer's coupon, checked before anything is created or charged: an
 * unknown, inactive, expired or used-up code answers INVALID_ARGUMENT with
 * the reason. Undefined when no coupon was given.
 */
export async function checkCoupon(
  billing: BillingClient,
  couponCode: string | undefined,
): Promise<PromoCode | undefined> {
  const code = couponCode?.trim();
  if (!code) return undefined;
  const { promoCode } = await billing.checkPromoCode({ code });
  return promoCode!;
}

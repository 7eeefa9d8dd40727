import { BillingServiceClient } from '@chorus/proto/billing/v1/billing';
import { createPromiseClient, type PromiseClient } from '@chorus/service-kit';

export type BillingClient = PromiseClient<BillingServiceClient>;

/** Payment provider calls can take a while (Stripe round trips), hence the longer deadline. */
export function billingClient(address: string): BillingClient {
  return createPromiseClient(BillingServiceClient, address, { timeoutMs: 30_000 });
}

import { setPaymentProvider } from '@chorus/platform';

/**
 * Every payment screen collects cards through Stripe Elements when billing
 * runs on Stripe with a publishable key (`GET /api/billing/config`), and
 * through the local test-mode card form otherwise. Stripe.js is fetched only
 * in the first case, after the first page.
 */
export async function choosePaymentProvider(): Promise<void> {
  const config = await fetch('/api/billing/config')
    .then((response) => (response.ok ? (response.json() as Promise<BillingConfig>) : null))
    .catch(() => null);
  if (!config?.publishableKey) return;
  const { stripeElementsProvider } = await import(
    /* webpackChunkName: "stripe-card-entry" */ './chrome/StripeCardEntry'
  );
  setPaymentProvider(stripeElementsProvider(config.publishableKey));
}

interface BillingConfig {
  provider: string;
  publishableKey: string | null;
}

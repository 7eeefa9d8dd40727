// What the gateway's billing tests share: importing this file starts Chorus
// before the file's tests and stops it after, and gives the helpers that
// register, pay for a product and read the bill back.
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { randomUUID } from 'node:crypto';

export const WEBHOOK_SECRET = 'whsec_gateway_billing_test';
export let chorus: TestChorus;

beforeAll(async () => {
  chorus = await startTestChorus({ env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
});
afterAll(() => chorus.stop());

interface Registered {
  token: string;
  message: string;
  paymentError?: string | null;
  subscriptionStatus?: string;
  product: { id: string } | null;
}

export async function register(stripeToken = 'pm_card_visa', billingCycle = 'monthly') {
  const answer = await chorus.api<Registered>('/api/auth/register', {
    method: 'POST',
    body: {
      email: `billing-${randomUUID()}@example.com`,
      password: 'secret-pass',
      firstName: 'Mia',
      lastName: 'Stone',
      productName: 'Lantern',
      industry: 'Technology',
      billingCycle,
      stripeToken,
    },
  });
  expect(answer.status).toBe(201);
  return { ...answer.body, productId: answer.body.product!.id };
}

export async function createProduct(token: string, name = 'Beacon') {
  const answer = await chorus.api<{ id: string }>('/api/products', {
    method: 'POST',
    token,
    body: { name, industry: 'Technology' },
  });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

export async function payFor(token: string, productId: string, paymentMethod = 'pm_card_visa') {
  const setup = await chorus.api<{ clientSecret: string }>(
    `/api/products/${productId}/setup-payment`,
    { method: 'POST', token },
  );
  expect(setup.status).toBe(200);
  expect(setup.body.clientSecret).toMatch(/^seti_.+_secret_/);
  return chorus.api<{ subscription: { status: string }; paymentMethod: { last4: string } }>(
    '/api/payment-methods',
    {
      method: 'POST',
      token,
      body: {
        productId,
        stripePaymentMethodId: paymentMethod,
        // The browser sends placeholder card data; the provider's card details win.
        cardData: {
          brand: 'card',
          last4: '0000',
          expMonth: 12,
          expYear: 2030,
          cardholderName: 'Mia Stone',
        },
      },
    },
  );
}

type Details = Record<
  string,
  {
    status: string;
    planDisplayName: string;
    personaCount: number;
    extraPersonas: number;
    monthlyRate: number;
    nextBillingDate: string | null;
    cancelAtPeriodEnd: boolean;
    customerId: string | null;
    billingCycle: string;
  }
>;

export async function details(token: string) {
  const answer = await chorus.api<Details>('/api/billing/subscription-details', { token });
  expect(answer.status).toBe(200);
  return answer.body;
}

export async function productStatus(token: string, productId: string) {
  const answer = await chorus.api<{ subscriptionStatus: string }>(`/api/products/${productId}`, {
    token,
  });
  return answer.body.subscriptionStatus;
}

interface HistoryRow {
  id: string;
  description: string;
  date: string;
  amount: number;
  status: string;
  downloadUrl: string;
}

export async function history(token: string) {
  const answer = await chorus.api<HistoryRow[]>('/api/billing/history', { token });
  expect(answer.status).toBe(200);
  return answer.body;
}

import { billingMessages } from '@chorus/contracts';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { chorus, WEBHOOK_SECRET, details, register, history } from './billing-chorus';

describe('Stripe webhooks', () => {
  const post = (payload: string, signature?: string) =>
    chorus.api<{ received?: boolean; duplicate?: boolean; message?: string }>(
      '/api/stripe/webhook',
      {
        method: 'POST',
        body: payload,
        headers: signature ? { 'stripe-signature': signature } : {},
      },
    );
  const sign = (payload: string, timestamp?: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });

  async function failedPaymentEvent(token: string, productId: string) {
    const { subscriptionId, customerId } = (await details(token))[productId] as unknown as {
      subscriptionId: string;
      customerId: string;
    };
    const created = Math.floor(Date.now() / 1000);
    return JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      type: 'invoice.payment_failed',
      livemode: false,
      data: {
        object: {
          id: `in_${randomUUID().replace(/-/g, '')}`,
          object: 'invoice',
          customer: customerId,
          status: 'open',
          attempted: true,
          amount_due: 2500,
          amount_paid: 0,
          currency: 'usd',
          number: 'WEBHOOK-0001',
          created,
          period_start: created,
          period_end: created,
          invoice_pdf: null,
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: subscriptionId, metadata: {} },
          },
          lines: {
            object: 'list',
            data: [{ description: '1 × Monthly Plan', amount: 2500, quantity: 1 }],
          },
        },
      },
    });
  }

  it('refuses a wrong, stale or missing signature and changes nothing', async () => {
    const { token, productId } = await register();
    const payload = await failedPaymentEvent(token, productId);
    const wrong = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect((await post(payload, wrong)).status).toBe(400);
    const stale = await post(payload, sign(payload, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.status).toBe(400);
    expect(stale.body.message).toMatch(/timestamp/i);
    expect((await post(payload)).status).toBe(400);
    expect(await history(token)).toHaveLength(1);
  });

  it('handles an event once, however often Stripe delivers it', async () => {
    const { token, productId } = await register();
    const payload = await failedPaymentEvent(token, productId);
    const first = await post(payload, sign(payload));
    expect(first).toMatchObject({ status: 200, body: { received: true, duplicate: false } });
    const rows = await history(token);
    expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'paid']);
    const again = await post(payload, sign(payload));
    expect(again).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
    expect(await history(token)).toEqual(rows);
  });
});

describe('hosted checkout (local provider)', () => {
  it('leads to a real page that pays the product and returns to the app', async () => {
    const { token } = await register('pm_card_chargeDeclined');
    const plans = await chorus.api<{ prices: { yearly: { id: string } } }>('/api/stripe/products');
    const created = await chorus.api<{ url: string; sessionId: string }>(
      '/api/stripe/create-checkout-session',
      {
        method: 'POST',
        token,
        body: {
          priceId: plans.body.prices.yearly.id,
          billingCycle: 'annual',
          successUrl: 'http://localhost:8080/subscription-success?session_id={CHECKOUT_SESSION_ID}',
          cancelUrl: 'http://localhost:8080/subscription/cancel',
        },
      },
    );
    expect(created.status).toBe(200);
    const path = new URL(created.body.url).pathname;
    expect(path).toBe(`/api/billing/checkout/local/${created.body.sessionId}`);

    const page = await fetch(chorus.url + path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Pay $270.00');

    const pay = (paymentMethod: string) =>
      fetch(chorus.url + path, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ paymentMethod, cardholderName: 'Mia Stone' }).toString(),
      });
    const declined = await pay('pm_card_chargeDeclined');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const paid = await pay('pm_card_visa');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:8080/subscription-success?session_id=${created.body.sessionId}`,
    );
    const products = await chorus.api<{ id: string }[]>('/api/products', { token });
    const productId = products.body[0]!.id;
    expect((await details(token))[productId]).toMatchObject({
      status: 'active',
      billingCycle: 'annual',
    });
  });

  it('needs a product without a subscription and real return addresses', async () => {
    const { token } = await register();
    const checkout = (body: Record<string, string>) =>
      chorus.api('/api/stripe/create-checkout-session', { method: 'POST', token, body });
    expect(
      await checkout({
        billingCycle: 'monthly',
        successUrl: 'http://localhost:8080/s',
        cancelUrl: 'http://localhost:8080/c',
      }),
    ).toMatchObject({ status: 400, body: { message: billingMessages.noProductSelected } });
    expect(
      await checkout({
        billingCycle: 'monthly',
        successUrl: 'javascript:alert(1)',
        cancelUrl: 'x',
      }),
    ).toMatchObject({ status: 400, body: { message: billingMessages.invalidUrl } });
  });
});

describe('customer portal', () => {
  it("opens for the user's own customer", async () => {
    const { token, productId } = await register();
    const customerId = (await details(token))[productId]!.customerId;
    const answer = await chorus.api('/api/billing/customer-portal', {
      method: 'POST',
      token,
      body: { customerId, returnUrl: 'http://localhost:8080/billing' },
    });
    expect(answer).toMatchObject({ status: 200, body: { url: 'http://localhost:8080/billing' } });
  });
});

describe('readiness', () => {
  it('includes billing', async () => {
    const answer = await chorus.api<{ services: Record<string, string> }>('/readyz');
    expect(answer.body.services.billing).toBe('SERVING');
  });
});

import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { WEBHOOK_SECRET, subscribed, client, newProduct, details } from './billing-setup';

describe('Stripe webhooks', () => {
  async function failedInvoiceEvent(subscriptionId: string, customerId: string) {
    const created = Math.floor(Date.now() / 1000);
    return {
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
          number: 'TEST-0002',
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
    };
  }

  function sign(payload: string, timestamp?: number) {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
  }

  it('are handled once per event id, and refused when unsigned or stale', async () => {
    const { product } = await subscribed();
    const { subscription } = await client.syncStatus({ userId: product.userId, product });
    const payload = JSON.stringify(
      await failedInvoiceEvent(
        subscription!.providerSubscriptionId,
        subscription!.providerCustomerId,
      ),
    );
    const count = async () =>
      (await client.listInvoices({ userId: product.userId })).invoices.length;

    await expect(
      client.handleStripeEvent({ payload: Buffer.from(payload), signature: 't=1,v1=bad' }),
    ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    const stale = sign(payload, Math.floor(Date.now() / 1000) - 600);
    await expect(
      client.handleStripeEvent({ payload: Buffer.from(payload), signature: stale }),
    ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    expect(await count()).toBe(1);

    const first = await client.handleStripeEvent({
      payload: Buffer.from(payload),
      signature: sign(payload),
    });
    expect(first.duplicate).toBe(false);
    expect(await count()).toBe(2);
    const replayed = await client.handleStripeEvent({
      payload: Buffer.from(payload),
      signature: sign(payload),
    });
    expect(replayed.duplicate).toBe(true);
    expect(await count()).toBe(2);
  });
});

describe('hosted pages', () => {
  it('local checkout: a declined card leaves the session open; a good one subscribes', async () => {
    const { product, payer } = await newProduct();
    const session = await client.createCheckoutSession({
      payer,
      product,
      billingCycle: 'monthly',
      successUrl: 'http://localhost:8080/subscription-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:8080/subscription/cancel',
    });
    expect(session.url).toBe(
      `http://localhost:8080/api/billing/checkout/local/${session.sessionId}`,
    );
    const page = await client.getLocalCheckoutSession({ sessionId: session.sessionId });
    expect(page).toMatchObject({
      status: 'open',
      productName: 'Lantern',
      amountCents: 2500,
      planDisplayName: 'Monthly Plan',
    });
    expect(page.testCards.map((c) => c.paymentMethodId)).toContain('pm_card_visa');
    await expect(
      client.completeLocalCheckoutSession({
        sessionId: session.sessionId,
        paymentMethodId: 'pm_card_chargeDeclined',
        cardholderName: 'Mia Stone',
      }),
    ).rejects.toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'Your card was declined.',
    });
    const done = await client.completeLocalCheckoutSession({
      sessionId: session.sessionId,
      paymentMethodId: 'pm_card_visa',
      cardholderName: 'Mia Stone',
    });
    expect(done.successUrl).toBe(
      `http://localhost:8080/subscription-success?session_id=${session.sessionId}`,
    );
    expect(await details(product.userId, product.id)).toMatchObject({ status: 'active' });
    const twice = await client.completeLocalCheckoutSession({
      sessionId: session.sessionId,
      paymentMethodId: 'pm_card_visa',
      cardholderName: 'Mia Stone',
    });
    expect(twice.successUrl).toBe(done.successUrl);
    await expect(
      client.createCheckoutSession({
        payer,
        product,
        billingCycle: 'monthly',
        successUrl: 'http://localhost:8080/s',
        cancelUrl: 'http://localhost:8080/c',
      }),
    ).rejects.toMatchObject({ code: status.FAILED_PRECONDITION });
  });

  it('portal: the app’s billing page for the user’s own customer only', async () => {
    const { product } = await subscribed();
    const portal = await client.createPortalSession({
      userId: product.userId,
      customerId: '',
      returnUrl: '',
    });
    expect(portal.url).toBe('http://localhost:8080/billing');
    await expect(
      client.createPortalSession({
        userId: product.userId,
        customerId: 'cus_other',
        returnUrl: '',
      }),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
  });
});

import { adminMessages, billingMessages } from '@chorus/contracts';
import { BillingServiceClient } from '@chorus/proto/billing/v1/billing';
import { createPromiseClient } from '@chorus/service-kit';
import { eventually, testLogger } from '@chorus/service-kit/testing';
import { readGatewayConfig, startGateway } from '../src';
import {
  chorus,
  register,
  details,
  productStatus,
  history,
  payFor,
  createProduct,
} from './billing-chorus';

describe('plans', () => {
  it('lists monthly and yearly prices with formatted amounts and the annual saving', async () => {
    const answer = await chorus.api('/api/stripe/products');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      product: { name: expect.any(String), description: expect.any(String) },
      prices: {
        monthly: {
          id: expect.any(String),
          unit_amount: 2500,
          currency: 'usd',
          interval: 'month',
          interval_count: 1,
          formatted: '$25.00',
          savings: 0,
          recurring: { interval: 'month' },
        },
        yearly: {
          unit_amount: 27000,
          interval: 'year',
          formatted: '$270.00',
          savings: 3000,
          recurring: { interval: 'year' },
        },
      },
      annualDiscountPercent: 10,
    });
  });

  it('answers the catalogue product with its price list, and 404 for another id', async () => {
    const plans = await chorus.api<{ product: { id: string } }>('/api/stripe/products');
    const found = await chorus.api<{ prices: unknown[] }>(
      `/api/stripe/product/${plans.body.product.id}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.prices).toHaveLength(2);
    expect((await chorus.api('/api/stripe/product/prod_other')).status).toBe(404);
  });

  it('tells the browser which payment provider runs', async () => {
    const answer = await chorus.api('/api/billing/config');
    expect(answer.body).toEqual({ provider: 'local', publishableKey: null });
  });
});

describe('registration', () => {
  it('pays with the card and activates the first product', async () => {
    const registered = await register('pm_card_visa');
    expect(registered.message).toBe(billingMessages.accountCreatedSubscriptionActive);
    expect(registered.subscriptionStatus).toBe('active');
    const { token, productId } = registered;
    expect((await details(token))[productId]).toMatchObject({
      status: 'active',
      planDisplayName: 'Monthly Plan',
      monthlyRate: 25,
      extraPersonas: 0,
      nextBillingDate: expect.any(String),
    });
    await eventually(async () => (await productStatus(token, productId)) === 'active', {
      what: 'the product to show the active subscription',
    });
    expect(await history(token)).toEqual([expect.objectContaining({ amount: 25, status: 'paid' })]);
  });

  it('keeps the account and the product when the card is declined', async () => {
    const registered = await register('pm_card_chargeDeclined');
    expect(registered.message).toBe(billingMessages.accountCreatedCompletePayment);
    expect(registered.paymentError).toBe('Your card was declined.');
    const { token, productId } = registered;
    expect((await chorus.api('/api/auth/user', { token })).status).toBe(200);
    expect(await productStatus(token, productId)).toBe('inactive');

    // Completing payment later, from the /subscribe page.
    const paid = await payFor(token, productId);
    expect(paid.status).toBe(201);
    expect(paid.body.subscription.status).toBe('active');
    expect(paid.body.paymentMethod.last4).toBe('4242');
    const synced = await chorus.api<{ subscriptionStatus: string }>(
      `/api/products/${productId}/sync-status`,
      { method: 'POST', token },
    );
    expect(synced.body.subscriptionStatus).toBe('active');
    await eventually(async () => (await productStatus(token, productId)) === 'active');
  });

  it('takes the yearly price id as the billing cycle', async () => {
    const plans = await chorus.api<{ prices: { yearly: { id: string } } }>('/api/stripe/products');
    const { token, productId } = await register('pm_card_visa', plans.body.prices.yearly.id);
    expect((await details(token))[productId]).toMatchObject({
      billingCycle: 'annual',
      planDisplayName: 'Annual Plan',
      monthlyRate: 22.5,
    });
  });
});

describe('paying for a product created later', () => {
  it('answers a declined card with the provider message and keeps the product', async () => {
    const { token } = await register();
    const productId = await createProduct(token);
    const declined = await payFor(token, productId, 'pm_card_chargeDeclined');
    expect(declined).toMatchObject({ status: 400, body: { message: 'Your card was declined.' } });
    expect(await productStatus(token, productId)).toBe('inactive');
    expect((await details(token))[productId]).toMatchObject({ status: 'inactive' });
  });

  it("passes onboarding's coupon code to billing, which refuses an unknown one", async () => {
    const { token } = await register();
    const productId = await createProduct(token);
    const answer = await chorus.api('/api/payment-methods', {
      method: 'POST',
      token,
      body: { productId, stripePaymentMethodId: 'pm_card_visa', couponCode: 'NO-SUCH-CODE' },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: adminMessages.promoUnknown },
    });
    expect(await productStatus(token, productId)).toBe('inactive');
  });

  it('starts its subscription, bills it and sums it on the billing page', async () => {
    const { token } = await register();
    const productId = await createProduct(token);
    expect((await payFor(token, productId)).status).toBe(201);
    const stats = await chorus.api('/api/dashboard/stats', { token });
    expect(stats.body).toMatchObject({
      monthlySpend: 50,
      activeProducts: 2,
      totalProducts: 2,
      totalPersonas: 0,
      nextBillingDate: expect.any(String),
    });
    const rows = await history(token);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      description: expect.stringContaining('Monthly Plan'),
      amount: 25,
      status: 'paid',
      downloadUrl: expect.stringMatching(/^\/api\/billing\/invoices\/.+\/pdf$/),
    });
  });

  it('downloads an invoice as a PDF, for its owner only', async () => {
    const { token } = await register();
    const [invoice] = await history(token);
    const response = await fetch(chorus.url + invoice!.downloadUrl, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await register();
    expect((await chorus.api(invoice!.downloadUrl, { token: stranger.token })).status).toBe(404);
    expect((await chorus.api(invoice!.downloadUrl)).status).toBe(401);
  });
});

describe("another user's product", () => {
  it('answers 404 on every product-scoped billing route', async () => {
    const owner = await register();
    const stranger = await register();
    const id = owner.productId;
    const asStranger = (path: string, body?: unknown) =>
      chorus.api(path, { method: 'POST', token: stranger.token, body });
    expect((await asStranger(`/api/products/${id}/setup-payment`)).status).toBe(404);
    expect((await asStranger(`/api/products/${id}/sync-status`)).status).toBe(404);
    expect((await asStranger(`/api/products/${id}/cancel-subscription`)).status).toBe(404);
    expect(
      (
        await asStranger('/api/payment-methods', {
          productId: id,
          stripePaymentMethodId: 'pm_card_visa',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await asStranger('/api/stripe/create-checkout-session', {
          productId: id,
          billingCycle: 'monthly',
          successUrl: 'http://localhost:8080/subscription-success',
          cancelUrl: 'http://localhost:8080/subscription/cancel',
        })
      ).status,
    ).toBe(404);
    const ownerCustomer = (await details(owner.token))[id]!.customerId;
    expect(
      (await asStranger('/api/billing/customer-portal', { customerId: ownerCustomer })).status,
    ).toBe(404);
    // The owner's subscription is untouched.
    expect((await details(owner.token))[id]).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
    });
  });
});

describe('personas beyond the ten included', () => {
  it('raise the monthly rate by $2 each from the next billing cycle', async () => {
    const { token, productId } = await register();
    const templates = await chorus.api<{ id: string }[]>('/api/persona-templates', { token });
    expect(templates.body.length).toBeGreaterThanOrEqual(12);
    for (const template of templates.body.slice(0, 12)) {
      const added = await chorus.api(`/api/products/${productId}/personas`, {
        method: 'POST',
        token,
        body: { templateId: template.id },
      });
      expect(added.status).toBeLessThan(300);
    }
    const billed = await eventually(
      async () => {
        const product = (await details(token))[productId]!;
        return product.personaCount === 12 ? product : undefined;
      },
      { what: 'billing to hear of the twelve personas' },
    );
    expect(billed).toMatchObject({ extraPersonas: 2, monthlyRate: 29, status: 'active' });
    // The period already paid stays as it was.
    expect((await history(token)).map((row) => row.amount)).toEqual([25]);
  });
});

describe('cancelling', () => {
  it('keeps the product active until the end of the period', async () => {
    const { token, productId } = await register();
    const answer = await chorus.api<{
      message: string;
      subscription: { status: string; cancelAtPeriodEnd: boolean; nextBillingDate: string | null };
    }>(`/api/products/${productId}/cancel-subscription`, { method: 'POST', token });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(
      /^Your subscription has been cancelled\. You keep access until /,
    );
    expect(answer.body.subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      nextBillingDate: null,
    });
    expect(await productStatus(token, productId)).toBe('active');
  });

  it('refuses a product without a running subscription', async () => {
    const { token } = await register('pm_card_chargeDeclined');
    const productId = await createProduct(token);
    const answer = await chorus.api(`/api/products/${productId}/cancel-subscription`, {
      method: 'POST',
      token,
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: billingMessages.noActiveSubscription },
    });
  });
});

describe('deleting a product', () => {
  it('cancels its subscription and says so', async () => {
    const { token, productId } = await register();
    const answer = await chorus.api(`/api/products/${productId}`, { method: 'DELETE', token });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        subscriptionCancelled: true,
        warning: null,
        message: billingMessages.productAndSubscriptionDeleted,
      },
    });
    // Billing hides the product once the catalog's ProductDeleted event reaches it.
    await eventually(async () => (await details(token))[productId] === undefined, {
      what: 'the deleted product gone from the subscription details',
    });
  });

  it('deletes the product when billing is down, warns, and billing cancels the subscription once back', async () => {
    const { token, productId } = await register();
    const user = await chorus.api<{ id: string }>('/api/auth/user', { token });
    // A gateway that cannot reach billing: the deletion's second step fails.
    const replica = await startGateway(
      readGatewayConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        IDENTITY_ADDR: `127.0.0.1:${chorus.grpcPorts.identity}`,
        CATALOG_ADDR: `127.0.0.1:${chorus.grpcPorts.catalog}`,
        BILLING_ADDR: '127.0.0.1:1',
        TOKEN_PUBLIC_KEY: chorus.tokenPublicKey,
      }),
      { bus: chorus.bus, logger: testLogger() },
    );
    try {
      const response = await fetch(`http://127.0.0.1:${replica.port}/api/products/${productId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        subscriptionCancelled: false,
        warning: billingMessages.deletedWithBillingWarning,
        message: billingMessages.deletedWithBillingWarning,
      });
    } finally {
      await replica.stop();
    }
    expect((await chorus.api(`/api/products/${productId}`, { token })).status).toBe(404);
    // Catalog's ProductDeleted reaches billing, which ends the subscription on its own.
    await eventually(async () => (await details(token))[productId] === undefined, {
      what: 'the deleted product gone from the subscription details',
    });
    const billing = createPromiseClient(
      BillingServiceClient,
      `127.0.0.1:${chorus.grpcPorts.billing}`,
    );
    try {
      expect(await billing.endSubscription({ userId: user.body.id, productId })).toEqual({
        subscriptionCancelled: true,
        hadSubscription: true,
      });
    } finally {
      billing.close();
    }
  });

  it('says plainly when there was no subscription', async () => {
    const { token } = await register('pm_card_chargeDeclined');
    const productId = await createProduct(token);
    const answer = await chorus.api(`/api/products/${productId}`, { method: 'DELETE', token });
    expect(answer.body).toMatchObject({
      subscriptionCancelled: false,
      warning: null,
      message: billingMessages.productDeleted,
    });
  });
});

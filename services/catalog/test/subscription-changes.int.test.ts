import { createEnvelope, encodeEnvelope, type Envelope, Topics } from '@chorus/service-kit';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { bus, newProduct, client } from './catalog-setup';

describe('subscription changes from billing', () => {
  const periodEnd = new Date('2030-01-31T00:00:00Z');

  const promoStart = new Date('2030-01-01T00:00:00Z');

  function subscriptionEvent(
    productId: string,
    userId: string,
    state: string,
    promo = {
      promoDiscountPercent: 0,
      promoDurationMonths: 0,
      promoStartedAt: undefined as Date | undefined,
    },
  ) {
    return createEnvelope(productId, {
      $case: 'subscriptionChanged',
      value: {
        ...promo,
        productId,
        userId,
        status: state,
        billingCycle: 'annual',
        monthlyRateCents: 2250,
        personaCount: 0,
        currentPeriodEnd: periodEnd,
        cancelAtPeriodEnd: false,
        providerCustomerId: 'cus_123',
        providerSubscriptionId: 'sub_123',
        providerPriceId: 'price_annual',
      },
    });
  }

  const deliver = (envelope: Envelope) =>
    bus.publish([
      { topic: Topics.billing, key: envelope.key, value: encodeEnvelope(envelope), headers: {} },
    ]);

  it('mirrors status, dates and provider ids onto the product', async () => {
    const { product, userId } = await newProduct();
    await deliver(subscriptionEvent(product.id, userId, 'active'));
    const mirrored = await eventually(async () => {
      const found = (await client.getProduct({ userId, productId: product.id })).product;
      return found?.subscriptionStatus === 'active' ? found : undefined;
    });
    expect(mirrored).toMatchObject({
      billingCycle: 'annual',
      subscriptionEndDate: periodEnd,
      stripeCustomerId: 'cus_123',
      stripeSubscriptionId: 'sub_123',
      stripePriceId: 'price_annual',
    });
  });

  it('applies an event once even when it is delivered twice', async () => {
    const { product, userId } = await newProduct();
    const activated = subscriptionEvent(product.id, userId, 'active');
    await deliver(activated);
    await deliver(subscriptionEvent(product.id, userId, 'past_due'));
    await deliver(activated);
    await bus.drained();
    const found = (await client.getProduct({ userId, productId: product.id })).product;
    expect(found?.subscriptionStatus).toBe('past_due');
  });

  it("mirrors the subscription's promo code, and a replayed event sets it again rather than adding to it", async () => {
    const { product, userId } = await newProduct();
    const promo = { promoDiscountPercent: 20, promoDurationMonths: 3, promoStartedAt: promoStart };
    await deliver(subscriptionEvent(product.id, userId, 'active', promo));
    await deliver(subscriptionEvent(product.id, userId, 'past_due', promo));
    // The same state published again (a new envelope, as a replay after a restart sends it).
    await deliver(subscriptionEvent(product.id, userId, 'active', promo));
    await bus.drained();
    const found = (await client.getProduct({ userId, productId: product.id })).product;
    expect(found).toMatchObject({
      subscriptionStatus: 'active',
      promoDiscountPercent: 20,
      promoDurationMonths: 3,
      promoStartedAt: promoStart,
    });
  });

  it('a subscription without a promo code clears the one mirrored before', async () => {
    const { product, userId } = await newProduct();
    await deliver(
      subscriptionEvent(product.id, userId, 'active', {
        promoDiscountPercent: 50,
        promoDurationMonths: 1,
        promoStartedAt: promoStart,
      }),
    );
    await deliver(subscriptionEvent(product.id, userId, 'active'));
    await bus.drained();
    const found = (await client.getProduct({ userId, productId: product.id })).product;
    expect(found).toMatchObject({ promoDiscountPercent: 0, promoDurationMonths: 0 });
    expect(found?.promoStartedAt).toBeUndefined();
  });

  it('ignores an event that names another owner', async () => {
    const { product, userId } = await newProduct();
    await deliver(subscriptionEvent(product.id, randomUUID(), 'active'));
    await bus.drained();
    const found = (await client.getProduct({ userId, productId: product.id })).product;
    expect(found?.subscriptionStatus).toBe('inactive');
  });
});

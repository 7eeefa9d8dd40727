import { Topics } from '@chorus/service-kit';
import { eventually } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { CardDataCipher } from '../src/card-data';
import { expectNoCardValues } from './unreadable';
import {
  newProduct,
  client,
  subscribed,
  db,
  cardKey,
  changes,
  details,
  moveClockTo,
  publish,
  bus,
} from './billing-setup';

describe('paying for a product', () => {
  it('gives a setup intent client secret for the product', async () => {
    const { product, payer } = await newProduct();
    const intent = await client.setupPayment({ payer, product });
    expect(intent.clientSecret.startsWith(`${intent.setupIntentId}_secret_`)).toBe(true);
  });

  it('keeps the card encrypted and starts the subscription', async () => {
    const { product, saved } = await subscribed();
    expect(saved.paymentMethod).toMatchObject({
      brand: 'visa',
      last4: '4242',
      cardholderName: 'Mia Stone',
      isDefault: true,
    });
    expect(saved.subscription).toMatchObject({
      status: 'active',
      planDisplayName: 'Monthly Plan',
      monthlyRateCents: 2500,
      extraPersonas: 0,
      nextBillingDate: new Date('2026-04-10T12:00:00Z'),
    });
    const row = await db('payment_methods').where({ product_id: product.id }).first();
    expectNoCardValues(row.encrypted_card_data, ['Mia Stone', '"last4":"4242"', '"brand":"visa"']);
    expect(new CardDataCipher(cardKey).decrypt(row.encrypted_card_data, product.userId)).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2029,
      cardholderName: 'Mia Stone',
    });
    await eventually(() =>
      changes.find((c) => c.productId === product.id && c.status === 'active'),
    );
    const history = await client.listInvoices({ userId: product.userId });
    expect(history.invoices).toEqual([
      expect.objectContaining({ amountCents: 2500, status: 'paid', productId: product.id }),
    ]);
  });

  it('answers a declined card with the provider message and keeps the product inactive', async () => {
    const { product, payer } = await newProduct();
    await expect(
      client.savePaymentMethod({
        payer,
        product,
        paymentMethodId: 'pm_card_chargeDeclined',
        billingCycle: 'annual',
        promoCode: '',
      }),
    ).rejects.toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'Your card was declined.',
    });
    expect(await details(product.userId, product.id)).toMatchObject({
      status: 'inactive',
      providerSubscriptionId: '',
    });
    expect(await db('payment_methods').where({ product_id: product.id })).toEqual([]);
  });

  it('starts one subscription when the card is sent twice at once', async () => {
    const { product, payer } = await newProduct();
    const save = () =>
      client.savePaymentMethod({
        payer,
        product,
        paymentMethodId: 'pm_card_visa',
        billingCycle: '',
        promoCode: '',
      });
    await Promise.all([save(), save()]);
    expect(
      await db('local_subscriptions').whereRaw(`metadata->>'productId' = ?`, [product.id]),
    ).toHaveLength(1);
    const { invoices } = await client.listInvoices({ userId: product.userId });
    expect(invoices).toHaveLength(1);
  });

  it('takes a price id as the billing cycle', async () => {
    const prices = await client.getPrices({});
    const { product, payer } = await newProduct();
    const saved = await client.savePaymentMethod({
      payer,
      product,
      paymentMethodId: 'pm_card_visa',
      billingCycle: prices.annual!.id,
      promoCode: '',
    });
    expect(saved.subscription).toMatchObject({
      billingCycle: 'annual',
      planDisplayName: 'Annual Plan',
      periodAmountCents: 27000,
      monthlyRateCents: 2250,
    });
  });

  it('answers NOT_FOUND for another user’s product', async () => {
    const { product } = await newProduct();
    const stranger = { userId: randomUUID(), email: 'x@example.com' };
    const foreign = { ...product, userId: stranger.userId };
    await expect(client.setupPayment({ payer: stranger, product: foreign })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await expect(
      client.cancelSubscription({ userId: stranger.userId, product: foreign }),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
    await expect(
      client.endSubscription({ userId: stranger.userId, productId: product.id }),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
  });
});

describe('prices', () => {
  it('come from the pricing rules, annual saving included', async () => {
    const prices = await client.getPrices({});
    expect(prices.monthly).toMatchObject({
      unitAmountCents: 2500,
      interval: 'month',
      savingsCents: 0,
    });
    expect(prices.annual).toMatchObject({
      unitAmountCents: 27000,
      interval: 'year',
      savingsCents: 3000,
    });
    expect(prices.annualDiscountPercent).toBe(10);
  });
});

describe('personas beyond the included ten', () => {
  it('change the bill from the next period on', async () => {
    moveClockTo(new Date('2026-03-10T12:00:00Z'));
    const { product } = await subscribed();
    await publish(Topics.catalog, product.id, {
      $case: 'personasChanged',
      value: { productId: product.id, userId: product.userId, personaCount: 12 },
    });
    await eventually(() =>
      changes.find(
        (c) => c.productId === product.id && c.personaCount === 12 && c.monthlyRateCents === 2900,
      ),
    );
    expect(await details(product.userId, product.id)).toMatchObject({
      personaCount: 12,
      extraPersonas: 2,
      monthlyRateCents: 2900,
    });
    // The current period was paid at the old price; the next one bills the new one.
    moveClockTo(new Date('2026-04-11T00:00:00Z'));
    const { invoices } = await client.listInvoices({ userId: product.userId });
    expect(invoices.map((i) => [i.amountCents, i.status])).toEqual([
      [2900, 'paid'],
      [2500, 'paid'],
    ]);
    expect(invoices[0]!.periodStart).toEqual(new Date('2026-04-10T12:00:00Z'));
  });
});

describe('cancelling', () => {
  it('keeps the product active until the period ends, then cancels it', async () => {
    moveClockTo(new Date('2026-05-01T09:00:00Z'));
    const { product } = await subscribed();
    const { subscription } = await client.cancelSubscription({ userId: product.userId, product });
    expect(subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(subscription!.nextBillingDate).toBeUndefined();
    expect(subscription!.currentPeriodEnd).toEqual(new Date('2026-06-01T09:00:00Z'));
    moveClockTo(new Date('2026-06-01T09:00:01Z'));
    expect(await details(product.userId, product.id)).toMatchObject({ status: 'cancelled' });
    await eventually(() =>
      changes.find((c) => c.productId === product.id && c.status === 'cancelled'),
    );
    const { invoices } = await client.listInvoices({ userId: product.userId });
    expect(invoices).toHaveLength(1);
    await expect(
      client.cancelSubscription({ userId: product.userId, product }),
    ).rejects.toMatchObject({ code: status.FAILED_PRECONDITION });
  });

  it('ends the subscription of a deleted product once, whoever asks first', async () => {
    const { product } = await subscribed();
    const first = await client.endSubscription({ userId: product.userId, productId: product.id });
    expect(first).toEqual({ subscriptionCancelled: true, hadSubscription: true });
    await publish(Topics.catalog, product.id, {
      $case: 'productDeleted',
      value: { productId: product.id, userId: product.userId },
    });
    await bus.drained();
    const again = await client.endSubscription({ userId: product.userId, productId: product.id });
    expect(again).toEqual({ subscriptionCancelled: true, hadSubscription: true });
    const { subscriptions } = await client.listSubscriptions({ userId: product.userId });
    expect(subscriptions).toEqual([]);
    await expect(
      client.setupPayment({ payer: { userId: product.userId, email: 'a@b.c' }, product }),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
  });

  it('cancels when the ProductDeleted event arrives before the gateway asks', async () => {
    const { product } = await subscribed();
    await publish(Topics.catalog, product.id, {
      $case: 'productDeleted',
      value: { productId: product.id, userId: product.userId },
    });
    await eventually(() =>
      changes.find((c) => c.productId === product.id && c.status === 'cancelled'),
    );
    expect(await client.endSubscription({ userId: product.userId, productId: product.id })).toEqual(
      { subscriptionCancelled: true, hadSubscription: true },
    );
  });
});

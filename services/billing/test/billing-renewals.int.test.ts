import { eventually, testLogger } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { Ledger } from '../src/ledger';
import { BillingStore } from '../src/store';
import {
  moveClockTo,
  subscribed,
  client,
  details,
  changes,
  db,
  newProduct,
  now,
} from './billing-setup';

describe('renewals', () => {
  it('fall past due when the card stops paying, with a failed invoice', async () => {
    moveClockTo(new Date('2026-07-15T10:00:00Z'));
    const { product, payer } = await subscribed();
    await client.savePaymentMethod({
      payer,
      product,
      paymentMethodId: 'pm_card_chargeCustomerFail',
      billingCycle: '',
      promoCode: '',
    });
    moveClockTo(new Date('2026-08-15T10:00:01Z'));
    expect(await details(product.userId, product.id)).toMatchObject({ status: 'past_due' });
    const { invoices } = await client.listInvoices({ userId: product.userId });
    expect(invoices.map((i) => i.status)).toEqual(['failed', 'paid']);
    await eventually(() =>
      changes.find((c) => c.productId === product.id && c.status === 'past_due'),
    );
  });

  it('apply a promo code for its months only', async () => {
    moveClockTo(new Date('2026-01-20T08:00:00Z'));
    await db('promo_codes').insert({
      code: 'HALFOFF',
      discount_percent: 50,
      duration_months: 2,
      usage_limit: 5,
    });
    const { product } = await subscribed({}, 'halfoff');
    expect(await details(product.userId, product.id)).toMatchObject({
      monthlyRateCents: 1250,
      discountPercent: 50,
    });
    // Two discounted months (Jan 20, Feb 20), then the full price (Mar 20, Apr 20).
    moveClockTo(new Date('2026-04-21T00:00:00Z'));
    const { invoices } = await client.listInvoices({ userId: product.userId });
    expect(invoices.map((i) => i.amountCents)).toEqual([2500, 2500, 1250, 1250]);
    expect((await db('promo_codes').where({ code: 'HALFOFF' }).first()).used_count).toBe(1);
    expect(await details(product.userId, product.id)).toMatchObject({ monthlyRateCents: 2500 });
  });

  it('keep a promo when the provider’s event about the subscription is stored first', async () => {
    // The subscription's own event can be handled before the call that started
    // it stores its answer; that answer carries the promo, which must not be lost.
    const { product } = await newProduct();
    const [promo] = await db('promo_codes')
      .insert({ code: 'RACE20', discount_percent: 20, duration_months: 3, usage_limit: 5 })
      .returning('*');
    const ledger = new Ledger({
      store: new BillingStore(db),
      provider: 'local',
      logger: testLogger(),
      now: () => now,
    });
    const started = new Date(now.getTime() - 1_000);
    const subscription = {
      id: `sub_${randomUUID()}`,
      customerId: `cus_${randomUUID()}`,
      status: 'active',
      billingCycle: 'monthly' as const,
      isLegacyPricing: false,
      basePriceId: 'price_base',
      extraPersonas: 0,
      seats: 0,
      currentPeriodStart: started,
      currentPeriodEnd: new Date(started.getTime() + 30 * 86_400_000),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      metadata: { productId: product.id },
      latestInvoice: null,
    };
    await db.transaction((trx) => ledger.applySubscription(trx, subscription, now));
    await db.transaction((trx) => ledger.applySubscription(trx, subscription, started, { promo }));
    expect(await details(product.userId, product.id)).toMatchObject({
      monthlyRateCents: 2000,
      discountPercent: 20,
    });
  });

  it('refuses an unknown promo code before charging anything', async () => {
    const { product, payer } = await newProduct();
    await expect(
      client.savePaymentMethod({
        payer,
        product,
        paymentMethodId: 'pm_card_visa',
        billingCycle: '',
        promoCode: 'NOPE',
      }),
    ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    expect(await details(product.userId, product.id)).toMatchObject({ status: 'inactive' });
  });
});

describe('invoices', () => {
  it('download as a PDF for their owner only', async () => {
    const { product } = await subscribed();
    const { invoices } = await client.listInvoices({ userId: product.userId });
    const found = await client.getInvoicePdf({
      userId: product.userId,
      invoiceId: invoices[0]!.id,
    });
    expect(found.document?.$case).toBe('pdf');
    const pdf = found.document?.$case === 'pdf' ? found.document.value : Buffer.alloc(0);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(found.filename).toMatch(/^invoice-.+\.pdf$/);
    await expect(
      client.getInvoicePdf({ userId: randomUUID(), invoiceId: invoices[0]!.id }),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
  });
});

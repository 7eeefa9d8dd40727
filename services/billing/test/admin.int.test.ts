import { adminMessages } from '@chorus/contracts';
import { BillingServiceClient } from '@chorus/proto/billing/v1/billing';
import {
  createEnvelope,
  createPromiseClient,
  type DomainEvent,
  encodeEnvelope,
  InMemoryEventBus,
  type PromiseClient,
  Topics,
} from '@chorus/service-kit';
import { createTestDatabase, testLogger } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import { randomBytes, randomUUID } from 'node:crypto';
import { readBillingConfig, type RunningBilling, startBilling } from '../src';

jest.setTimeout(60_000);

let now = new Date('2026-05-10T12:00:00Z');
let database: { url: string; drop(): Promise<void> };
let bus: InMemoryEventBus;
let running: RunningBilling;
let client: PromiseClient<BillingServiceClient>;

beforeAll(async () => {
  database = await createTestDatabase('billing_admin');
  bus = new InMemoryEventBus(testLogger());
  running = await startBilling(
    readBillingConfig({
      DATABASE_URL: database.url,
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '0',
      CARD_DATA_KEY: randomBytes(32).toString('base64'),
      LOCAL_PROVIDER_TICK_SECONDS: '3600',
    }),
    { bus, logger: testLogger(), now: () => now },
  );
  client = createPromiseClient(BillingServiceClient, `127.0.0.1:${running.port}`);
});

afterAll(async () => {
  client.close();
  await running.stop();
  await bus.close();
  await database.drop();
});

function publish(topic: string, key: string, event: DomainEvent) {
  return bus.publish([
    { topic, key, value: encodeEnvelope(createEnvelope(key, event)), headers: {} },
  ]);
}

/** A user with a product, announced as identity and catalog announce them, then paid for. */
async function subscribe(promoCode = '') {
  const product = {
    id: randomUUID(),
    userId: randomUUID(),
    name: 'Lantern',
    billingCycle: 'monthly',
    isLegacyPricing: false,
    personaCount: 0,
  };
  await publish(Topics.identity, product.userId, {
    $case: 'userRegistered',
    value: {
      userId: product.userId,
      email: 'mia@example.com',
      firstName: 'Mia',
      lastName: 'Stone',
    },
  });
  await publish(Topics.catalog, product.id, {
    $case: 'productCreated',
    value: {
      productId: product.id,
      userId: product.userId,
      name: product.name,
      industry: 'technology',
      billingCycle: product.billingCycle,
      isLegacyPricing: false,
    },
  });
  await bus.drained();
  return client.savePaymentMethod({
    payer: { userId: product.userId, email: 'mia@example.com' },
    product,
    paymentMethodId: 'pm_card_visa',
    billingCycle: '',
    promoCode,
  });
}

describe('promo codes', () => {
  it('creates a code under the shared rules and refuses a duplicate with ALREADY_EXISTS', async () => {
    const { promoCode } = await client.createPromoCode({
      code: ' launch ',
      discountPercent: 30,
      durationMonths: 2,
      description: 'Launch',
      usageLimit: 2,
      isActive: true,
    });
    expect(promoCode).toMatchObject({ code: 'LAUNCH', usedCount: 0, usageLimit: 2 });
    await expect(
      client.createPromoCode({
        code: 'Launch',
        discountPercent: 10,
        durationMonths: 1,
        description: '',
        isActive: true,
      }),
    ).rejects.toMatchObject({
      code: status.ALREADY_EXISTS,
      details: adminMessages.promoCodeTaken('LAUNCH'),
    });
    await expect(
      client.createPromoCode({
        code: 'HUGE',
        discountPercent: 101,
        durationMonths: 1,
        description: '',
        isActive: true,
      }),
    ).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: adminMessages.discountOutOfRange,
    });
  });

  it('counts one use per subscription that starts with it and refuses it once used up', async () => {
    await client.createPromoCode({
      code: 'TWICE',
      discountPercent: 20,
      durationMonths: 1,
      description: '',
      usageLimit: 2,
      isActive: true,
    });
    expect((await subscribe('twice')).subscription).toMatchObject({ discountPercent: 20 });
    expect((await subscribe('TWICE')).subscription).toMatchObject({ monthlyRateCents: 2000 });
    await expect(subscribe('TWICE')).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: adminMessages.promoUsedUp,
    });
    await expect(client.checkPromoCode({ code: 'twice' })).rejects.toMatchObject({
      details: adminMessages.promoUsedUp,
    });
    const { promoCodes } = await client.listPromoCodes({});
    expect(promoCodes.find((p) => p.code === 'TWICE')).toMatchObject({ usedCount: 2 });
  });

  it('checks expiry against the clock and tells unknown codes apart', async () => {
    await client.createPromoCode({
      code: 'MAYONLY',
      discountPercent: 10,
      durationMonths: 1,
      description: '',
      expiresAt: new Date('2026-05-31T00:00:00Z'),
      isActive: true,
    });
    await expect(client.checkPromoCode({ code: 'mayonly' })).resolves.toMatchObject({
      promoCode: { code: 'MAYONLY' },
    });
    now = new Date('2026-06-01T00:00:00Z');
    await expect(client.checkPromoCode({ code: 'MAYONLY' })).rejects.toMatchObject({
      details: adminMessages.promoExpired,
    });
    await expect(client.checkPromoCode({ code: 'NEVER-MADE' })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: adminMessages.promoUnknown,
    });
  });

  it('deletes a used code; the subscription that used it keeps its discount', async () => {
    const { promoCode } = await client.createPromoCode({
      code: 'KEEPER',
      discountPercent: 50,
      durationMonths: 6,
      description: '',
      isActive: true,
    });
    const { subscription } = await subscribe('KEEPER');
    await client.deletePromoCode({ id: promoCode!.id });
    const { subscriptions } = await client.listSubscriptions({ userId: subscription!.userId });
    expect(subscriptions[0]).toMatchObject({ discountPercent: 50, monthlyRateCents: 1250 });
    await expect(client.deletePromoCode({ id: promoCode!.id })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
  });
});

describe('revenue figures', () => {
  it('adds up the running subscriptions at their current rates', async () => {
    const before = await client.getRevenueStats({});
    await subscribe();
    const after = await client.getRevenueStats({});
    expect(after.activeSubscriptions).toBe(before.activeSubscriptions + 1);
    expect(after.monthlyRevenueCents).toBe(before.monthlyRevenueCents + 2500);
    expect(after.averageRateCents).toBe(
      Math.round(after.monthlyRevenueCents / after.activeSubscriptions),
    );
  });

  it('counts the team seats of running subscriptions and their monthly revenue', async () => {
    const before = await client.getRevenueStats({});
    const { subscription } = await subscribe();
    const productId = subscription!.productId;
    await publish(Topics.catalog, productId, {
      $case: 'collaboratorJoined',
      value: {
        productId,
        userId: subscription!.userId,
        collaboratorId: randomUUID(),
        memberUserId: randomUUID(),
        role: 'admin',
        isBillable: true,
        billableSeats: 2,
        effectiveAt: now,
        roadmapId: '',
        roadmapPermission: '',
        invitedByUserId: '',
      },
    });
    await bus.drained();
    const after = await client.getRevenueStats({});
    expect(after.totalSeats).toBe((before.totalSeats ?? 0) + 2);
    expect(after.seatRevenueCents).toBe((before.seatRevenueCents ?? 0) + 5000);
    expect(after.monthlyRevenueCents).toBe(before.monthlyRevenueCents + 2500 + 5000);
  });

  it('gives paid revenue and running subscriptions per month, oldest first', async () => {
    const { months } = await client.getRevenueHistory({ months: 3 });
    expect(months.map((m) => m.month)).toEqual(['2026-04', '2026-05', '2026-06']);
    expect(months[0]).toMatchObject({ revenueCents: 0, activeSubscriptions: 0 });
    expect(months[1]!.revenueCents).toBeGreaterThan(0);
    expect(months[1]!.activeSubscriptions).toBeGreaterThan(0);
  });
});

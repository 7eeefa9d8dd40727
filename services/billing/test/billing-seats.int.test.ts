import { createEnvelope, type DomainEvent, encodeEnvelope, Topics } from '@chorus/service-kit';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import {
  type TestProduct,
  db,
  client,
  moveClockTo,
  subscribed,
  publish,
  now,
  changes,
  details,
  newProduct,
  bus,
} from './billing-setup';

describe('team seats', () => {
  type SeatEvent = { billableSeats: number; effectiveAt: Date; role?: string };

  /** Catalog's membership events, as its outbox publishes them. */
  function joined(product: TestProduct, seat: SeatEvent): DomainEvent {
    const role = seat.role ?? 'collaborator';
    return {
      $case: 'collaboratorJoined',
      value: {
        productId: product.id,
        userId: product.userId,
        collaboratorId: randomUUID(),
        memberUserId: randomUUID(),
        role,
        isBillable: role !== 'viewer',
        billableSeats: seat.billableSeats,
        effectiveAt: seat.effectiveAt,
        roadmapId: '',
        roadmapPermission: '',
        invitedByUserId: '',
      },
    };
  }

  function left(product: TestProduct, seat: SeatEvent): DomainEvent {
    return {
      $case: 'collaboratorLeft',
      value: {
        productId: product.id,
        userId: product.userId,
        collaboratorId: randomUUID(),
        memberUserId: randomUUID(),
        role: seat.role ?? 'collaborator',
        wasBillable: true,
        billableSeats: seat.billableSeats,
        effectiveAt: seat.effectiveAt,
        roadmapId: '',
      },
    };
  }

  async function providerSeats(productId: string) {
    const row = await db('subscriptions').where({ product_id: productId }).first();
    const local = await db('local_subscriptions')
      .where({ id: row.provider_subscription_id })
      .first();
    return { stored: row.seats as number, provider: local.seat_quantity as number };
  }

  async function invoiceLines(userId: string) {
    const { invoices } = await client.listInvoices({ userId });
    return invoices.map((invoice) => ({
      amountCents: invoice.amountCents,
      lines: invoice.lines.map((line) => [line.description, line.quantity, line.amountCents]),
    }));
  }

  it('an added seat changes the quantity at once and is charged prorated on the next invoice', async () => {
    moveClockTo(new Date('2026-09-01T00:00:00Z'));
    const { product } = await subscribed();
    moveClockTo(new Date('2026-09-16T00:00:00Z'));
    await publish(
      Topics.catalog,
      product.id,
      joined(product, { billableSeats: 1, effectiveAt: now }),
    );
    await eventually(() =>
      changes.find((c) => c.productId === product.id && c.monthlyRateCents === 5000),
    );
    expect(await details(product.userId, product.id)).toMatchObject({
      seats: 1,
      seatsCents: 2500,
      seatUnitCents: 2500,
      monthlyRateCents: 5000,
    });
    expect(await providerSeats(product.id)).toEqual({ stored: 1, provider: 1 });

    // Sep 16 – Oct 1 is half of the period: half a seat now, a whole seat from October.
    moveClockTo(new Date('2026-10-01T00:00:01Z'));
    expect((await invoiceLines(product.userId))[0]).toEqual({
      amountCents: 2500 + 2500 + 1250,
      lines: [
        ['1 × Monthly Plan', 1, 2500],
        ['Team seats × 1', 1, 2500],
        [
          'Team seat proration: remaining time on 1 added seat, Sep 16, 2026 – Oct 1, 2026',
          1,
          1250,
        ],
      ],
    });
  });

  it('a seat removed mid-period is credited for its unused time', async () => {
    moveClockTo(new Date('2026-11-01T00:00:00Z'));
    const { product, payer } = await newProduct();
    // Two members joined before the product was paid for: the subscription starts with them.
    await publish(
      Topics.catalog,
      product.id,
      joined(product, { billableSeats: 1, effectiveAt: now }),
    );
    await publish(
      Topics.catalog,
      product.id,
      joined(product, { billableSeats: 2, effectiveAt: now }),
    );
    await bus.drained();
    await client.savePaymentMethod({
      payer,
      product,
      paymentMethodId: 'pm_card_visa',
      billingCycle: '',
      promoCode: '',
    });
    expect(await providerSeats(product.id)).toEqual({ stored: 2, provider: 2 });
    expect((await invoiceLines(product.userId))[0]).toEqual({
      amountCents: 7500,
      lines: [
        ['1 × Monthly Plan', 1, 2500],
        ['Team seats × 2', 2, 5000],
      ],
    });

    // Nov 1 – Dec 1 has 30 days; the seat leaves with 6 of them unused.
    moveClockTo(new Date('2026-11-25T00:00:00Z'));
    await publish(
      Topics.catalog,
      product.id,
      left(product, { billableSeats: 1, effectiveAt: now }),
    );
    await eventually(() =>
      changes.find((c) => c.productId === product.id && c.monthlyRateCents === 5000),
    );
    expect(await providerSeats(product.id)).toEqual({ stored: 1, provider: 1 });
    expect(await details(product.userId, product.id)).toMatchObject({ seats: 1, seatsCents: 2500 });

    moveClockTo(new Date('2026-12-01T00:00:01Z'));
    const [next] = await invoiceLines(product.userId);
    const { invoices } = await client.listInvoices({ userId: product.userId });
    const pdf = await client.getInvoicePdf({ userId: product.userId, invoiceId: invoices[0]!.id });
    expect(pdf.document?.$case).toBe('pdf');
    expect(next).toEqual({
      amountCents: 2500 + 2500 - 500,
      lines: [
        ['1 × Monthly Plan', 1, 2500],
        ['Team seats × 1', 1, 2500],
        ['Team seat proration: unused time on 1 removed seat, Nov 25, 2026 – Dec 1, 2026', 1, -500],
      ],
    });
  });

  it('a viewer costs nothing: the bill and the subscription stay as they are', async () => {
    moveClockTo(new Date('2027-01-05T00:00:00Z'));
    const { product } = await subscribed();
    const { providerSubscriptionId } = await details(product.userId, product.id);
    const eventsBefore = await db('local_events').count<{ count: string }[]>('* as count');
    const changesBefore = changes.filter((c) => c.productId === product.id).length;
    moveClockTo(new Date('2027-01-10T00:00:00Z'));
    await publish(
      Topics.catalog,
      product.id,
      joined(product, { billableSeats: 0, effectiveAt: now, role: 'viewer' }),
    );
    await bus.drained();
    expect(await details(product.userId, product.id)).toMatchObject({
      seats: 0,
      monthlyRateCents: 2500,
    });
    expect(await providerSeats(product.id)).toEqual({ stored: 0, provider: 0 });
    expect(await db('local_invoice_items').where({ subscription: providerSubscriptionId })).toEqual(
      [],
    );
    expect(await db('local_events').count<{ count: string }[]>('* as count')).toEqual(eventsBefore);
    expect(changes.filter((c) => c.productId === product.id)).toHaveLength(changesBefore);
    moveClockTo(new Date('2027-02-05T00:00:01Z'));
    expect((await invoiceLines(product.userId))[0]!.amountCents).toBe(2500);
  });

  it('a replayed event, or one older than the last applied, changes nothing', async () => {
    moveClockTo(new Date('2027-03-01T00:00:00Z'));
    const { product } = await subscribed();
    const { providerSubscriptionId } = await details(product.userId, product.id);
    moveClockTo(new Date('2027-03-11T00:00:00Z'));
    const message = {
      topic: Topics.catalog,
      key: product.id,
      value: encodeEnvelope(
        createEnvelope(product.id, joined(product, { billableSeats: 1, effectiveAt: now })),
      ),
      headers: {},
    };
    await bus.publish([message]);
    await bus.drained();
    await bus.publish([message]);
    await bus.drained();
    // Delivered late: a change that took effect before the one already applied.
    await publish(
      Topics.catalog,
      product.id,
      left(product, { billableSeats: 0, effectiveAt: new Date('2027-03-05T00:00:00Z') }),
    );
    await bus.drained();
    expect(await providerSeats(product.id)).toEqual({ stored: 1, provider: 1 });
    const items = await db('local_invoice_items').where({ subscription: providerSubscriptionId });
    // One charge: 21 of March's 31 days.
    expect(items.map((item: { amount: number }) => item.amount)).toEqual([1694]);
    // The change reaches the billing topic through the outbox, a poll later: wait for it,
    // let anything else queued be delivered, then count.
    await eventually(() =>
      changes.find((c) => c.productId === product.id && c.monthlyRateCents === 5000),
    );
    await bus.drained();
    expect(
      changes.filter((c) => c.productId === product.id && c.monthlyRateCents === 5000),
    ).toHaveLength(1);
  });

  it('an annual product prices a seat at $270 a year', async () => {
    moveClockTo(new Date('2027-04-01T00:00:00Z'));
    const { product } = await subscribed({ billingCycle: 'annual' });
    await publish(
      Topics.catalog,
      product.id,
      joined(product, { billableSeats: 1, effectiveAt: now }),
    );
    await eventually(() =>
      changes.find((c) => c.productId === product.id && c.monthlyRateCents === 2250 + 2250),
    );
    expect(await details(product.userId, product.id)).toMatchObject({
      billingCycle: 'annual',
      seats: 1,
      seatsCents: 27000,
      seatUnitCents: 27000,
      periodAmountCents: 54000,
    });
  });
});

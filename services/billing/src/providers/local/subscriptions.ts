import type { Knex } from '@chorus/service-kit';
import { addMonths, monthsPerPeriod } from '../../domain/billing-cycle';
import { CURRENCY } from '../plan-prices';
import {
  type NewSubscription,
  ProviderRequestRefused,
  type ProviderSubscription,
} from '../provider';
import { readSubscription } from '../stripe-shapes';
import { seatProration } from '../../domain/seats';
import { priceObject, pricesOf, unitAmountOf } from './catalog';
import { type LocalContext, newId, unix } from './context';
import { requireCustomer } from './customers';
import { recordEvent } from './event-log';
import { invoiceById, invoiceObject, invoicePeriod } from './invoices';
import { chargeErrorOf, customerPaymentMethod, declined } from './payment-methods';
import type { InvoiceItemRow, SubscriptionRow } from './rows';

/** The subscription, or Stripe's refusal of an unknown one. */
async function subscriptionRow(trx: Knex, id: string, lock = false): Promise<SubscriptionRow> {
  const query = trx<SubscriptionRow>('local_subscriptions').where({ id });
  const row = await (lock ? query.forUpdate() : query).first();
  if (!row) throw new ProviderRequestRefused(`No such subscription: '${id}'`);
  return row;
}

/** The subscription as Stripe's API answers it, with its latest invoice expanded. */
export async function readLocalSubscription(
  ctx: LocalContext,
  id: string,
): Promise<ProviderSubscription> {
  const row = await subscriptionRow(ctx.db, id);
  const invoice = row.latest_invoice ? await invoiceById(ctx.db, row.latest_invoice) : undefined;
  return readSubscription({
    ...subscriptionObject(row),
    latest_invoice: invoice ? invoiceObject(invoice) : null,
  });
}

/**
 * Starts a subscription and bills its first period. As Stripe with
 * payment_behavior=error_if_incomplete: a failed first payment leaves no
 * subscription behind.
 */
export async function createSubscription(
  ctx: LocalContext,
  input: NewSubscription,
): Promise<ProviderSubscription> {
  const subscription = await ctx.db.transaction(async (trx) => {
    await requireCustomer(trx, input.customerId);
    const method = await customerPaymentMethod(trx, input.customerId, input.paymentMethodId);
    const chargeError = chargeErrorOf(method);
    if (chargeError) throw declined(chargeError);
    const now = ctx.now();
    const prices = pricesOf(input.isLegacyPricing, input.billingCycle);
    const [row] = await trx<SubscriptionRow>('local_subscriptions')
      .insert({
        id: newId('sub'),
        customer: input.customerId,
        status: 'active',
        billing_cycle: input.billingCycle,
        is_legacy_pricing: input.isLegacyPricing,
        base_price: prices.base.id,
        extra_price: prices.extraPersona.id,
        extra_quantity: Math.max(0, input.extraPersonas),
        seat_price: prices.seat.id,
        seat_quantity: Math.max(0, Math.floor(input.seats ?? 0)),
        default_payment_method: method.id,
        billing_cycle_anchor: now,
        period_index: 0,
        current_period_start: now,
        current_period_end: addMonths(now, monthsPerPeriod(input.billingCycle)),
        coupon_percent_off: input.promotion?.percentOff ?? 0,
        coupon_duration_months: input.promotion?.durationMonths ?? 0,
        metadata: input.metadata,
        created: now,
      })
      .returning('*');
    await trx('local_customers')
      .where({ id: input.customerId })
      .update({ default_payment_method: method.id });
    await recordEvent(ctx, trx, 'customer.subscription.created', subscriptionObject(row!));
    return invoicePeriod(ctx, trx, row!);
  });
  ctx.nudge();
  return readLocalSubscription(ctx, subscription.id);
}

/** Changes a running subscription; `already` tells a change that would change nothing (no event). */
export async function updateSubscription(
  ctx: LocalContext,
  id: string,
  change: Partial<SubscriptionRow>,
  already: (row: SubscriptionRow) => boolean,
): Promise<ProviderSubscription> {
  await ctx.db.transaction(async (trx) => {
    const row = await subscriptionRow(trx, id, true);
    if (row.status === 'canceled') {
      throw new ProviderRequestRefused(
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    if (already(row)) return;
    const [updated] = await trx<SubscriptionRow>('local_subscriptions')
      .where({ id })
      .update(change)
      .returning('*');
    await recordEvent(ctx, trx, 'customer.subscription.updated', subscriptionObject(updated!));
  });
  ctx.nudge();
  return readLocalSubscription(ctx, id);
}

export async function setDefaultPaymentMethod(
  ctx: LocalContext,
  id: string,
  paymentMethodId: string,
): Promise<ProviderSubscription> {
  const row = await subscriptionRow(ctx.db, id);
  const method = await customerPaymentMethod(ctx.db, row.customer, paymentMethodId);
  return updateSubscription(
    ctx,
    id,
    { default_payment_method: method.id },
    (current) => current.default_payment_method === method.id,
  );
}

/** Ends the subscription now (its product is being deleted); ending it twice is harmless. */
export async function cancelNow(ctx: LocalContext, id: string): Promise<ProviderSubscription> {
  await ctx.db.transaction(async (trx) => {
    const row = await subscriptionRow(trx, id, true);
    if (row.status === 'canceled') return;
    const now = ctx.now();
    const [ended] = await trx<SubscriptionRow>('local_subscriptions')
      .where({ id })
      .update({ status: 'canceled', canceled_at: row.canceled_at ?? now, ended_at: now })
      .returning('*');
    await recordEvent(ctx, trx, 'customer.subscription.deleted', subscriptionObject(ended!));
  });
  ctx.nudge();
  return readLocalSubscription(ctx, id);
}

/** The subscription's seat price (a subscription older than seats gets its plan's). */
function seatPriceOf(row: SubscriptionRow): string {
  return row.seat_price ?? pricesOf(row.is_legacy_pricing, row.billing_cycle).seat.id;
}

/**
 * Sets the seat quantity as Stripe does with proration_behavior
 * create_prorations: for the seats added, a pending item charging the rest
 * of the current period; for the seats removed, a pending item crediting
 * their unused time; both by seconds of the period, from `effectiveAt`
 * (kept within the period). The next invoice bills them; the event is
 * customer.subscription.updated, as at Stripe.
 */
export async function setSeats(
  ctx: LocalContext,
  id: string,
  seats: number,
  effectiveAt: Date,
): Promise<ProviderSubscription> {
  const quantity = Math.max(0, Math.floor(seats));
  await ctx.db.transaction(async (trx) => {
    const row = await subscriptionRow(trx, id, true);
    if (row.status === 'canceled') {
      throw new ProviderRequestRefused(
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    if (row.seat_quantity === quantity) return;
    const price = seatPriceOf(row);
    const proration = seatProration({
      from: row.seat_quantity,
      to: quantity,
      unitAmountCents: unitAmountOf(price),
      periodStart: row.current_period_start,
      periodEnd: row.current_period_end,
      at: effectiveAt,
    });
    if (proration.amountCents !== 0) {
      await trx<InvoiceItemRow>('local_invoice_items').insert({
        id: newId('ii'),
        customer: row.customer,
        subscription: row.id,
        description: proration.description,
        quantity: proration.quantity,
        amount: proration.amountCents,
        price,
        proration: true,
        period_start: proration.from,
        period_end: row.current_period_end,
        created: ctx.now(),
      });
    }
    const [updated] = await trx<SubscriptionRow>('local_subscriptions')
      .where({ id })
      .update({ seat_quantity: quantity, seat_price: price })
      .returning('*');
    await recordEvent(ctx, trx, 'customer.subscription.updated', subscriptionObject(updated!));
  });
  ctx.nudge();
  return readLocalSubscription(ctx, id);
}

/** The subscription as Stripe shows it (its latest invoice as an id). */
export function subscriptionObject(row: SubscriptionRow): Record<string, unknown> {
  const item = (price: string, quantity: number, part: 'base' | 'extra' | 'seat') => ({
    id: `si_${row.id.slice(4)}_${part}`,
    object: 'subscription_item',
    price: priceObject(price),
    quantity,
    subscription: row.id,
    current_period_start: unix(row.current_period_start),
    current_period_end: unix(row.current_period_end),
  });
  return {
    id: row.id,
    object: 'subscription',
    customer: row.customer,
    status: row.status,
    billing_cycle_anchor: unix(row.billing_cycle_anchor),
    cancel_at_period_end: row.cancel_at_period_end,
    canceled_at: row.canceled_at ? unix(row.canceled_at) : null,
    ended_at: row.ended_at ? unix(row.ended_at) : null,
    created: unix(row.created),
    currency: CURRENCY,
    default_payment_method: row.default_payment_method,
    discounts: [],
    items: {
      object: 'list',
      data: [
        item(row.base_price, 1, 'base'),
        item(row.extra_price, row.extra_quantity, 'extra'),
        // Stripe deletes the seat item with the last seat.
        ...(row.seat_quantity > 0 ? [item(seatPriceOf(row), row.seat_quantity, 'seat')] : []),
      ],
    },
    latest_invoice: row.latest_invoice,
    livemode: false,
    metadata: row.metadata,
  };
}

import { type Quote, quote } from '@chorus/contracts';
import type { Knex } from '@chorus/service-kit';
import { personaCountFor } from '../../domain/plan';
import { CURRENCY } from '../plan-prices';
import { pricesOf } from './catalog';
import { type LocalContext, newId, unix } from './context';
import { recordEvent } from './event-log';
import { chargeErrorOf } from './payment-methods';
import { seatLineDescription } from '../../domain/seats';
import type {
  InvoiceItemRow,
  InvoiceLine,
  InvoiceRow,
  PaymentMethodRow,
  SubscriptionRow,
} from './rows';

/**
 * The invoice's lines: the base price, the extra personas, the team seats,
 * the seat prorations since the last invoice, the discount (of the whole
 * invoice, prorations included, as a Stripe coupon applies).
 */
function invoiceLines(
  row: SubscriptionRow,
  amount: Quote,
  prorations: InvoiceLine[],
): InvoiceLine[] {
  const prices = pricesOf(row.is_legacy_pricing, row.billing_cycle);
  const lines: InvoiceLine[] = [
    {
      description: `1 × ${prices.base.nickname}`,
      quantity: 1,
      amount: amount.baseCents,
      price: prices.base.id,
    },
  ];
  if (row.extra_quantity > 0) {
    lines.push({
      description: `${row.extra_quantity} × Extra persona`,
      quantity: row.extra_quantity,
      amount: amount.extrasCents,
      price: prices.extraPersona.id,
    });
  }
  if (row.seat_quantity > 0) {
    lines.push({
      description: seatLineDescription(row.seat_quantity),
      quantity: row.seat_quantity,
      amount: amount.seatsCents,
      price: row.seat_price ?? prices.seat.id,
    });
  }
  lines.push(...prorations);
  const prorated = prorations.reduce((sum, line) => sum + line.amount, 0);
  const discount = amount.discountCents + Math.round((prorated * amount.discountPercent) / 100);
  if (discount > 0) {
    lines.push({
      description: `Discount (${amount.discountPercent}% off)`,
      quantity: 1,
      amount: -discount,
      price: '',
    });
  }
  return lines;
}

/** Bills the current period of the subscription to its card; returns the subscription after. */
export async function invoicePeriod(
  ctx: LocalContext,
  trx: Knex.Transaction,
  row: SubscriptionRow,
): Promise<SubscriptionRow> {
  const amount = quote({
    personaCount: personaCountFor(row.extra_quantity, row.is_legacy_pricing),
    billingCycle: row.billing_cycle,
    isLegacyPricing: row.is_legacy_pricing,
    seats: row.seat_quantity,
    promo:
      row.coupon_percent_off > 0
        ? {
            discountPercent: row.coupon_percent_off,
            durationMonths: row.coupon_duration_months,
            startedAt: row.billing_cycle_anchor,
          }
        : undefined,
    at: row.current_period_start,
  });
  // Seat prorations made since the last invoice are billed with this one, as at Stripe.
  const pending = await trx<InvoiceItemRow>('local_invoice_items')
    .where({ subscription: row.id })
    .whereNull('invoice')
    .orderBy('created')
    .forUpdate();
  const lines = invoiceLines(
    row,
    amount,
    pending.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      amount: item.amount,
      price: item.price,
      period: { start: item.period_start, end: item.period_end },
    })),
  );
  // A credit larger than the invoice is not paid out; Stripe keeps it as customer balance.
  const total = Math.max(
    0,
    lines.reduce((sum, line) => sum + line.amount, 0),
  );
  const method = await trx<PaymentMethodRow>('local_payment_methods')
    .where({ id: row.default_payment_method })
    .first();
  const chargeError = chargeErrorOf(method);
  const paid = !chargeError;
  const [invoice] = await trx<InvoiceRow>('local_invoices')
    .insert({
      id: newId('in'),
      // Stripe numbers invoices per customer: a prefix and a running number.
      number: trx.raw(`? || '-' || lpad(nextval('local_invoice_numbers')::text, 4, '0')`, [
        row.customer.slice(4, 12).toUpperCase(),
      ]),
      customer: row.customer,
      subscription: row.id,
      status: paid ? 'paid' : 'open',
      amount_due: total,
      amount_paid: paid ? total : 0,
      currency: CURRENCY,
      period_start: row.current_period_start,
      period_end: row.current_period_end,
      lines: trx.raw('?::jsonb', [JSON.stringify(lines)]),
      attempt_count: 1,
      last_payment_error: chargeError?.message ?? null,
      metadata: row.metadata,
      // Stripe makes a period's invoice when the period starts, however late we catch up.
      created: row.current_period_start,
    })
    .returning('*');
  if (pending.length > 0) {
    await trx('local_invoice_items')
      .whereIn(
        'id',
        pending.map((item) => item.id),
      )
      .update({ invoice: invoice!.id });
  }
  const [updated] = await trx<SubscriptionRow>('local_subscriptions')
    .where({ id: row.id })
    .update({ latest_invoice: invoice!.id, status: paid ? 'active' : 'past_due' })
    .returning('*');
  await recordEvent(
    ctx,
    trx,
    paid ? 'invoice.paid' : 'invoice.payment_failed',
    invoiceObject(invoice!),
  );
  return updated!;
}

export function invoiceById(db: Knex, id: string): Promise<InvoiceRow | undefined> {
  return db<InvoiceRow>('local_invoices').where({ id }).first();
}

/** The invoice as Stripe shows it. */
export function invoiceObject(row: InvoiceRow): Record<string, unknown> {
  return {
    id: row.id,
    object: 'invoice',
    customer: row.customer,
    status: row.status,
    attempted: row.attempt_count > 0,
    attempt_count: row.attempt_count,
    amount_due: row.amount_due,
    amount_paid: row.amount_paid,
    amount_remaining: row.amount_due - row.amount_paid,
    currency: row.currency,
    number: row.number,
    created: unix(row.created),
    period_start: unix(row.period_start),
    period_end: unix(row.period_end),
    billing_reason: 'subscription_cycle',
    collection_method: 'charge_automatically',
    hosted_invoice_url: null,
    invoice_pdf: null,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: row.subscription, metadata: row.metadata },
    },
    last_finalization_error: null,
    lines: {
      object: 'list',
      data: row.lines.map((line, index) => ({
        id: `il_${row.id.slice(3)}_${index}`,
        object: 'line_item',
        amount: line.amount,
        currency: row.currency,
        description: line.description,
        quantity: line.quantity,
        proration: line.period !== undefined,
        period: line.period
          ? { start: unix(new Date(line.period.start)), end: unix(new Date(line.period.end)) }
          : { start: unix(row.period_start), end: unix(row.period_end) },
      })),
    },
  };
}

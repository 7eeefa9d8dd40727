import type { BillingCycle } from '@chorus/contracts';
import { z } from 'zod';
import type { ProviderCheckoutSession, ProviderInvoice, ProviderSubscription } from './provider';

/**
 * The parts of Stripe's objects billing reads, as zod schemas. Stripe's
 * webhook payloads, the Stripe SDK's answers and the local provider's
 * objects all pass through these, so both providers are read by one path.
 * Unknown fields are ignored; the fields billing relies on must be there.
 */

const id = z.string().min(1);
/** A reference Stripe sends either as an id or, when expanded, as the object. */
const reference = z
  .union([id, z.object({ id })])
  .transform((value) => (typeof value === 'string' ? value : value.id));
const metadata = z
  .record(z.string(), z.string())
  .nullish()
  .transform((value) => value ?? {});
const unixTime = z
  .number()
  .int()
  .transform((seconds) => new Date(seconds * 1000));

/** Price lookup keys name the plan, the part and the cycle: chorus_current_base_monthly. */
const LOOKUP_KEY = /^chorus_(current|legacy)_(base|extra_persona|seat)_(monthly|annual)$/;

/** What a price pays for: the plan itself, a persona beyond the included ones, a team seat. */
export type PricePart = 'base' | 'extra_persona' | 'seat';

export function lookupKey(
  plan: 'current' | 'legacy',
  part: PricePart,
  cycle: BillingCycle,
): string {
  return `chorus_${plan}_${part}_${cycle}`;
}

export function parseLookupKey(key: string | null | undefined) {
  const match = LOOKUP_KEY.exec(key ?? '');
  if (!match) return undefined;
  return {
    isLegacyPricing: match[1] === 'legacy',
    part: match[2] as PricePart,
    billingCycle: match[3] as BillingCycle,
  };
}

const price = z.object({
  id,
  lookup_key: z.string().nullish(),
  recurring: z.object({ interval: z.string() }).nullish(),
});

const subscriptionItem = z.object({
  price,
  quantity: z.number().int().nullish(),
  // Since API version 2025-03-31 the period lives on the items.
  current_period_start: unixTime.optional(),
  current_period_end: unixTime.optional(),
});

const invoiceLine = z.object({
  description: z.string().nullish(),
  amount: z.number().int(),
  quantity: z.number().int().nullish(),
  period: z.object({ start: unixTime, end: unixTime }).nullish(),
});

const stripeInvoice = z.object({
  id,
  object: z.literal('invoice'),
  customer: reference,
  status: z.string().nullish(),
  attempted: z.boolean().optional().default(false),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  currency: z.string(),
  number: z.string().nullish(),
  created: unixTime,
  period_start: unixTime,
  period_end: unixTime,
  invoice_pdf: z.string().nullish(),
  // Where the subscription is named: `parent` since 2025-03-31, `subscription` before.
  subscription: reference.nullish(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: reference, metadata }).nullish(),
    })
    .nullish(),
  lines: z.object({ data: z.array(invoiceLine) }),
});

const stripeSubscription = z.object({
  id,
  object: z.literal('subscription'),
  customer: reference,
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  canceled_at: unixTime.nullish(),
  // Before 2025-03-31 the period lived on the subscription.
  current_period_start: unixTime.optional(),
  current_period_end: unixTime.optional(),
  metadata,
  items: z.object({ data: z.array(subscriptionItem).min(1) }),
  // Read with readInvoice when expanded.
  latest_invoice: z.union([id, z.looseObject({ object: z.literal('invoice') })]).nullish(),
});

const stripeCheckoutSession = z.object({
  id,
  object: z.literal('checkout.session'),
  status: z.string().nullish(),
  customer: reference.nullish(),
  subscription: reference.nullish(),
  url: z.string().nullish(),
  metadata,
});

const stripeEvent = z.object({
  id,
  object: z.literal('event'),
  type: z.string(),
  created: unixTime,
  data: z.object({ object: z.looseObject({ object: z.string() }) }),
});
type StripeEvent = z.infer<typeof stripeEvent>;

/** Thrown when a provider object lacks what billing relies on. */
export class UnreadableProviderObject extends Error {}

function parse<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new UnreadableProviderObject(
      `unreadable ${what}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  return result.data;
}

export function readInvoice(value: unknown, paymentFailed = false): ProviderInvoice {
  const invoice = parse(stripeInvoice, value, 'invoice');
  const subscriptionId =
    invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
  // A subscription's invoice is dated by the period its lines bill (Stripe dates
  // the invoice itself by when it was made); prorations of the period before
  // end earlier, so the latest-ending line names it.
  let servicePeriod: { start: Date; end: Date } | undefined;
  for (const line of invoice.lines.data) {
    if (line.period && (!servicePeriod || line.period.end > servicePeriod.end)) {
      servicePeriod = line.period;
    }
  }
  return {
    id: invoice.id,
    customerId: invoice.customer,
    subscriptionId,
    status: invoice.status ?? 'draft',
    attempted: invoice.attempted,
    paymentFailed,
    amountDueCents: invoice.amount_due,
    amountPaidCents: invoice.amount_paid,
    currency: invoice.currency,
    number: invoice.number ?? '',
    created: invoice.created,
    periodStart: servicePeriod?.start ?? invoice.period_start,
    periodEnd: servicePeriod?.end ?? invoice.period_end,
    subscriptionMetadata: invoice.parent?.subscription_details?.metadata ?? {},
    pdfUrl: invoice.invoice_pdf ?? null,
    lines: invoice.lines.data.map((line) => ({
      description: line.description ?? '',
      quantity: line.quantity ?? 1,
      amountCents: line.amount,
    })),
  };
}

export function readSubscription(value: unknown): ProviderSubscription {
  const subscription = parse(stripeSubscription, value, 'subscription');
  const items = subscription.items.data.map((item) => ({
    ...item,
    key: parseLookupKey(item.price.lookup_key),
  }));
  const base =
    items.find((item) => item.key?.part !== 'extra_persona' && item.key?.part !== 'seat') ??
    items[0]!;
  const extra = items.find((item) => item.key?.part === 'extra_persona');
  const seat = items.find((item) => item.key?.part === 'seat');
  const interval = base.price.recurring?.interval;
  const billingCycle: BillingCycle =
    base.key?.billingCycle ?? (interval === 'year' ? 'annual' : 'monthly');
  const periodStart = base.current_period_start ?? subscription.current_period_start;
  const periodEnd = base.current_period_end ?? subscription.current_period_end;
  if (!periodStart || !periodEnd) {
    throw new UnreadableProviderObject('unreadable subscription: no current period');
  }
  const latest = subscription.latest_invoice;
  return {
    id: subscription.id,
    customerId: subscription.customer,
    status: subscription.status,
    billingCycle,
    isLegacyPricing: base.key?.isLegacyPricing ?? false,
    basePriceId: base.price.id,
    extraPersonas: extra?.quantity ?? 0,
    seats: seat?.quantity ?? 0,
    currentPeriodStart: periodStart,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    canceledAt: subscription.canceled_at ?? null,
    metadata: subscription.metadata,
    latestInvoice: latest && typeof latest !== 'string' ? readInvoice(latest) : null,
  };
}

export function readCheckoutSession(value: unknown): ProviderCheckoutSession {
  const session = parse(stripeCheckoutSession, value, 'checkout session');
  return {
    id: session.id,
    status: session.status ?? 'open',
    customerId: session.customer ?? null,
    subscriptionId: session.subscription ?? null,
    url: session.url ?? null,
    metadata: session.metadata,
  };
}

export function readEvent(value: unknown): StripeEvent {
  return parse(stripeEvent, value, 'event');
}

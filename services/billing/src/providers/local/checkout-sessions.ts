import { quote } from '@chorus/contracts';
import { personaCountFor } from '../../domain/plan';
import { CURRENCY } from '../plan-prices';
import {
  type NewCheckoutSession,
  type ProviderCheckoutSession,
  ProviderRequestRefused,
} from '../provider';
import { readCheckoutSession } from '../stripe-shapes';
import { type LocalContext, newId, unix } from './context';
import { requireCustomer } from './customers';
import { recordEvent } from './event-log';
import type { CheckoutSessionRow } from './rows';

const CHECKOUT_LIFETIME_MS = 24 * 3600 * 1000;

function checkoutStatus(ctx: LocalContext, row: CheckoutSessionRow): string {
  return row.status === 'open' && row.expires_at <= ctx.now() ? 'expired' : row.status;
}

async function checkoutSessionRow(ctx: LocalContext, id: string): Promise<CheckoutSessionRow> {
  const row = await ctx.db<CheckoutSessionRow>('local_checkout_sessions').where({ id }).first();
  if (!row) throw new ProviderRequestRefused(`No such checkout.session: '${id}'`);
  return row;
}

/** The session as Stripe shows it; an open one is paid on the app's hosted checkout page. */
function checkoutSessionObject(
  ctx: LocalContext,
  row: CheckoutSessionRow,
): Record<string, unknown> {
  return {
    id: row.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: checkoutStatus(ctx, row),
    customer: row.customer,
    subscription: row.subscription,
    success_url: row.success_url,
    cancel_url: row.cancel_url,
    url:
      row.status === 'open'
        ? new URL(`/api/billing/checkout/local/${row.id}`, ctx.publicUrl).toString()
        : null,
    created: unix(row.created),
    expires_at: unix(row.expires_at),
    livemode: false,
    metadata: row.metadata,
  };
}

export async function createCheckoutSession(
  ctx: LocalContext,
  input: NewCheckoutSession,
): Promise<ProviderCheckoutSession> {
  await requireCustomer(ctx.db, input.customerId);
  const now = ctx.now();
  const [row] = await ctx
    .db<CheckoutSessionRow>('local_checkout_sessions')
    .insert({
      id: newId('cs_test'),
      customer: input.customerId,
      status: 'open',
      billing_cycle: input.billingCycle,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      metadata: {
        ...input.metadata,
        isLegacyPricing: String(input.isLegacyPricing),
        extraPersonas: String(input.extraPersonas),
        seats: String(input.seats ?? 0),
      },
      created: now,
      expires_at: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
    })
    .returning('*');
  return readCheckoutSession(checkoutSessionObject(ctx, row!));
}

export async function getCheckoutSession(
  ctx: LocalContext,
  id: string,
): Promise<ProviderCheckoutSession> {
  return readCheckoutSession(checkoutSessionObject(ctx, await checkoutSessionRow(ctx, id)));
}

/** The hosted checkout page's facts: what is being bought, and where to go afterwards. */
export async function checkoutSessionDetails(ctx: LocalContext, id: string) {
  const row = await checkoutSessionRow(ctx, id);
  const isLegacyPricing = row.metadata.isLegacyPricing === 'true';
  const extraPersonas = Number(row.metadata.extraPersonas ?? '0');
  const seats = Number(row.metadata.seats ?? '0');
  const amount = quote({
    personaCount: personaCountFor(extraPersonas, isLegacyPricing),
    billingCycle: row.billing_cycle,
    isLegacyPricing,
    seats,
  });
  return {
    id: row.id,
    status: checkoutStatus(ctx, row),
    customerId: row.customer,
    billingCycle: row.billing_cycle,
    isLegacyPricing,
    extraPersonas,
    seats,
    amountCents: amount.periodCents,
    currency: CURRENCY,
    successUrl: row.success_url.replaceAll('{CHECKOUT_SESSION_ID}', row.id),
    cancelUrl: row.cancel_url,
    metadata: row.metadata,
  };
}

/** The customer paid on the hosted page: the session is complete with its subscription. */
export async function completeCheckoutSession(
  ctx: LocalContext,
  id: string,
  subscriptionId: string,
): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const [row] = await trx<CheckoutSessionRow>('local_checkout_sessions')
      .where({ id, status: 'open' })
      .update({ status: 'complete', subscription: subscriptionId })
      .returning('*');
    if (!row) throw new ProviderRequestRefused('This checkout session is no longer open.');
    await recordEvent(ctx, trx, 'checkout.session.completed', checkoutSessionObject(ctx, row));
  });
  ctx.nudge();
}

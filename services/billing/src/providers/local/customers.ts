import type { Knex } from '@chorus/service-kit';
import { ProviderRequestRefused } from '../provider';
import { type LocalContext, newId } from './context';
import type { CustomerRow } from './rows';

export async function createCustomer(
  ctx: LocalContext,
  input: { userId: string; email: string; name: string },
): Promise<{ id: string }> {
  const id = newId('cus');
  await ctx.db<CustomerRow>('local_customers').insert({
    id,
    email: input.email,
    name: input.name,
    metadata: { userId: input.userId },
    created: ctx.now(),
  });
  return { id };
}

/** The customer, or Stripe's refusal of an unknown one. */
export async function requireCustomer(trx: Knex, id: string): Promise<CustomerRow> {
  const row = await trx<CustomerRow>('local_customers').where({ id }).first();
  if (!row) throw new ProviderRequestRefused(`No such customer: '${id}'`);
  return row;
}

/** The local provider has no hosted portal: the app's own billing page is where a customer manages billing. */
export async function createPortalSession(
  ctx: LocalContext,
  input: { customerId: string; returnUrl: string },
): Promise<{ url: string }> {
  await requireCustomer(ctx.db, input.customerId);
  return { url: new URL('/billing', ctx.publicUrl).toString() };
}

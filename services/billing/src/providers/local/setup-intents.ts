import type { Knex } from '@chorus/service-kit';
import { type LocalContext, newId, unix } from './context';
import { requireCustomer } from './customers';
import { recordEvent } from './event-log';
import type { SetupIntentRow } from './rows';

export async function createSetupIntent(
  ctx: LocalContext,
  input: { customerId: string; metadata: Record<string, string> },
): Promise<{ id: string; clientSecret: string }> {
  await requireCustomer(ctx.db, input.customerId);
  const id = newId('seti');
  const clientSecret = `${id}_secret_${newId('x').slice(2)}`;
  await ctx.db('local_setup_intents').insert({
    id,
    client_secret: clientSecret,
    customer: input.customerId,
    status: 'requires_payment_method',
    metadata: input.metadata,
    created: ctx.now(),
  });
  return { id, clientSecret };
}

/** The customer's open setup intents succeed with the card, as confirming one in the browser would. */
export async function succeedOpenSetupIntents(
  ctx: LocalContext,
  trx: Knex.Transaction,
  customerId: string,
  paymentMethodId: string,
): Promise<void> {
  const intents: SetupIntentRow[] = await trx('local_setup_intents')
    .where({ customer: customerId, status: 'requires_payment_method' })
    .update({ status: 'succeeded', payment_method: paymentMethodId })
    .returning('*');
  for (const intent of intents) {
    await recordEvent(ctx, trx, 'setup_intent.succeeded', {
      id: intent.id,
      object: 'setup_intent',
      client_secret: intent.client_secret,
      customer: intent.customer,
      payment_method: paymentMethodId,
      status: 'succeeded',
      usage: 'off_session',
      metadata: intent.metadata,
      created: unix(intent.created),
      livemode: false,
    });
  }
}

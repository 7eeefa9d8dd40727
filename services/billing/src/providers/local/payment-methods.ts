import type { Knex } from '@chorus/service-kit';
import { type CardError, testCard } from '../../domain/test-cards';
import { CardDeclined, type ProviderPaymentMethod, ProviderRequestRefused } from '../provider';
import { type LocalContext, newId } from './context';
import { requireCustomer } from './customers';
import type { PaymentMethodRow } from './rows';
import { succeedOpenSetupIntents } from './setup-intents';

export function declined(error: CardError): CardDeclined {
  return new CardDeclined(error.message, error.code, error.declineCode);
}

/** Why charging the card fails, for Stripe's test cards that attach but never pay. */
export function chargeErrorOf(method: PaymentMethodRow | undefined): CardError | undefined {
  return method ? testCard(method.test_card)?.chargeError : undefined;
}

/**
 * A test payment method (pm_card_visa...) becomes a payment method of the
 * customer with its own id, as in Stripe; cards that Stripe declines on
 * attaching are declined here too. The customer's open setup intents
 * succeed with it, as confirming one in the browser would.
 */
export async function attachPaymentMethod(
  ctx: LocalContext,
  input: { customerId: string; paymentMethodId: string },
): Promise<ProviderPaymentMethod> {
  const method = await ctx.db.transaction(async (trx) => {
    await requireCustomer(trx, input.customerId);
    let row = await trx<PaymentMethodRow>('local_payment_methods')
      .where({ id: input.paymentMethodId })
      .first();
    if (row && row.customer && row.customer !== input.customerId) {
      throw new ProviderRequestRefused(
        'The payment method you provided has already been attached to a customer.',
      );
    }
    if (!row) {
      const card = testCard(input.paymentMethodId);
      if (!card) {
        throw new ProviderRequestRefused(`No such PaymentMethod: '${input.paymentMethodId}'`);
      }
      if (card.attachError) throw declined(card.attachError);
      const rows = await trx<PaymentMethodRow>('local_payment_methods')
        .insert({
          id: newId('pm'),
          test_card: card.id,
          customer: input.customerId,
          brand: card.brand,
          last4: card.last4,
          // Stripe's test cards expire in the future; a fixed month keeps it predictable.
          exp_month: 12,
          exp_year: ctx.now().getUTCFullYear() + 3,
          cardholder_name: '',
          created: ctx.now(),
        })
        .returning('*');
      row = rows[0]!;
    } else if (!row.customer) {
      await trx('local_payment_methods')
        .where({ id: row.id })
        .update({ customer: input.customerId });
    }
    await succeedOpenSetupIntents(ctx, trx, input.customerId, row.id);
    return row;
  });
  ctx.nudge();
  return {
    id: method.id,
    brand: method.brand,
    last4: method.last4,
    expMonth: method.exp_month,
    expYear: method.exp_year,
    cardholderName: method.cardholder_name,
  };
}

/** The customer's card, or Stripe's refusal of one that is not attached to them. */
export async function customerPaymentMethod(
  trx: Knex,
  customerId: string,
  paymentMethodId: string,
): Promise<PaymentMethodRow> {
  const row = await trx<PaymentMethodRow>('local_payment_methods')
    .where({ id: paymentMethodId })
    .first();
  if (!row || row.customer !== customerId) {
    throw new ProviderRequestRefused(
      `The customer does not have a payment method with the ID ${paymentMethodId}. The payment method must be attached to the customer.`,
    );
  }
  return row;
}

import { billingMessages } from '@chorus/contracts';
import { NotFound } from '@chorus/service-kit';
import { providerCall } from './provider-call';
import type { PaymentProvider } from './providers/provider';
import { type BillingStore, type CustomerRow, holderName } from './store';

/** The signed-in customer. */
export interface Payer {
  userId: string;
  email: string;
}

/** Each user's customer at the provider: one per user, made on first need. */
export class Customers {
  constructor(private readonly deps: { store: BillingStore; provider: PaymentProvider }) {}

  /** The user's customer at the provider, created on first need. */
  async ofPayer(payer: Payer): Promise<CustomerRow> {
    const { store, provider } = this.deps;
    const existing = await store.customer(payer.userId);
    if (existing?.provider === provider.name) return existing;
    return store.db.transaction(async (trx) => {
      await store.lockUser(trx, payer.userId);
      const again = await store.customer(payer.userId, trx);
      if (again?.provider === provider.name) return again;
      const holder = await store.accountHolder(payer.userId, trx);
      const email = payer.email || holder?.email || '';
      const created = await providerCall(() =>
        provider.createCustomer({ userId: payer.userId, email, name: holderName(holder) }),
      );
      const row: CustomerRow = {
        user_id: payer.userId,
        provider: provider.name,
        provider_customer_id: created.id,
        email,
      };
      await store.saveCustomer(trx, row);
      return row;
    });
  }

  /**
   * The user's customer at this provider, when `customerId` (if given) is
   * theirs; NotFound otherwise.
   */
  async own(userId: string, customerId: string): Promise<CustomerRow> {
    const customer = await this.deps.store.customer(userId);
    if (
      !customer ||
      customer.provider !== this.deps.provider.name ||
      (customerId && customerId !== customer.provider_customer_id)
    ) {
      throw new NotFound(billingMessages.customerNotFound);
    }
    return customer;
  }
}

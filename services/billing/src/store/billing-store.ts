import type { Knex } from '@chorus/service-kit';
import type {
  AccountHolderRow,
  CustomerRow,
  InvoiceRow,
  InvoiceValues,
  PaymentMethodRow,
  ProductRow,
  SubscriptionRow,
  SubscriptionValues,
} from './rows';

/** Every query of billing's own tables. */
export class BillingStore {
  constructor(readonly db: Knex) {}

  // Products, mirrored from catalog.

  /** From ProductCreated: the event is the product's own account of itself. */
  async upsertProduct(
    trx: Knex,
    product: Pick<ProductRow, 'id' | 'user_id' | 'name' | 'billing_cycle' | 'is_legacy_pricing'>,
  ): Promise<void> {
    await trx('products').insert(product).onConflict('id').merge({
      name: product.name,
      billing_cycle: product.billing_cycle,
      is_legacy_pricing: product.is_legacy_pricing,
      updated_at: trx.fn.now(),
    });
  }

  /** A product the gateway read from catalog before its ProductCreated event arrived here. */
  async seedProduct(
    trx: Knex,
    product: Pick<
      ProductRow,
      'id' | 'user_id' | 'name' | 'billing_cycle' | 'is_legacy_pricing' | 'persona_count'
    >,
  ): Promise<void> {
    await trx('products').insert(product).onConflict('id').ignore();
  }

  async setPersonaCount(trx: Knex, productId: string, personaCount: number): Promise<void> {
    await trx('products')
      .where({ id: productId })
      .update({ persona_count: personaCount, updated_at: trx.fn.now() });
  }

  async setBillableSeats(
    trx: Knex,
    productId: string,
    seats: number,
    effectiveAt: Date,
  ): Promise<void> {
    await trx('products')
      .where({ id: productId })
      .update({ billable_seats: seats, seats_effective_at: effectiveAt, updated_at: trx.fn.now() });
  }

  async markProductDeleted(trx: Knex, productId: string, at: Date): Promise<void> {
    await trx('products').where({ id: productId }).whereNull('deleted_at').update({
      deleted_at: at,
      updated_at: trx.fn.now(),
    });
  }

  product(productId: string, trx: Knex = this.db, lock = false): Promise<ProductRow | undefined> {
    const query = trx<ProductRow>('products').where({ id: productId });
    return (lock ? query.forUpdate() : query).first();
  }

  async markDeletionCancelledSubscription(trx: Knex, productId: string): Promise<void> {
    await trx('products')
      .where({ id: productId })
      .update({ deletion_cancelled_subscription: true, updated_at: trx.fn.now() });
  }

  productsOfUser(userId: string): Promise<ProductRow[]> {
    return this.db<ProductRow>('products')
      .where({ user_id: userId })
      .whereNull('deleted_at')
      .orderBy('created_at');
  }

  // Account holders, mirrored from identity.

  async upsertAccountHolder(trx: Knex, holder: AccountHolderRow): Promise<void> {
    await trx('account_holders').insert(holder).onConflict('user_id').merge();
  }

  accountHolder(userId: string, trx: Knex = this.db): Promise<AccountHolderRow | undefined> {
    return trx<AccountHolderRow>('account_holders').where({ user_id: userId }).first();
  }

  // Customers.

  customer(userId: string, trx: Knex = this.db): Promise<CustomerRow | undefined> {
    return trx<CustomerRow>('customers').where({ user_id: userId }).first();
  }

  customerByProviderId(providerCustomerId: string): Promise<CustomerRow | undefined> {
    return this.db<CustomerRow>('customers')
      .where({ provider_customer_id: providerCustomerId })
      .first();
  }

  async saveCustomer(trx: Knex, customer: CustomerRow): Promise<void> {
    await trx('customers')
      .insert(customer)
      .onConflict('user_id')
      .merge({ ...customer, updated_at: trx.fn.now() });
  }

  /** Serialises work on one user's customer (two tabs registering a card at once). */
  async lockUser(trx: Knex.Transaction, userId: string): Promise<void> {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`billing-user:${userId}`]);
  }

  /** Serialises starting a product's subscription (held until the transaction ends). */
  async lockProductBilling(trx: Knex.Transaction, productId: string): Promise<void> {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`billing-product:${productId}`]);
  }

  // Payment methods.

  /** Saves a card as the product's default; the product's earlier cards stop being default. */
  async saveDefaultPaymentMethod(
    trx: Knex,
    method: Pick<
      PaymentMethodRow,
      'user_id' | 'product_id' | 'stripe_payment_method_id' | 'encrypted_card_data'
    >,
  ): Promise<PaymentMethodRow> {
    await trx('payment_methods')
      .where({ user_id: method.user_id, product_id: method.product_id, is_default: true })
      .update({ is_default: false, updated_at: trx.fn.now() });
    const [row] = await trx<PaymentMethodRow>('payment_methods')
      .insert({ ...method, is_default: true, is_active: true })
      .returning('*');
    return row!;
  }

  // Subscriptions.

  subscriptionOfProduct(
    productId: string,
    trx: Knex = this.db,
    lock = false,
  ): Promise<SubscriptionRow | undefined> {
    const query = trx<SubscriptionRow>('subscriptions').where({ product_id: productId });
    return (lock ? query.forUpdate() : query).first();
  }

  subscriptionByProviderId(
    providerSubscriptionId: string,
    trx: Knex = this.db,
    lock = false,
  ): Promise<SubscriptionRow | undefined> {
    const query = trx<SubscriptionRow>('subscriptions').where({
      provider_subscription_id: providerSubscriptionId,
    });
    return (lock ? query.forUpdate() : query).first();
  }

  subscriptionsOfUser(userId: string): Promise<SubscriptionRow[]> {
    return this.db<SubscriptionRow>('subscriptions').where({ user_id: userId });
  }

  async saveSubscription(trx: Knex, values: SubscriptionValues): Promise<SubscriptionRow> {
    const [row] = await trx<SubscriptionRow>('subscriptions')
      .insert(values)
      .onConflict('product_id')
      .merge({ ...values, updated_at: trx.fn.now() })
      .returning('*');
    return row!;
  }

  /** Sets the promo of a stored subscription, leaving the rest as it is. */
  async setSubscriptionPromo(
    trx: Knex,
    productId: string,
    promo: Pick<
      SubscriptionValues,
      'promo_code_id' | 'promo_discount_percent' | 'promo_duration_months' | 'promo_started_at'
    >,
  ): Promise<SubscriptionRow> {
    const [row] = await trx<SubscriptionRow>('subscriptions')
      .where({ product_id: productId })
      .update({ ...promo, updated_at: trx.fn.now() })
      .returning('*');
    return row!;
  }

  // Invoices.

  invoiceByProviderId(providerInvoiceId: string, trx: Knex = this.db) {
    return trx<InvoiceRow>('invoices')
      .where({ provider_invoice_id: providerInvoiceId })
      .forUpdate()
      .first();
  }

  async saveInvoice(trx: Knex, values: InvoiceValues): Promise<void> {
    await trx('invoices')
      .insert({ ...values, lines: JSON.stringify(values.lines) })
      .onConflict('provider_invoice_id')
      .merge({ ...values, lines: JSON.stringify(values.lines), updated_at: trx.fn.now() });
  }

  invoicesOfUser(userId: string): Promise<InvoiceRow[]> {
    return this.db<InvoiceRow>('invoices')
      .where({ user_id: userId })
      .orderBy([
        { column: 'issued_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
  }

  invoiceOfUser(userId: string, invoiceId: string): Promise<InvoiceRow | undefined> {
    return this.db<InvoiceRow>('invoices').where({ user_id: userId, id: invoiceId }).first();
  }

  // Provider events.

  webhookEventSeen(eventId: string): Promise<boolean> {
    return this.db('webhook_events')
      .where({ id: eventId })
      .first()
      .then((row: unknown) => row !== undefined);
  }

  /** False when the event was already recorded (a retried delivery). */
  async recordWebhookEvent(trx: Knex, eventId: string, type: string): Promise<boolean> {
    const inserted = await trx('webhook_events')
      .insert({ id: eventId, type })
      .onConflict('id')
      .ignore()
      .returning('id');
    return inserted.length > 0;
  }
}

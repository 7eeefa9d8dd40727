import type { Migration } from '@chorus/service-kit';

/** Billing's own tables: what it mirrors of products and users, and what it owns. */
export const billing: Migration = {
  name: '0002_billing',
  async up(knex) {
    // Catalog's products as far as billing needs them, kept from catalog's events.
    await knex.schema.createTable('products', (t) => {
      t.text('id').primary();
      t.text('user_id').notNullable().index();
      t.text('name').notNullable();
      t.text('billing_cycle').notNullable().defaultTo('monthly');
      t.boolean('is_legacy_pricing').notNullable().defaultTo(false);
      t.integer('persona_count').notNullable().defaultTo(0);
      t.timestamp('deleted_at', { useTz: true }).nullable();
      // Deleting the product cancelled a running subscription (what the delete answer reports).
      t.boolean('deletion_cancelled_subscription').notNullable().defaultTo(false);
      t.timestamps(true, true, false);
    });
    // Account holders, from identity's UserRegistered: the name on the provider's customer.
    await knex.schema.createTable('account_holders', (t) => {
      t.text('user_id').primary();
      t.text('email').notNullable();
      t.text('first_name').notNullable().defaultTo('');
      t.text('last_name').notNullable().defaultTo('');
    });
    // One provider customer per user, shared by all of the user's products.
    await knex.schema.createTable('customers', (t) => {
      t.text('user_id').primary();
      t.text('provider').notNullable();
      t.text('provider_customer_id').notNullable().unique();
      t.text('email').notNullable();
      t.timestamps(true, true, false);
    });
    await knex.schema.createTable('payment_methods', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      t.text('user_id').notNullable().index();
      t.text('product_id').nullable().index();
      t.text('stripe_payment_method_id').notNullable();
      // AES-256-GCM of brand, last4, expiry and cardholder name; never a card number.
      t.text('encrypted_card_data').notNullable();
      t.boolean('is_default').notNullable().defaultTo(false);
      t.boolean('is_active').notNullable().defaultTo(true);
      t.timestamps(true, true, false);
    });
    await knex.schema.createTable('promo_codes', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      t.text('code').notNullable().unique();
      t.integer('discount_percent').notNullable();
      t.integer('duration_months').notNullable().defaultTo(1);
      t.text('description').nullable();
      t.boolean('is_active').notNullable().defaultTo(true);
      t.integer('usage_limit').nullable();
      t.integer('used_count').notNullable().defaultTo(0);
      t.timestamp('expires_at', { useTz: true }).nullable();
      t.timestamps(true, true, false);
    });
    await knex.raw(
      `alter table promo_codes add constraint promo_codes_code_upper check (code = upper(code))`,
    );
    await knex.raw(
      `alter table promo_codes add constraint promo_codes_discount_range check (discount_percent between 0 and 100)`,
    );
    // At most one subscription per product at a time; a product that subscribes
    // again after a cancellation reuses its row with the new provider ids.
    await knex.schema.createTable('subscriptions', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      t.text('product_id').notNullable().unique();
      t.text('user_id').notNullable().index();
      t.text('provider').notNullable();
      t.text('provider_customer_id').notNullable();
      t.text('provider_subscription_id').notNullable().unique();
      t.text('provider_price_id').notNullable();
      // The provider's word (active, past_due, canceled, incomplete...).
      t.text('provider_status').notNullable();
      // What the product shows: inactive, active, past_due, cancelled, paused.
      t.text('status').notNullable();
      t.text('billing_cycle').notNullable();
      t.boolean('is_legacy_pricing').notNullable().defaultTo(false);
      t.integer('extra_personas').notNullable().defaultTo(0);
      t.timestamp('current_period_start', { useTz: true }).notNullable();
      t.timestamp('current_period_end', { useTz: true }).notNullable();
      t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
      t.timestamp('canceled_at', { useTz: true }).nullable();
      t.text('promo_code_id').nullable().references('id').inTable('promo_codes');
      t.integer('promo_discount_percent').notNullable().defaultTo(0);
      t.integer('promo_duration_months').notNullable().defaultTo(0);
      t.timestamp('promo_started_at', { useTz: true }).nullable();
      // Creation time of the newest provider state applied: older events are ignored.
      t.timestamp('provider_state_at', { useTz: true }).notNullable();
      t.timestamps(true, true, false);
    });
    await knex.schema.createTable('invoices', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      t.text('provider_invoice_id').notNullable().unique();
      t.text('provider_subscription_id').notNullable().index();
      t.text('product_id').notNullable().index();
      t.text('user_id').notNullable().index();
      t.text('number').notNullable().defaultTo('');
      t.text('description').notNullable();
      t.integer('amount_cents').notNullable();
      t.text('currency').notNullable();
      // paid, pending or failed
      t.text('status').notNullable();
      t.timestamp('period_start', { useTz: true }).notNullable();
      t.timestamp('period_end', { useTz: true }).notNullable();
      t.timestamp('issued_at', { useTz: true }).notNullable();
      // The provider's own PDF (Stripe); null when billing renders it.
      t.text('pdf_url').nullable();
      t.jsonb('lines').notNullable().defaultTo('[]');
      t.timestamp('provider_state_at', { useTz: true }).notNullable();
      t.timestamps(true, true, false);
    });
    // Provider events already handled: a retried webhook finds its id here.
    await knex.schema.createTable('webhook_events', (t) => {
      t.text('id').primary();
      t.text('type').notNullable();
      t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex) {
    for (const table of [
      'webhook_events',
      'invoices',
      'subscriptions',
      'promo_codes',
      'payment_methods',
      'customers',
      'account_holders',
      'products',
    ]) {
      await knex.schema.dropTable(table);
    }
  },
};

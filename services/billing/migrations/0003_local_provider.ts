import type { Migration } from '@chorus/service-kit';

/**
 * The local payment provider's own records, standing in for a Stripe account
 * in test mode: customers, setup intents, payment methods, subscriptions,
 * invoices, checkout sessions and the event log its webhooks come from.
 * Timestamps are the provider's clock, which tests can move.
 */
export const localProvider: Migration = {
  name: '0003_local_provider',
  async up(knex) {
    await knex.schema.createTable('local_customers', (t) => {
      t.text('id').primary();
      t.text('email').notNullable();
      t.text('name').notNullable().defaultTo('');
      t.text('default_payment_method').nullable();
      t.jsonb('metadata').notNullable().defaultTo('{}');
      t.timestamp('created', { useTz: true }).notNullable();
    });
    await knex.schema.createTable('local_setup_intents', (t) => {
      t.text('id').primary();
      t.text('client_secret').notNullable().unique();
      t.text('customer').notNullable().references('id').inTable('local_customers');
      t.text('status').notNullable();
      t.text('payment_method').nullable();
      t.jsonb('metadata').notNullable().defaultTo('{}');
      t.timestamp('created', { useTz: true }).notNullable();
    });
    await knex.schema.createTable('local_payment_methods', (t) => {
      t.text('id').primary();
      // The test payment method it was made from, e.g. pm_card_visa.
      t.text('test_card').notNullable();
      t.text('customer').nullable().references('id').inTable('local_customers');
      t.text('brand').notNullable();
      t.text('last4').notNullable();
      t.integer('exp_month').notNullable();
      t.integer('exp_year').notNullable();
      t.text('cardholder_name').notNullable().defaultTo('');
      t.timestamp('created', { useTz: true }).notNullable();
    });
    await knex.schema.createTable('local_subscriptions', (t) => {
      t.text('id').primary();
      t.text('customer').notNullable().references('id').inTable('local_customers');
      t.text('status').notNullable();
      t.text('billing_cycle').notNullable();
      t.boolean('is_legacy_pricing').notNullable().defaultTo(false);
      t.text('base_price').notNullable();
      t.text('extra_price').notNullable();
      t.integer('extra_quantity').notNullable().defaultTo(0);
      t.text('default_payment_method').notNullable();
      t.timestamp('billing_cycle_anchor', { useTz: true }).notNullable();
      // Periods are counted from the anchor, so month ends stay put (Jan 31, Feb 28, Mar 31).
      t.integer('period_index').notNullable().defaultTo(0);
      t.timestamp('current_period_start', { useTz: true }).notNullable();
      t.timestamp('current_period_end', { useTz: true }).notNullable();
      t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
      t.timestamp('canceled_at', { useTz: true }).nullable();
      t.timestamp('ended_at', { useTz: true }).nullable();
      t.integer('coupon_percent_off').notNullable().defaultTo(0);
      t.integer('coupon_duration_months').notNullable().defaultTo(0);
      t.text('latest_invoice').nullable();
      t.jsonb('metadata').notNullable().defaultTo('{}');
      t.timestamp('created', { useTz: true }).notNullable();
    });
    await knex.raw('create sequence local_invoice_numbers');
    await knex.schema.createTable('local_invoices', (t) => {
      t.text('id').primary();
      t.text('number').notNullable().unique();
      t.text('customer').notNullable().references('id').inTable('local_customers');
      t.text('subscription').notNullable().references('id').inTable('local_subscriptions');
      // paid, or open when the charge failed
      t.text('status').notNullable();
      t.integer('amount_due').notNullable();
      t.integer('amount_paid').notNullable();
      t.text('currency').notNullable();
      t.timestamp('period_start', { useTz: true }).notNullable();
      t.timestamp('period_end', { useTz: true }).notNullable();
      t.jsonb('lines').notNullable();
      t.integer('attempt_count').notNullable().defaultTo(0);
      t.text('last_payment_error').nullable();
      t.jsonb('metadata').notNullable().defaultTo('{}');
      t.timestamp('created', { useTz: true }).notNullable();
    });
    await knex.schema.createTable('local_checkout_sessions', (t) => {
      t.text('id').primary();
      t.text('customer').notNullable().references('id').inTable('local_customers');
      // open, complete or expired
      t.text('status').notNullable();
      t.text('billing_cycle').notNullable();
      t.text('success_url').notNullable();
      t.text('cancel_url').notNullable();
      t.text('subscription').nullable();
      t.jsonb('metadata').notNullable().defaultTo('{}');
      t.timestamp('created', { useTz: true }).notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
    });
    // Stripe-shaped events in the order they happened; delivered to billing's
    // event handler the way Stripe delivers webhooks (retried until handled).
    await knex.schema.createTable('local_events', (t) => {
      t.bigIncrements('seq');
      t.text('id').notNullable().unique();
      t.text('type').notNullable();
      t.jsonb('payload').notNullable();
      t.timestamp('created', { useTz: true }).notNullable();
      t.timestamp('delivered_at', { useTz: true }).nullable();
      t.integer('attempts').notNullable().defaultTo(0);
    });
  },
  async down(knex) {
    for (const table of [
      'local_events',
      'local_checkout_sessions',
      'local_invoices',
      'local_subscriptions',
      'local_payment_methods',
      'local_setup_intents',
      'local_customers',
    ]) {
      await knex.schema.dropTable(table);
    }
    await knex.raw('drop sequence local_invoice_numbers');
  },
};

import type { Migration } from '@chorus/service-kit';

/**
 * Team seats: the billable members of a product (collaborators, admins and
 * roadmap editors; viewers are free) as catalog counts them, and the seat
 * quantity the provider bills on the product's subscription. The local
 * provider keeps a seat item on its subscriptions and, as Stripe does with
 * proration, pending invoice items that the next invoice picks up.
 */
export const teamSeats: Migration = {
  name: '0004_team_seats',
  async up(knex) {
    await knex.schema.alterTable('products', (t) => {
      // Catalog's count after its latest membership change, and when that change took effect.
      t.integer('billable_seats').notNullable().defaultTo(0);
      t.timestamp('seats_effective_at', { useTz: true }).nullable();
    });
    await knex.schema.alterTable('subscriptions', (t) => {
      // The seat quantity on the provider's subscription.
      t.integer('seats').notNullable().defaultTo(0);
    });
    await knex.schema.alterTable('local_subscriptions', (t) => {
      t.text('seat_price').nullable();
      t.integer('seat_quantity').notNullable().defaultTo(0);
    });
    // Stripe's pending invoice items: prorations waiting for the next invoice.
    await knex.schema.createTable('local_invoice_items', (t) => {
      t.text('id').primary();
      t.text('customer').notNullable().references('id').inTable('local_customers');
      t.text('subscription').notNullable().references('id').inTable('local_subscriptions');
      t.text('description').notNullable();
      t.integer('quantity').notNullable();
      t.integer('amount').notNullable();
      t.text('price').notNullable();
      t.boolean('proration').notNullable().defaultTo(true);
      t.timestamp('period_start', { useTz: true }).notNullable();
      t.timestamp('period_end', { useTz: true }).notNullable();
      // Set once an invoice includes the item.
      t.text('invoice').nullable().references('id').inTable('local_invoices');
      t.timestamp('created', { useTz: true }).notNullable();
      t.index(['subscription', 'invoice']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('local_invoice_items');
    await knex.schema.alterTable('local_subscriptions', (t) => {
      t.dropColumn('seat_quantity');
      t.dropColumn('seat_price');
    });
    await knex.schema.alterTable('subscriptions', (t) => t.dropColumn('seats'));
    await knex.schema.alterTable('products', (t) => {
      t.dropColumn('seats_effective_at');
      t.dropColumn('billable_seats');
    });
  },
};

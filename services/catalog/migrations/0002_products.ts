import type { Migration } from '@chorus/service-kit';

export const products: Migration = {
  name: '0002_products',
  async up(knex) {
    await knex.schema.createTable('products', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      // The owner, from identity; every query of a product names it.
      t.text('user_id').notNullable().index();
      t.text('name').notNullable();
      t.text('description').nullable();
      // Lower case, e.g. "real estate".
      t.text('industry').nullable();
      t.text('subscription_status').notNullable().defaultTo('inactive');
      t.text('billing_cycle').notNullable().defaultTo('monthly');
      t.timestamp('subscription_start_date', { useTz: true }).nullable().defaultTo(knex.fn.now());
      t.timestamp('subscription_end_date', { useTz: true }).nullable();
      t.decimal('base_user_rate', 10, 2).notNullable().defaultTo('25.00');
      t.integer('annual_discount').notNullable().defaultTo(10);
      t.integer('collaborator_count').notNullable().defaultTo(0);
      t.integer('max_collaborators').notNullable().defaultTo(50);
      // Kept equal to the product's rows in user_personas, in the same transaction.
      t.integer('persona_count').notNullable().defaultTo(0);
      t.integer('max_free_personas').notNullable().defaultTo(10);
      t.decimal('extra_persona_cost', 10, 2).notNullable().defaultTo('2.00');
      t.boolean('is_legacy_pricing').notNullable().defaultTo(false);
      // Payment-provider references, mirrored from billing's SubscriptionChanged.
      t.text('stripe_customer_id').nullable();
      t.text('stripe_subscription_id').nullable();
      t.text('stripe_price_id').nullable();
      t.timestamps(true, true, false);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('products');
  },
};

import type { Migration } from '@chorus/service-kit';

/**
 * The subscription's promo code discount, mirrored from billing's
 * SubscriptionChanged: the product views price with it while it runs, so My
 * Products, the dashboard and the Personas page say what the Billing page
 * says. Null where the subscription has no promo.
 */
export const productPromo: Migration = {
  name: '0013_product_promo',
  async up(knex) {
    await knex.schema.alterTable('products', (t) => {
      t.integer('promo_discount_percent').nullable();
      t.integer('promo_duration_months').nullable();
      t.timestamp('promo_started_at', { useTz: true }).nullable();
    });
  },
  async down(knex) {
    await knex.schema.alterTable('products', (t) => {
      t.dropColumn('promo_discount_percent');
      t.dropColumn('promo_duration_months');
      t.dropColumn('promo_started_at');
    });
  },
};

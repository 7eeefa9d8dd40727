import type { Migration } from '@chorus/service-kit';

// The business profile's columns as they were when this migration was
// written (the field catalogue in @chorus/contracts may grow later; a new
// field gets a new migration). All are free text except years_in_operation.
const textColumns = [
  'company_name',
  'industry',
  'business_model',
  'employee_count',
  'annual_revenue',
  'locations',
  'primary_products',
  'unique_selling_points',
  'competitive_advantages',
  'market_positioning',
  'geographic_scope',
  'market_size',
  'primary_markets',
  'secondary_markets',
  'market_share',
  'customer_demographics',
  'customer_psychographics',
  'customer_behaviors',
  'segment_sizes',
  'direct_competitors',
  'indirect_competitors',
  'market_differentiation',
  'distribution_channels',
  'sales_processes',
  'customer_acquisition',
  'service_delivery',
  'operational_scale',
  'digital_presence',
  'ecommerce_capabilities',
  'crm_systems',
  'marketing_automation',
  'data_collection',
  'pricing_models',
  'avg_transaction_value',
  'customer_lifetime_value',
  'payment_methods',
  'customer_touchpoints',
  'customer_journey',
  'decision_making_process',
  'purchase_cycles',
  'customer_support',
  'service_level_agreements',
  'quality_metrics',
  'revenue_streams',
  'profitability',
  'growth_trajectory',
  'investment_capacity',
  'acquisition_costs',
  'retention_rates',
  'satisfaction_scores',
  'referral_patterns',
];

export const businessProfiles: Migration = {
  name: '0003_business_profiles',
  async up(knex) {
    await knex.schema.createTable('business_profiles', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      // One profile per product, gone with the product.
      t.text('product_id')
        .notNullable()
        .unique()
        .references('id')
        .inTable('products')
        .onDelete('CASCADE');
      for (const column of textColumns) t.text(column).nullable();
      t.integer('years_in_operation').nullable();
      for (const column of [...textColumns, 'years_in_operation']) {
        t.boolean(`${column}_unknown`).notNullable().defaultTo(false);
      }
      t.timestamps(true, true, false);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('business_profiles');
  },
};

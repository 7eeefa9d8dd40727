import type { Knex, Migration } from '@chorus/service-kit';

const id = (knex: Knex, t: Knex.CreateTableBuilder) =>
  t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));

/**
 * Everything hangs off a roadmap with ON DELETE CASCADE, so deleting a
 * roadmap (or every roadmap of a deleted product) removes its items, their
 * shares, comparisons, all feedback and the collaborators in one statement.
 */
export const roadmaps: Migration = {
  name: '0002_roadmaps',
  async up(knex) {
    await knex.schema.createTable('roadmaps', (t) => {
      id(knex, t);
      // Ids owned by the catalog and identity services: no foreign keys across services.
      t.text('product_id').notNullable();
      t.text('user_id').notNullable();
      t.text('name').notNullable();
      t.text('description').nullable();
      t.text('timeline_type').notNullable().defaultTo('quarterly');
      // The create form only requires a name, so a roadmap may start without dates.
      t.date('start_date').nullable();
      t.date('end_date').nullable();
      t.text('status').notNullable().defaultTo('active');
      t.boolean('is_template').notNullable().defaultTo(false);
      t.text('template_name').nullable();
      t.timestamps(true, true, false);
      t.index(['user_id', 'product_id', 'updated_at']);
      t.index(['product_id']);
    });

    await knex.schema.createTable('roadmap_items', (t) => {
      id(knex, t);
      t.text('roadmap_id').notNullable().references('roadmaps.id').onDelete('CASCADE');
      t.text('title').notNullable();
      t.text('description').nullable();
      t.text('priority').notNullable().defaultTo('P2');
      t.text('status').notNullable().defaultTo('planned');
      t.text('assigned_to').nullable();
      t.date('start_date').nullable();
      t.date('end_date').nullable();
      // JSON lists kept as text, as the data model says.
      t.text('tags').notNullable().defaultTo('[]');
      t.text('target_personas').notNullable().defaultTo('[]');
      t.text('dependencies').notNullable().defaultTo('[]');
      t.integer('position').notNullable().defaultTo(0);
      t.timestamps(true, true, false);
      t.index(['roadmap_id', 'position']);
    });

    await knex.schema.createTable('feature_shares', (t) => {
      id(knex, t);
      t.text('roadmap_item_id').notNullable().references('roadmap_items.id').onDelete('CASCADE');
      t.text('shared_by').nullable();
      t.jsonb('persona_ids').notNullable();
      t.text('share_token').notNullable().unique();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.boolean('allow_comments').notNullable().defaultTo(true);
      t.text('feedback_type').notNullable().defaultTo('rating');
      t.boolean('is_active').notNullable().defaultTo(true);
      t.integer('access_count').notNullable().defaultTo(0);
      t.integer('response_count').notNullable().defaultTo(0);
      t.timestamps(true, true, false);
      t.index(['roadmap_item_id']);
    });

    await knex.schema.createTable('feature_comparisons', (t) => {
      id(knex, t);
      t.text('roadmap_id').notNullable().references('roadmaps.id').onDelete('CASCADE');
      t.text('created_by').nullable();
      t.text('title').notNullable();
      t.text('description').nullable();
      t.jsonb('roadmap_item_ids').notNullable();
      t.jsonb('persona_ids').notNullable();
      t.text('comparison_type').notNullable().defaultTo('ranking');
      t.text('share_token').nullable().unique();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.boolean('is_active').notNullable().defaultTo(true);
      t.integer('response_count').notNullable().defaultTo(0);
      t.timestamps(true, true, false);
      t.index(['roadmap_id']);
    });

    await knex.schema.createTable('feedback_responses', (t) => {
      id(knex, t);
      t.text('feature_share_id').nullable().references('feature_shares.id').onDelete('CASCADE');
      t.text('feature_comparison_id')
        .nullable()
        .references('feature_comparisons.id')
        .onDelete('CASCADE');
      t.text('respondent_name').nullable();
      t.text('respondent_email').nullable();
      t.text('persona_id').nullable();
      t.jsonb('response_data').notNullable();
      t.text('sentiment').nullable();
      t.text('ip_address').nullable();
      t.text('user_agent').nullable();
      t.timestamps(true, true, false);
      t.index(['feature_share_id']);
      t.index(['feature_comparison_id']);
    });
    // The values the API accepts, so nothing else can creep in.
    await knex.raw(
      `alter table roadmaps add constraint roadmaps_timeline_type
         check (timeline_type in ('quarterly', 'monthly', 'weekly'))`,
    );
    await knex.raw(
      `alter table roadmap_items
         add constraint roadmap_items_priority check (priority in ('P0', 'P1', 'P2', 'P3')),
         add constraint roadmap_items_status
           check (status in ('unplanned', 'planned', 'in_progress', 'completed', 'cancelled'))`,
    );
    // Feedback answers exactly one share or one comparison.
    await knex.raw(
      'alter table feedback_responses add constraint feedback_responses_one_parent ' +
        'check (num_nonnulls(feature_share_id, feature_comparison_id) = 1)',
    );

    await knex.schema.createTable('roadmap_collaborators', (t) => {
      id(knex, t);
      t.text('roadmap_id').notNullable().references('roadmaps.id').onDelete('CASCADE');
      t.text('user_id').notNullable();
      t.text('permission').notNullable().defaultTo('view');
      t.text('invited_by').nullable();
      t.timestamp('invited_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('accepted_at', { useTz: true }).nullable();
      t.unique(['roadmap_id', 'user_id']);
      t.index(['user_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('roadmap_collaborators');
    await knex.schema.dropTable('feedback_responses');
    await knex.schema.dropTable('feature_comparisons');
    await knex.schema.dropTable('feature_shares');
    await knex.schema.dropTable('roadmap_items');
    await knex.schema.dropTable('roadmaps');
  },
};

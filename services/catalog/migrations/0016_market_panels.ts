import type { Migration } from '@chorus/service-kit';

/**
 * Market panels: samples of personas drawn to a population's shares. A
 * panel keeps the population it was drawn to (filters applied), its seed
 * and version, and its personas, built in batches by persona inference
 * (one row per member, so a batch delivered twice is stored once and a
 * build resumes where it stopped). A question asked of a panel keeps its
 * persona answers one row each (`panel_answers`), not in the question's row,
 * so the question's own row and events stay small; it keeps the weighted
 * figures and their cuts (`panel_run`) instead.
 */
export const marketPanels: Migration = {
  name: '0016_market_panels',
  async up(knex) {
    await knex.schema.createTable('market_panels', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      t.text('product_id').notNullable().references('id').inTable('products').onDelete('CASCADE');
      t.text('user_id').notNullable();
      t.text('name').notNullable();
      t.text('base_frame_id').notNullable();
      // The population drawn to, filters applied (research's PopulationFrame).
      t.jsonb('frame').notNullable();
      t.jsonb('filters').notNullable().defaultTo('[]');
      t.integer('size').notNullable();
      t.integer('seed').notNullable();
      t.integer('version').notNullable().defaultTo(1);
      // building, ready or failed
      t.text('status').notNullable().defaultTo('building');
      t.integer('batches').notNullable();
      t.text('error_reason').nullable();
      t.text('engine').notNullable().defaultTo('local');
      t.decimal('cost_usd', 14, 6).notNullable().defaultTo(0);
      // Once ready: the make-up against the population and the weights' summary.
      t.jsonb('make_up').notNullable().defaultTo('[]');
      t.jsonb('gaps').notNullable().defaultTo('[]');
      t.jsonb('weights').nullable();
      // When the build's batches were last requested (the sweep asks again after a wait).
      t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['product_id', 'created_at']);
      t.index(['status']);
    });
    await knex.schema.createTable('panel_personas', (t) => {
      t.text('panel_id')
        .notNullable()
        .references('id')
        .inTable('market_panels')
        .onDelete('CASCADE');
      t.integer('version').notNullable();
      t.integer('index').notNullable();
      // The member's level of each of the frame's traits.
      t.jsonb('traits').notNullable();
      // The built persona (inference's PersonaProfile, as JSON).
      t.jsonb('profile').notNullable();
      // The raking weight, set once the panel is ready (mean 1).
      t.double('weight').notNullable().defaultTo(1);
      t.primary(['panel_id', 'version', 'index']);
    });
    await knex.schema.alterTable('questions', (t) => {
      t.text('panel_id').nullable().references('id').inTable('market_panels').onDelete('SET NULL');
      t.integer('panel_version').nullable();
      // The panel's name and population when asked, and the weighted figures once complete.
      t.jsonb('panel_run').nullable();
      // The chosen personas' answers weighted to this population (a frame id).
      t.text('weight_frame').nullable();
      t.index(['panel_id']);
    });
    await knex.schema.createTable('panel_answers', (t) => {
      t.text('question_id').notNullable().references('id').inTable('questions').onDelete('CASCADE');
      t.integer('seed').notNullable();
      t.integer('index').notNullable();
      t.text('opinion').notNullable();
      // What the list is searched by: the persona's name, occupation, place and answer.
      t.text('search_text').notNullable();
      t.jsonb('response').notNullable();
      t.primary(['question_id', 'seed', 'index']);
    });
    // Each part of a panel question's run, recorded once with what it cost.
    await knex.schema.createTable('panel_question_parts', (t) => {
      t.text('question_id').notNullable().references('id').inTable('questions').onDelete('CASCADE');
      t.integer('seed').notNullable();
      t.integer('part').notNullable();
      t.jsonb('run_details').nullable();
      t.primary(['question_id', 'seed', 'part']);
    });
    // A panel's build costs are spend of the month too, recorded once per batch.
    await knex.schema.alterTable('question_usage', (t) => {
      t.text('usage_key').nullable().unique();
    });
  },
  async down(knex) {
    await knex.schema.alterTable('question_usage', (t) => {
      t.dropColumn('usage_key');
    });
    await knex.schema.dropTable('panel_question_parts');
    await knex.schema.dropTable('panel_answers');
    await knex.schema.alterTable('questions', (t) => {
      t.dropColumn('panel_id');
      t.dropColumn('panel_version');
      t.dropColumn('panel_run');
      t.dropColumn('weight_frame');
    });
    await knex.schema.dropTable('panel_personas');
    await knex.schema.dropTable('market_panels');
  },
};

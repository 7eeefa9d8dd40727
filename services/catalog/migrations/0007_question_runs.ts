import type { Migration } from '@chorus/service-kit';

/**
 * Runs of a question (seed, run details, earlier runs), the answers stored
 * while it is being answered, what each run cost, and a product's monthly
 * budget for questions.
 */
export const questionRuns: Migration = {
  name: '0007_question_runs',
  async up(knex) {
    await knex.schema.alterTable('questions', (t) => {
      // The current run's seed: 1 for the first run, the next for each re-run.
      t.integer('seed').notNullable().defaultTo(1);
      // Also asked in a neutral and a reversed framing.
      t.boolean('check_wording').notNullable().defaultTo(false);
      // RunDetails of @chorus/contracts once the run is complete.
      t.jsonb('run_details').nullable();
      // PastRun[] of @chorus/contracts, oldest first.
      t.jsonb('previous_runs').notNullable().defaultTo('[]');
      // Personas asked in the current run; responses holds those answered so far.
      t.integer('progress_total').notNullable().defaultTo(0);
    });
    // One row per answered run: a month's spend counts deleted questions too.
    await knex.schema.createTable('question_usage', (t) => {
      t.bigIncrements('id');
      t.text('product_id').notNullable().references('id').inTable('products').onDelete('CASCADE');
      t.text('question_id').notNullable();
      t.integer('seed').notNullable();
      t.decimal('cost_usd', 14, 6).notNullable().defaultTo(0);
      t.integer('input_tokens').notNullable().defaultTo(0);
      t.integer('output_tokens').notNullable().defaultTo(0);
      t.integer('model_calls').notNullable().defaultTo(0);
      t.integer('cached_answers').notNullable().defaultTo(0);
      t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      // A run is recorded once, however often its answer is delivered.
      t.unique(['question_id', 'seed']);
      t.index(['product_id', 'recorded_at']);
    });
    await knex.schema.createTable('question_budgets', (t) => {
      t.text('product_id').primary().references('id').inTable('products').onDelete('CASCADE');
      t.decimal('monthly_budget_usd', 14, 2).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex) {
    await knex.schema.dropTable('question_budgets');
    await knex.schema.dropTable('question_usage');
    await knex.schema.alterTable('questions', (t) => {
      t.dropColumn('seed');
      t.dropColumn('check_wording');
      t.dropColumn('run_details');
      t.dropColumn('previous_runs');
      t.dropColumn('progress_total');
    });
  },
};

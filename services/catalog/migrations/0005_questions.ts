import type { Migration } from '@chorus/service-kit';

export const questions: Migration = {
  name: '0005_questions',
  async up(knex) {
    await knex.schema.createTable('questions', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      t.text('user_id').notNullable();
      t.text('product_id').notNullable().references('id').inTable('products').onDelete('CASCADE');
      t.text('question_text').notNullable();
      // pending -> processing -> complete | error; never back.
      t.text('status').notNullable().defaultTo('pending');
      // One entry per persona, in the response schema of @chorus/contracts.
      t.jsonb('responses').notNullable().defaultTo('[]');
      // { positive, neutral, negative, keyInsight } once complete.
      t.jsonb('aggregated_results').nullable();
      t.text('error_reason').nullable();
      t.timestamps(true, true, false);
      // The questions page lists a product's questions newest first.
      t.index(['product_id', 'created_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('questions');
  },
};

import type { Migration } from '@chorus/service-kit';

/**
 * Real answers of real customers to a question, uploaded to see how close the
 * persona panel came (the fidelity card). One upload per question: a new one
 * replaces the old; deleting the question deletes its calibration.
 */
export const calibrations: Migration = {
  name: '0008_calibrations',
  async up(knex) {
    await knex.schema.createTable('calibrations', (t) => {
      t.text('question_id').primary().references('id').inTable('questions').onDelete('CASCADE');
      t.text('product_id').notNullable().references('id').inTable('products').onDelete('CASCADE');
      t.text('user_id').notNullable();
      t.text('source').notNullable().defaultTo('csv');
      // 'opinion' or 'rating': which column the answers were read from.
      t.text('answer_column').notNullable();
      t.text('file_name').notNullable();
      // RealAnswer[] of @chorus/contracts, every cell kept as text.
      t.jsonb('answers').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['product_id', 'created_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('calibrations');
  },
};

import type { Migration } from '@chorus/service-kit';

/** Follow-up interviews: each turn of a conversation with one persona of a question. */
export const followUps: Migration = {
  name: '0009_follow_ups',
  async up(knex) {
    await knex.schema.createTable('follow_up_turns', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      // Deleted with its question.
      t.text('question_id').notNullable().references('id').inTable('questions').onDelete('CASCADE');
      t.text('product_id').notNullable();
      t.text('persona_id').notNullable();
      t.text('persona_name').notNullable();
      // asker or persona
      t.text('role').notNullable();
      t.text('text').notNullable().defaultTo('');
      // complete; a persona's reply: writing, partial (the stream broke) or failed
      t.text('status').notNullable();
      t.text('error').nullable();
      // A persona's reply: the asker's message it answers.
      t.text('reply_to').nullable();
      t.timestamps(true, true, false);
      t.index(['question_id', 'created_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('follow_up_turns');
  },
};

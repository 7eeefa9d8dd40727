import type { Migration } from '@chorus/service-kit';

/**
 * What asking a question again needs: when it was last handed to inference,
 * how often, and which personas it was asked of.
 */
export const questionAttempts: Migration = {
  name: '0006_question_attempts',
  async up(knex) {
    await knex.schema.alterTable('questions', (t) => {
      // Each QuestionAsked published for the question, the first included.
      t.integer('attempts').notNullable().defaultTo(1);
      // The last QuestionAsked; the sweep measures the wait from here.
      t.timestamp('asked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      // The personas (user_personas ids) asked; empty: every persona of the product.
      t.jsonb('persona_ids').notNullable().defaultTo('[]');
    });
    // Questions already waiting count from when they were asked, so one
    // stuck before this change is picked up by the first sweep.
    await knex('questions').update({ asked_at: knex.ref('created_at') });
    // The sweep reads only the unfinished questions, oldest ask first.
    await knex.raw(
      `create index questions_unfinished_asked_at on questions (asked_at)
       where status in ('pending', 'processing')`,
    );
  },
  async down(knex) {
    await knex.raw('drop index if exists questions_unfinished_asked_at');
    await knex.schema.alterTable('questions', (t) => {
      t.dropColumn('attempts');
      t.dropColumn('asked_at');
      t.dropColumn('persona_ids');
    });
  },
};

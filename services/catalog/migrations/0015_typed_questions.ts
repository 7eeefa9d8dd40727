import type { Migration } from '@chorus/service-kit';

/**
 * Typed questions and studies: a question keeps its type's settings (null:
 * the open opinion question) and the figures computed once when its answers
 * were stored; a study groups the linked questions asked about one offer.
 */
export const typedQuestions: Migration = {
  name: '0015_typed_questions',
  async up(knex) {
    await knex.schema.createTable('studies', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      t.text('product_id').notNullable().references('id').inTable('products').onDelete('CASCADE');
      t.text('user_id').notNullable();
      t.text('name').notNullable();
      t.text('offer').notNullable().defaultTo('');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['product_id', 'created_at']);
    });
    await knex.schema.alterTable('questions', (t) => {
      t.jsonb('spec').nullable();
      t.jsonb('typed_result').nullable();
      t.jsonb('segment_cuts').notNullable().defaultTo('[]');
      t.jsonb('typed_drift').nullable();
      t.text('study_id').nullable().references('id').inTable('studies').onDelete('SET NULL');
      // The question's place in its study, as the customer gave them.
      t.integer('study_position').notNullable().defaultTo(0);
      t.index(['study_id']);
    });
    // Share links of typed questions: the token's SHA-256 only, one answer set per browser.
    await knex.schema.createTable('question_links', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      t.text('product_id').notNullable().references('id').inTable('products').onDelete('CASCADE');
      t.text('user_id').notNullable();
      t.text('study_id').nullable().references('id').inTable('studies').onDelete('CASCADE');
      t.jsonb('question_ids').notNullable();
      t.text('title').notNullable();
      t.text('token_hash').notNullable().unique();
      t.boolean('is_active').notNullable().defaultTo(true);
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['product_id', 'created_at']);
    });
    await knex.schema.createTable('question_link_responses', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      t.text('link_id')
        .notNullable()
        .references('id')
        .inTable('question_links')
        .onDelete('CASCADE');
      t.text('respondent_hash').notNullable();
      // [{ questionId, answer }]: each answer one draw of the type's answer.
      t.jsonb('answers').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['link_id', 'respondent_hash']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('question_link_responses');
    await knex.schema.dropTable('question_links');
    await knex.schema.alterTable('questions', (t) => {
      t.dropColumn('spec');
      t.dropColumn('typed_result');
      t.dropColumn('segment_cuts');
      t.dropColumn('typed_drift');
      t.dropColumn('study_id');
      t.dropColumn('study_position');
    });
    await knex.schema.dropTable('studies');
  },
};

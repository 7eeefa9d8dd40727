import type { Migration } from '@chorus/service-kit';

/**
 * Follow-up replies cost model tokens too: each reply's usage is a row of
 * question_usage (so the month's spend and the budget count it), keyed by the
 * reply instead of the run's seed.
 */
export const followUpUsage: Migration = {
  name: '0011_follow_up_usage',
  async up(knex) {
    await knex.schema.alterTable('question_usage', (t) => {
      t.text('reply_id').nullable().unique();
      t.integer('seed').nullable().alter();
    });
  },
  async down(knex) {
    await knex('question_usage').whereNotNull('reply_id').delete();
    await knex.schema.alterTable('question_usage', (t) => {
      t.dropColumn('reply_id');
      t.integer('seed').notNullable().alter();
    });
  },
};

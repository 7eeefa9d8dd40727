import type { Migration } from '@chorus/service-kit';

/**
 * Share links for people: the feature shares and comparisons personas answer
 * also carry public links that real people answer. `audience` tells them
 * apart; for a people link `share_token` holds the SHA-256 of the token, by
 * which the public routes find it (0011 keeps the token for its owner). A
 * person's response carries a hash of their browser's cookie (one response
 * per browser per link, a second replaces the first) and a salted hash of
 * their IP, never the IP.
 */
export const shareLinks: Migration = {
  name: '0010_share_links',
  async up(knex) {
    await knex.schema.alterTable('feature_shares', (t) => {
      t.text('audience').notNullable().defaultTo('personas');
      t.text('product_name').nullable();
    });
    await knex.schema.alterTable('feature_comparisons', (t) => {
      t.text('audience').notNullable().defaultTo('personas');
      t.text('product_name').nullable();
      t.boolean('allow_comments').notNullable().defaultTo(true);
      t.integer('access_count').notNullable().defaultTo(0);
    });
    await knex.schema.alterTable('feedback_responses', (t) => {
      t.text('respondent_key').nullable();
      t.text('ip_hash').nullable();
      t.text('comment').nullable();
    });
    await knex.raw(
      `alter table feature_shares add constraint feature_shares_audience
         check (audience in ('personas', 'people')),
       add constraint feature_shares_feedback_type
         check (feedback_type in ('rating', 'thumbs', 'text'))`,
    );
    await knex.raw(
      `alter table feature_comparisons add constraint feature_comparisons_audience
         check (audience in ('personas', 'people'))`,
    );
    // One response per browser per link: the upsert's conflict target.
    await knex.raw(
      `create unique index feedback_responses_share_respondent
         on feedback_responses (feature_share_id, respondent_key)
         where respondent_key is not null and feature_share_id is not null`,
    );
    await knex.raw(
      `create unique index feedback_responses_comparison_respondent
         on feedback_responses (feature_comparison_id, respondent_key)
         where respondent_key is not null and feature_comparison_id is not null`,
    );
    await knex.raw(
      'create index feature_comparisons_token on feature_comparisons (share_token) where share_token is not null',
    );
  },
  async down(knex) {
    await knex.raw('drop index if exists feature_comparisons_token');
    await knex.raw('drop index if exists feedback_responses_comparison_respondent');
    await knex.raw('drop index if exists feedback_responses_share_respondent');
    await knex.raw('alter table feature_comparisons drop constraint feature_comparisons_audience');
    await knex.raw(
      'alter table feature_shares drop constraint feature_shares_audience, drop constraint feature_shares_feedback_type',
    );
    await knex.schema.alterTable('feedback_responses', (t) => {
      t.dropColumn('respondent_key');
      t.dropColumn('ip_hash');
      t.dropColumn('comment');
    });
    await knex.schema.alterTable('feature_comparisons', (t) => {
      t.dropColumn('audience');
      t.dropColumn('product_name');
      t.dropColumn('allow_comments');
      t.dropColumn('access_count');
    });
    await knex.schema.alterTable('feature_shares', (t) => {
      t.dropColumn('audience');
      t.dropColumn('product_name');
    });
  },
};

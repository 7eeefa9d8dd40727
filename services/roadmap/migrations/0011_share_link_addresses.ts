import type { Migration } from '@chorus/service-kit';

/**
 * A people link's token, kept for its owner so the link can be copied again
 * from the list later (a share token is meant to be handed out; it guards no
 * account). Public lookups still go by the token's hash in `share_token`.
 * Links made before have no address kept: their owner is told to make a new one.
 */
export const shareLinkAddresses: Migration = {
  name: '0011_share_link_addresses',
  async up(knex) {
    for (const table of ['feature_shares', 'feature_comparisons']) {
      await knex.schema.alterTable(table, (t) => {
        t.text('owner_token').nullable();
      });
    }
  },
  async down(knex) {
    for (const table of ['feature_shares', 'feature_comparisons']) {
      await knex.schema.alterTable(table, (t) => {
        t.dropColumn('owner_token');
      });
    }
  },
};

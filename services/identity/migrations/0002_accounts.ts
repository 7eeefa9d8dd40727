import type { Migration } from '@chorus/service-kit';

export const accounts: Migration = {
  name: '0002_accounts',
  async up(knex) {
    await knex.schema.createTable('users', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      t.text('email').notNullable().unique();
      t.text('password').notNullable();
      // Hash of the outstanding reset token (never the token itself) and when it lapses.
      t.text('reset_token').nullable().unique();
      t.timestamp('reset_token_expiry', { useTz: true }).nullable();
      t.text('first_name').notNullable();
      t.text('last_name').notNullable();
      t.text('profile_image_url').nullable();
      t.boolean('friend_of_ours').notNullable().defaultTo(false);
      t.text('promo_code').nullable();
      t.integer('discount_percent').notNullable().defaultTo(0);
      t.timestamp('promo_expires_at', { useTz: true }).nullable();
      t.timestamps(true, true, false);
    });
    await knex.schema.createTable('admin_users', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      t.text('email').notNullable().unique();
      t.text('password').notNullable();
      t.text('role').notNullable().defaultTo('admin');
      t.timestamps(true, true, false);
    });
    // One row per issued access token; a revoked row stays until the token
    // would have expired so every gateway can keep refusing it.
    await knex.schema.createTable('sessions', (t) => {
      t.text('sid').primary();
      t.jsonb('sess').notNullable();
      t.timestamp('expire', { useTz: true }).notNullable().index();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('sessions');
    await knex.schema.dropTable('admin_users');
    await knex.schema.dropTable('users');
  },
};

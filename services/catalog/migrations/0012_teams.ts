import type { Migration } from '@chorus/service-kit';

/**
 * Teams: the people a product is shared with (`collaborators`, one row per
 * invitation, whatever became of it) and the log of every change to them
 * (`collaboration_audit_log`). A roadmap shared on its own is a row with role
 * 'roadmap' and `permissions` = {roadmapId, roadmapName, permission}.
 * products.collaborator_count (accepted, active rows) and
 * products.billable_seats (those of them that are billed) are kept in the
 * same transaction as every change, so the hot path reads them from the
 * product cache.
 */
export const teams: Migration = {
  name: '0012_teams',
  async up(knex) {
    await knex.schema.alterTable('products', (t) => {
      t.integer('billable_seats').notNullable().defaultTo(0);
    });
    await knex.schema.createTable('collaborators', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      t.text('product_id').notNullable().references('id').inTable('products').onDelete('CASCADE');
      t.text('inviter_user_id').notNullable();
      t.text('inviter_name').notNullable().defaultTo('');
      // Known once the invitation is accepted.
      t.text('collaborator_user_id').nullable();
      t.text('member_name').nullable();
      // Lower case.
      t.text('email').notNullable();
      // SHA-256 (hex) of the token sent in the link; the token itself is never stored.
      t.text('invitation_token').notNullable().unique();
      t.text('invitation_status').notNullable().defaultTo('pending');
      t.timestamp('invited_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('accepted_at', { useTz: true }).nullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.text('role').notNullable().defaultTo('collaborator');
      t.jsonb('permissions').nullable();
      t.boolean('is_active').notNullable().defaultTo(true);
      t.boolean('is_billable').notNullable().defaultTo(true);
      t.text('stripe_subscription_item_id').nullable();
      t.timestamp('billing_start_date', { useTz: true }).nullable();
      t.timestamp('billing_end_date', { useTz: true }).nullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['product_id', 'invited_at']);
    });
    await knex.raw(`
      ALTER TABLE collaborators
        ADD CONSTRAINT collaborators_role_check
          CHECK (role IN ('viewer', 'collaborator', 'admin', 'roadmap')),
        ADD CONSTRAINT collaborators_status_check
          CHECK (invitation_status IN
            ('pending', 'accepted', 'expired', 'revoked', 'declined', 'removed', 'left'))`);
    // Every GetAccess and My Products of a member reads this (then caches it).
    await knex.raw(`
      CREATE INDEX collaborators_memberships ON collaborators (collaborator_user_id)
        WHERE invitation_status = 'accepted' AND is_active`);
    await knex.raw(`
      CREATE INDEX collaborators_product_email ON collaborators (product_id, lower(email))`);
    // One live invitation or membership per e-mail and scope (the product, or
    // one roadmap of it): two invitations sent at once cannot both land.
    await knex.raw(`
      CREATE UNIQUE INDEX collaborators_one_live ON collaborators
        (product_id, lower(email), coalesce(permissions->>'roadmapId', ''))
        WHERE invitation_status IN ('pending', 'accepted')`);

    await knex.schema.createTable('collaboration_audit_log', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      t.text('product_id').notNullable().references('id').inTable('products').onDelete('CASCADE');
      t.text('collaborator_id')
        .nullable()
        .references('id')
        .inTable('collaborators')
        .onDelete('SET NULL');
      t.text('action_type').notNullable();
      // Empty for an invitee declining signed out.
      t.text('action_by_user_id').notNullable();
      t.text('action_by_name').notNullable().defaultTo('');
      t.jsonb('action_details').nullable();
      t.text('affected_email').nullable();
      t.jsonb('previous_state').nullable();
      t.jsonb('new_state').nullable();
      // Dollars per month the change adds or removes.
      t.decimal('billing_impact', 10, 2).notNullable().defaultTo('0.00');
      t.timestamp('effective_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['product_id', 'effective_date']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('collaboration_audit_log');
    await knex.schema.dropTable('collaborators');
    await knex.schema.alterTable('products', (t) => {
      t.dropColumn('billable_seats');
    });
  },
};

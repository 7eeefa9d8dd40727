import type { Migration } from '@chorus/service-kit';

/** Every admin action: who (admin id and e-mail at the time), what (action, target, details), when. */
export const adminAuditLog: Migration = {
  name: '0003_admin_audit_log',
  async up(knex) {
    await knex.schema.createTable('admin_audit_log', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      // No foreign key: the record outlives the admin account it names.
      t.text('admin_id').notNullable();
      t.text('admin_email').notNullable();
      t.text('action').notNullable();
      t.text('target').notNullable().defaultTo('');
      t.jsonb('details').notNullable().defaultTo('{}');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['created_at']);
    });
  },
};

import type { Migration } from '@chorus/service-kit';

/**
 * Personas of a business's own customers: templates private to one product
 * (owner_product_id), with where each trait came from (custom, the
 * CustomPersonaFacts of @chorus/contracts). Names identify library templates
 * only; two products may each have a customer called Claire.
 */
export const customPersonas: Migration = {
  name: '0010_custom_personas',
  async up(knex) {
    await knex.schema.alterTable('persona_templates', (t) => {
      // Deleted with its product; its user persona goes with it.
      t.text('owner_product_id')
        .nullable()
        .references('id')
        .inTable('products')
        .onDelete('CASCADE');
      t.jsonb('custom').nullable();
      t.index(['owner_product_id']);
    });
    await knex.raw(
      'alter table persona_templates add constraint persona_templates_custom_owned check ((owner_product_id is null) = (custom is null))',
    );
    await knex.raw('alter table persona_templates drop constraint persona_templates_name_unique');
    await knex.raw(
      'create unique index persona_templates_library_name_unique on persona_templates (name) where owner_product_id is null',
    );
  },
  async down(knex) {
    await knex('persona_templates').whereNotNull('owner_product_id').delete();
    await knex.raw('drop index persona_templates_library_name_unique');
    await knex.raw(
      'alter table persona_templates add constraint persona_templates_name_unique unique (name)',
    );
    await knex.raw('alter table persona_templates drop constraint persona_templates_custom_owned');
    await knex.schema.alterTable('persona_templates', (t) => {
      t.dropIndex(['owner_product_id']);
      t.dropColumn('custom');
      t.dropColumn('owner_product_id');
    });
  },
};

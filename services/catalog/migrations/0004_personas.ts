import type { Migration } from '@chorus/service-kit';

export const personas: Migration = {
  name: '0004_personas',
  async up(knex) {
    await knex.schema.createTable('persona_templates', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      // The library file and the admin form identify templates by name.
      t.text('name').notNullable().unique();
      t.integer('age').notNullable();
      t.text('gender').nullable();
      t.text('occupation').notNullable();
      t.text('location').notNullable();
      t.text('income').notNullable();
      t.integer('iq').nullable();
      t.text('lifestyle').notNullable();
      t.text('motivations').notNullable();
      t.text('personality').notNullable();
      // { economic, world, local, occupation }, each out of 10.
      t.jsonb('safety_scores').notNullable();
      t.boolean('is_active').notNullable().defaultTo(true);
      t.timestamps(true, true, false);
    });
    await knex.schema.createTable('user_personas', (t) => {
      t.text('id').primary().defaultTo(knex.raw('gen_random_uuid()::text'));
      t.text('user_id').notNullable();
      t.text('product_id').notNullable().references('id').inTable('products').onDelete('CASCADE');
      t.text('template_id')
        .notNullable()
        .references('id')
        .inTable('persona_templates')
        .onDelete('CASCADE');
      t.timestamps(true, true, false);
      // Choosing the same template twice keeps one persona.
      t.unique(['product_id', 'template_id']);
      t.index(['template_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('user_personas');
    await knex.schema.dropTable('persona_templates');
  },
};

import type { SafetyScores } from '@chorus/contracts';
import type { Knex } from '@chorus/service-kit';

export interface TemplateRow {
  id: string;
  name: string;
  age: number;
  gender: string | null;
  occupation: string;
  location: string;
  income: string;
  iq: number | null;
  lifestyle: string;
  motivations: string;
  personality: string;
  safety_scores: SafetyScores;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

export type TemplateContent = Omit<TemplateRow, 'id' | 'created_at' | 'updated_at'>;

export interface PersonaRow {
  id: string;
  user_id: string;
  product_id: string;
  template_id: string;
  created_at: Date;
  updated_at: Date;
}

export interface PersonaWithTemplate extends PersonaRow {
  template: TemplateRow;
}

function stored(content: TemplateContent) {
  return { ...content, safety_scores: JSON.stringify(content.safety_scores) };
}

/** Queries of persona_templates and user_personas. */
export class PersonaStore {
  constructor(readonly db: Knex) {}

  listTemplates(options: { activeOnly: boolean }, trx: Knex = this.db): Promise<TemplateRow[]> {
    const query = trx<TemplateRow>('persona_templates').orderBy([
      { column: 'name' },
      { column: 'id' },
    ]);
    return options.activeOnly ? query.where({ is_active: true }) : query;
  }

  findTemplate(id: string, trx: Knex = this.db): Promise<TemplateRow | undefined> {
    return trx<TemplateRow>('persona_templates').where({ id }).first();
  }

  async countTemplates(trx: Knex = this.db): Promise<number> {
    const [row] = await trx('persona_templates').count<{ count: string }[]>({ count: '*' });
    return Number(row?.count ?? 0);
  }

  /** Undefined when the name is taken (the unique index decides). */
  async insertTemplate(trx: Knex, content: TemplateContent): Promise<TemplateRow | undefined> {
    const rows = await trx('persona_templates')
      .insert(stored(content))
      .onConflict('name')
      .ignore()
      .returning<TemplateRow[]>('*');
    return rows[0];
  }

  async updateTemplate(trx: Knex, id: string, content: TemplateContent): Promise<void> {
    await trx('persona_templates')
      .where({ id })
      .update({ ...stored(content), updated_at: trx.fn.now() });
  }

  /** Deletes the template; products that chose it lose that persona (foreign key cascade). */
  async deleteTemplate(trx: Knex, id: string): Promise<boolean> {
    return (await trx('persona_templates').where({ id }).delete()) > 0;
  }

  /** The products that selected a template, with their owners. */
  productsUsingTemplate(
    trx: Knex,
    templateId: string,
  ): Promise<{ product_id: string; user_id: string }[]> {
    return trx('user_personas').where({ template_id: templateId }).select('product_id', 'user_id');
  }

  async listPersonas(productId: string, trx: Knex = this.db): Promise<PersonaWithTemplate[]> {
    const rows = await trx('user_personas as p')
      .join('persona_templates as t', 't.id', 'p.template_id')
      .where('p.product_id', productId)
      .orderBy([{ column: 'p.created_at' }, { column: 'p.id' }])
      .select<(PersonaRow & { template: TemplateRow })[]>(
        'p.*',
        trx.raw('to_jsonb(t.*) as template'),
      );
    return rows.map((row) => ({ ...row, template: templateFromJson(row.template) }));
  }

  async findPersona(
    productId: string,
    templateId: string,
    trx: Knex,
  ): Promise<PersonaRow | undefined> {
    return trx<PersonaRow>('user_personas')
      .where({ product_id: productId, template_id: templateId })
      .first();
  }

  /** Undefined when the product already has this template. */
  async insertPersona(
    trx: Knex,
    persona: Pick<PersonaRow, 'user_id' | 'product_id' | 'template_id'>,
  ): Promise<PersonaRow | undefined> {
    const rows = await trx<PersonaRow>('user_personas')
      .insert(persona)
      .onConflict(['product_id', 'template_id'])
      .ignore()
      .returning('*');
    return rows[0];
  }

  async deletePersona(trx: Knex, productId: string, personaId: string): Promise<boolean> {
    return (
      (await trx('user_personas').where({ id: personaId, product_id: productId }).delete()) > 0
    );
  }

  async countPersonas(trx: Knex, productId: string): Promise<number> {
    const [row] = await trx('user_personas')
      .where({ product_id: productId })
      .count<{ count: string }[]>({ count: '*' });
    return Number(row?.count ?? 0);
  }

  /** Over all products: the personas they selected, and the active templates to choose from. */
  async personaStats(): Promise<{ totalPersonas: number; activeTemplates: number }> {
    const [personas, templates] = await Promise.all([
      this.db('user_personas').count<{ count: string }[]>({ count: '*' }),
      this.db('persona_templates')
        .where({ is_active: true })
        .count<{ count: string }[]>({ count: '*' }),
    ]);
    return {
      totalPersonas: Number(personas[0]?.count ?? 0),
      activeTemplates: Number(templates[0]?.count ?? 0),
    };
  }
}

/** to_jsonb gives timestamps as text; the rest of the row is as the table has it. */
function templateFromJson(json: TemplateRow): TemplateRow {
  return { ...json, created_at: new Date(json.created_at), updated_at: new Date(json.updated_at) };
}

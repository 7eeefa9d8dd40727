import type { CustomPersonaFacts, SafetyScores } from '@chorus/contracts';
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
  /** Set for a persona of a business's own customers: the product it belongs to. */
  owner_product_id: string | null;
  /** Where each trait of a custom persona came from; null for a library template. */
  custom: CustomPersonaFacts | null;
  created_at: Date;
  updated_at: Date;
}

export type TemplateContent = Omit<
  TemplateRow,
  'id' | 'created_at' | 'updated_at' | 'owner_product_id' | 'custom'
>;

/** A custom persona's template: its content, its product and its facts. */
type CustomTemplateContent = TemplateContent & {
  owner_product_id: string;
  custom: CustomPersonaFacts;
};

interface PersonaRow {
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

function stored(content: TemplateContent | CustomTemplateContent) {
  return {
    ...content,
    safety_scores: JSON.stringify(content.safety_scores),
    ...('custom' in content ? { custom: JSON.stringify(content.custom) } : {}),
  };
}

/** Queries of persona_templates and user_personas. */
export class PersonaStore {
  constructor(readonly db: Knex) {}

  /** The library: every template that is not a product's own customer. */
  listTemplates(options: { activeOnly: boolean }, trx: Knex = this.db): Promise<TemplateRow[]> {
    const query = trx<TemplateRow>('persona_templates')
      .whereNull('owner_product_id')
      .orderBy([{ column: 'name' }, { column: 'id' }]);
    return options.activeOnly ? query.where({ is_active: true }) : query;
  }

  findTemplate(id: string, trx: Knex = this.db): Promise<TemplateRow | undefined> {
    return trx<TemplateRow>('persona_templates').where({ id }).first();
  }

  /** Library templates. */
  async countTemplates(trx: Knex = this.db): Promise<number> {
    const [row] = await trx('persona_templates')
      .whereNull('owner_product_id')
      .count<{ count: string }[]>({ count: '*' });
    return Number(row?.count ?? 0);
  }

  /** A library template; undefined when the name is taken (the partial unique index decides). */
  async insertTemplate(trx: Knex, content: TemplateContent): Promise<TemplateRow | undefined> {
    const rows = await trx('persona_templates')
      .insert(stored(content))
      .onConflict(trx.raw('(name) where owner_product_id is null'))
      .ignore()
      .returning<TemplateRow[]>('*');
    return rows[0];
  }

  /** A product's own customer as a template of that product alone (names need not be unique). */
  async insertCustomTemplate(trx: Knex, content: CustomTemplateContent): Promise<TemplateRow> {
    const [row] = await trx('persona_templates')
      .insert(stored(content))
      .returning<TemplateRow[]>('*');
    return row!;
  }

  async updateCustomTemplate(
    trx: Knex,
    id: string,
    content: Partial<TemplateContent> & { custom: CustomPersonaFacts },
  ): Promise<TemplateRow> {
    const [row] = await trx('persona_templates')
      .where({ id })
      .update({ ...content, custom: JSON.stringify(content.custom), updated_at: trx.fn.now() })
      .returning<TemplateRow[]>('*');
    return row!;
  }

  /** A persona of the product, with its template (locked for an edit). */
  async findPersonaById(
    trx: Knex,
    productId: string,
    personaId: string,
  ): Promise<PersonaWithTemplate | undefined> {
    const persona = await trx<PersonaRow>('user_personas')
      .where({ id: personaId, product_id: productId })
      .forUpdate()
      .first();
    if (!persona) return undefined;
    const template = await this.findTemplate(persona.template_id, trx);
    return template && { ...persona, template };
  }

  async updateTemplate(trx: Knex, id: string, content: TemplateContent): Promise<void> {
    await trx('persona_templates')
      .where({ id })
      .update({ ...stored(content), updated_at: trx.fn.now() });
  }

  /** Deletes the template; products that chose it lose that persona (foreign key cascade). */
  async deleteTemplate(trx: Knex, id: string): Promise<boolean> {
    return (
      (await trx('persona_templates').where({ id }).whereNull('owner_product_id').delete()) > 0
    );
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

  /**
   * Removes a persona from the product; a custom persona's private template
   * goes with it (and the persona with the template, by the foreign key).
   */
  async deletePersona(trx: Knex, productId: string, personaId: string): Promise<boolean> {
    const removed = await trx('user_personas')
      .where({ id: personaId, product_id: productId })
      .delete()
      .returning<{ template_id: string }[]>('template_id');
    const templateId = removed[0]?.template_id;
    if (!templateId) return false;
    await trx('persona_templates').where({ id: templateId, owner_product_id: productId }).delete();
    return true;
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
        .whereNull('owner_product_id')
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

import {
  type CustomPersonaDraft,
  customPersonaDraft,
  customPersonaMessages,
  editCustomPersonaRequest,
  type CustomTraitField,
  customTraitFields,
  personaMessages,
  productMessages,
  personaTemplateInput,
  type SafetyScores,
} from '@chorus/contracts';
import type {
  CreateTemplateRequest,
  CustomPersonaDraft as CustomPersonaDraftMessage,
  CustomPersonaEdit as CustomPersonaEditMessage,
} from '@chorus/proto/catalog/v1/personas';
import {
  AlreadyExists,
  FailedPrecondition,
  InvalidArgument,
  type Knex,
  type Logger,
  NotFound,
  type OutboxRelay,
} from '@chorus/service-kit';
import { customDraftFromMessage, customEditFromMessage } from '@chorus/service-kit/wire';
import { personasChanged } from './events/published';
import type { Products } from './products';
import type {
  PersonaStore,
  PersonaWithTemplate,
  TemplateContent,
  TemplateRow,
} from './store/personas';
import type { ProductStore } from './store/products';
import {
  type LibraryTemplate,
  loadTemplateLibrary,
  TemplateLibraryError,
} from './template-library';
import { provenanceAfterEdit } from './domain/trait-provenance';

// Only one sync (or first-start seeding) at a time per database, so two
// replicas starting together do not both import the library.
const SYNC_LOCK = 0x0ca7_a106;

function libraryContent(template: LibraryTemplate): TemplateContent {
  return {
    name: template.name,
    age: template.age,
    gender: template.gender ?? null,
    occupation: template.occupation,
    location: template.location,
    income: template.income,
    iq: template.iq ?? null,
    lifestyle: template.lifestyle,
    motivations: template.motivations,
    personality: template.personality,
    safety_scores: template.safetyScores,
    is_active: template.isActive,
  };
}

function sameScores(a: SafetyScores, b: SafetyScores): boolean {
  return (
    a.economic === b.economic &&
    a.world === b.world &&
    a.local === b.local &&
    a.occupation === b.occupation
  );
}

function sameContent(row: TemplateRow, content: TemplateContent): boolean {
  return (
    row.age === content.age &&
    row.gender === content.gender &&
    row.occupation === content.occupation &&
    row.location === content.location &&
    row.income === content.income &&
    row.iq === content.iq &&
    row.lifestyle === content.lifestyle &&
    row.motivations === content.motivations &&
    row.personality === content.personality &&
    row.is_active === content.is_active &&
    sameScores(row.safety_scores, content.safety_scores)
  );
}

/** A draft from the gateway, checked as a whole persona before anything is stored. */
function readDraft(message: CustomPersonaDraftMessage): CustomPersonaDraft {
  const parsed = customPersonaDraft.safeParse(customDraftFromMessage(message));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidArgument(
      `A persona draft is not a whole persona: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  return parsed.data;
}

/**
 * The persona template library and the personas each product selects from
 * it. A product's persona count is kept on the product in the same
 * transaction as the selection, and every change is announced
 * (PersonasChanged) so billing can price the extra personas.
 */
export class Personas {
  constructor(
    private readonly deps: {
      store: PersonaStore;
      productStore: ProductStore;
      products: Products;
      relay: OutboxRelay;
      logger: Logger;
      libraryFile: string;
    },
  ) {}

  listTemplates(options: { activeOnly: boolean }): Promise<TemplateRow[]> {
    return this.deps.store.listTemplates(options);
  }

  async listProductPersonas(userId: string, productId: string): Promise<PersonaWithTemplate[]> {
    await this.deps.products.owned(userId, productId);
    return this.deps.store.listPersonas(productId);
  }

  /** Adds a template to a product; adding one it already has answers that persona again. */
  async add(
    userId: string,
    productId: string,
    templateId: string,
  ): Promise<{ persona: PersonaWithTemplate; added: boolean }> {
    if (!templateId) throw new InvalidArgument(personaMessages.templateIdRequired);
    const { store } = this.deps;
    const result = await store.db.transaction(async (trx) => {
      const product = await this.lockOwnedProduct(trx, userId, productId);
      const template = await store.findTemplate(templateId, trx);
      // Another product's own customer is no template to choose.
      if (!template || !template.is_active || template.owner_product_id !== null) {
        throw new NotFound(personaMessages.templateNotFound);
      }
      const inserted = await store.insertPersona(trx, {
        user_id: product.user_id,
        product_id: product.id,
        template_id: template.id,
      });
      if (inserted) await this.recount(trx, product);
      const persona = inserted ?? (await store.findPersona(product.id, template.id, trx))!;
      return { persona: { ...persona, template }, added: inserted !== undefined };
    });
    if (result.added) this.deps.relay.nudge();
    return result;
  }

  /**
   * Personas of the product's own customers, as persona inference built
   * them: each a template of this product alone and one of its personas,
   * counted and announced once for the lot, as choosing templates is.
   */
  async createCustom(
    userId: string,
    productId: string,
    draftMessages: readonly CustomPersonaDraftMessage[],
  ): Promise<PersonaWithTemplate[]> {
    const drafts = draftMessages.map(readDraft);
    if (drafts.length === 0) throw new InvalidArgument('at least one persona is required');
    const { store } = this.deps;
    const created = await store.db.transaction(async (trx) => {
      const product = await this.lockOwnedProduct(trx, userId, productId);
      const personas: PersonaWithTemplate[] = [];
      for (const draft of drafts) {
        const template = await store.insertCustomTemplate(trx, {
          ...draft.traits,
          iq: null,
          safety_scores: draft.safetyScores,
          is_active: true,
          owner_product_id: product.id,
          custom: draft.custom,
        });
        const persona = await store.insertPersona(trx, {
          user_id: product.user_id,
          product_id: product.id,
          template_id: template.id,
        });
        personas.push({ ...persona!, template });
      }
      await this.recount(trx, product);
      return personas;
    });
    this.deps.relay.nudge();
    return created;
  }

  /** Edits a custom persona's traits; what the user typed becomes given. */
  async editCustom(
    userId: string,
    productId: string,
    personaId: string,
    editMessage: CustomPersonaEditMessage | undefined,
  ): Promise<PersonaWithTemplate> {
    const parsed = editCustomPersonaRequest.safeParse(
      editMessage ? customEditFromMessage(editMessage) : {},
    );
    if (!parsed.success) {
      throw new InvalidArgument(parsed.error.issues[0]?.message ?? 'Invalid edit');
    }
    const edit = parsed.data;
    const { store } = this.deps;
    return store.db.transaction(async (trx) => {
      const product = await this.lockOwnedProduct(trx, userId, productId);
      const persona = personaId
        ? await store.findPersonaById(trx, product.id, personaId)
        : undefined;
      if (!persona) throw new NotFound(personaMessages.personaNotFound);
      const { custom } = persona.template;
      if (!custom || persona.template.owner_product_id !== product.id) {
        throw new FailedPrecondition(customPersonaMessages.notCustom);
      }
      const edited = customTraitFields.filter(
        (field): field is CustomTraitField => edit[field] !== undefined,
      );
      const template = await store.updateCustomTemplate(trx, persona.template.id, {
        ...edit,
        ...(edit.gender !== undefined ? { gender: edit.gender || null } : {}),
        custom: { ...custom, provenance: provenanceAfterEdit(custom.provenance, edited) },
      });
      return { ...persona, template };
    });
  }

  async remove(userId: string, productId: string, personaId: string): Promise<void> {
    const { store } = this.deps;
    await store.db.transaction(async (trx) => {
      const product = await this.lockOwnedProduct(trx, userId, productId);
      const removed = personaId ? await store.deletePersona(trx, product.id, personaId) : false;
      if (!removed) throw new NotFound(personaMessages.personaNotFound);
      await this.recount(trx, product);
    });
    this.deps.relay.nudge();
  }

  /** The admin form's template: required fields checked, 0-100 sliders stored out of 10. */
  async createTemplate(request: CreateTemplateRequest): Promise<TemplateRow> {
    const parsed = personaTemplateInput.safeParse({
      ...request,
      // Unset numbers arrive as 0: the form's defaults apply instead.
      age: request.age || undefined,
      iq: request.iq || undefined,
      safetyScores: request.safetyScoresPercent,
    });
    if (!parsed.success) {
      throw new InvalidArgument(parsed.error.issues[0]?.message ?? 'Invalid persona template');
    }
    const input = parsed.data;
    const row = await this.deps.store.insertTemplate(this.deps.store.db, {
      name: input.name,
      age: input.age,
      gender: input.gender || null,
      occupation: input.occupation,
      location: input.location,
      income: input.income,
      iq: input.iq ?? null,
      lifestyle: input.lifestyle,
      motivations: input.motivations,
      personality: input.personality,
      safety_scores: input.safetyScores,
      is_active: input.isActive,
    });
    if (!row) throw new AlreadyExists(personaMessages.templateNameTaken);
    return row;
  }

  /** Deletes a template; products that had chosen it lose that persona and are recounted. */
  async deleteTemplate(templateId: string): Promise<void> {
    const { store, productStore } = this.deps;
    const affected = await store.db.transaction(async (trx) => {
      const users = await store.productsUsingTemplate(trx, templateId);
      // Lock in a fixed order so concurrent persona changes cannot deadlock with us.
      const products = [];
      for (const { product_id } of [...users].sort((a, b) =>
        a.product_id.localeCompare(b.product_id),
      )) {
        const product = await productStore.lock(trx, product_id);
        if (product) products.push(product);
      }
      if (!(await store.deleteTemplate(trx, templateId))) {
        throw new NotFound(personaMessages.templateNotFound);
      }
      for (const product of products) await this.recount(trx, product);
      return products.length;
    });
    if (affected > 0) this.deps.relay.nudge();
  }

  /** The admin dashboard's persona figures. */
  personaStats(): Promise<{ totalPersonas: number; activeTemplates: number }> {
    return this.deps.store.personaStats();
  }

  /**
   * Re-reads the library file: templates with a new name are imported,
   * existing names whose content changed are updated; templates that are
   * only in the database (created in the admin area) stay as they are.
   */
  async syncTemplates(): Promise<{ imported: number; updated: number }> {
    let library: LibraryTemplate[];
    try {
      library = await loadTemplateLibrary(this.deps.libraryFile);
    } catch (error) {
      if (error instanceof TemplateLibraryError) {
        throw new FailedPrecondition(`Failed to sync personas from YAML file: ${error.message}`);
      }
      throw error;
    }
    const { store } = this.deps;
    return store.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?)', [SYNC_LOCK]);
      const existing = new Map(
        (await store.listTemplates({ activeOnly: false }, trx)).map((row) => [row.name, row]),
      );
      let imported = 0;
      let updated = 0;
      for (const template of library) {
        const content = libraryContent(template);
        const row = existing.get(template.name);
        if (!row) {
          if (await store.insertTemplate(trx, content)) imported += 1;
        } else if (!sameContent(row, content)) {
          await store.updateTemplate(trx, row.id, content);
          updated += 1;
        }
      }
      return { imported, updated };
    });
  }

  /** On first start (no templates at all), the library becomes the template table. */
  async seedIfEmpty(): Promise<void> {
    if ((await this.deps.store.countTemplates()) > 0) return;
    const { imported } = await this.syncTemplates();
    this.deps.logger.info({ imported }, 'persona templates seeded from the library');
  }

  private async lockOwnedProduct(trx: Knex.Transaction, userId: string, productId: string) {
    const product =
      userId && productId
        ? await this.deps.productStore.lockOwned(trx, userId, productId)
        : undefined;
    if (!product) throw new NotFound(productMessages.notFound);
    return product;
  }

  private async recount(
    trx: Knex.Transaction,
    product: { id: string; user_id: string },
  ): Promise<void> {
    const count = await this.deps.store.countPersonas(trx, product.id);
    await this.deps.productStore.update(trx, product.id, { persona_count: count });
    await personasChanged(trx, product, count);
  }
}

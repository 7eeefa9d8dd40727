import { feedbackMessages } from '@chorus/contracts';
import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { NotFound } from '@chorus/service-kit';
import { businessContext, chosenPersonas, personaProfile } from './domain/persona-context';
import type { Products } from './products';
import { type BusinessProfileStore, profileFields } from './store/business-profiles';
import type { PersonaStore } from './store/personas';
import type { ProductRow } from './store/products';

/** Everything persona inference is told: who answers, and what they know of the product. */
interface PersonaContext {
  personas: PersonaProfile[];
  business: BusinessContext;
}

/**
 * The one place the persona context is built, for the catalog's own
 * questions and for anyone else who asks the product's personas (roadmap
 * feedback, through GetPersonaContext).
 */
export class PersonaContexts {
  constructor(
    private readonly deps: {
      products: Products;
      personaStore: PersonaStore;
      profileStore: BusinessProfileStore;
    },
  ) {}

  /** For the product's owner: another user's product answers NOT_FOUND. */
  async forOwner(userId: string, productId: string, personaIds: string[]): Promise<PersonaContext> {
    return this.of(await this.deps.products.owned(userId, productId), personaIds);
  }

  /** The chosen personas (every one when none is named); an id not the product's is NOT_FOUND. */
  async of(
    product: Pick<ProductRow, 'id' | 'name' | 'description' | 'industry'>,
    personaIds: string[] = [],
  ): Promise<PersonaContext> {
    const [personas, profile] = await Promise.all([
      this.deps.personaStore.listPersonas(product.id),
      this.deps.profileStore.findByProduct(product.id),
    ]);
    const chosen = chosenPersonas(personas, personaIds);
    if (!chosen) throw new NotFound(feedbackMessages.unknownPersona);
    return {
      personas: chosen.map(personaProfile),
      business: businessContext(product, profile && profileFields(profile)),
    };
  }

  /** What the personas are told of the product (a market panel's question). */
  async businessOf(
    product: Pick<ProductRow, 'id' | 'name' | 'description' | 'industry'>,
  ): Promise<BusinessContext> {
    const profile = await this.deps.profileStore.findByProduct(product.id);
    return businessContext(product, profile && profileFields(profile));
  }

  /**
   * For a question asked again: the personas it was first asked of that the
   * product still has (every persona when none were recorded), and the
   * profile as it is now.
   */
  async ofQuestion(
    product: Pick<ProductRow, 'id' | 'name' | 'description' | 'industry'>,
    personaIds: string[],
  ): Promise<PersonaContext> {
    const [personas, profile] = await Promise.all([
      this.deps.personaStore.listPersonas(product.id),
      this.deps.profileStore.findByProduct(product.id),
    ]);
    const asked = new Set(personaIds);
    return {
      personas: personas
        .filter((persona) => asked.size === 0 || asked.has(persona.id))
        .map(personaProfile),
      business: businessContext(product, profile && profileFields(profile)),
    };
  }
}

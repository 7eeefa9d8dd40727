import { MAX_YEARS_IN_OPERATION, productMessages, profileMessages } from '@chorus/contracts';
import type { BusinessProfileFields } from '@chorus/proto/catalog/v1/products';
import { AlreadyExists, InvalidArgument, NotFound } from '@chorus/service-kit';
import type { Products } from './products';
import type { BusinessProfileRow, BusinessProfileStore } from './store/business-profiles';

function checkFields(fields: BusinessProfileFields): void {
  const years = fields.yearsInOperation;
  if (
    years !== undefined &&
    (!Number.isInteger(years) || years < 0 || years > MAX_YEARS_IN_OPERATION)
  ) {
    throw new InvalidArgument(profileMessages.yearsOutOfRange);
  }
}

/** One business profile per product, read and written by the product's owner only. */
export class BusinessProfiles {
  constructor(private readonly deps: { store: BusinessProfileStore; products: Products }) {}

  async get(userId: string, productId: string): Promise<BusinessProfileRow> {
    await this.deps.products.owned(userId, productId);
    const profile = await this.deps.store.findByProduct(productId);
    if (!profile) throw new NotFound(profileMessages.notFound);
    return profile;
  }

  async create(
    userId: string,
    productId: string,
    fields: BusinessProfileFields,
  ): Promise<BusinessProfileRow> {
    checkFields(fields);
    await this.deps.products.owned(userId, productId);
    const profile = await this.deps.store.insert(productId, fields).catch((error: unknown) => {
      // The product was deleted between the ownership check and the insert.
      if ((error as { code?: string }).code === '23503') {
        throw new NotFound(productMessages.notFound);
      }
      throw error;
    });
    if (!profile) throw new AlreadyExists(profileMessages.alreadyExists);
    return profile;
  }

  async update(
    userId: string,
    productId: string,
    fields: BusinessProfileFields,
  ): Promise<BusinessProfileRow> {
    checkFields(fields);
    await this.deps.products.owned(userId, productId);
    const profile = await this.deps.store.update(productId, fields);
    if (!profile) throw new NotFound(profileMessages.notFound);
    return profile;
  }
}

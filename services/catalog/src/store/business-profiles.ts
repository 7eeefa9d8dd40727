import { businessProfileFields, unknownFlagOf } from '@chorus/contracts';
import type { BusinessProfileFields } from '@chorus/proto/catalog/v1/products';
import type { Knex } from '@chorus/service-kit';

export interface BusinessProfileRow {
  id: string;
  product_id: string;
  created_at: Date;
  updated_at: Date;
  /** One column per profile field and per Unknown flag, snake_case. */
  [column: string]: unknown;
}

/** companyName -> company_name, companyNameUnknown -> company_name_unknown */
function columnOf(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * The columns a set of fields writes: only the fields that are present, so
 * an update leaves the others as they are. Empty text is stored as null.
 */
function profileColumns(fields: BusinessProfileFields): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const field of businessProfileFields) {
    const value = fields[field.name];
    if (value !== undefined) {
      columns[columnOf(field.name)] = typeof value === 'string' ? value.trim() || null : value;
    }
    const flag = fields[unknownFlagOf(field.name)];
    if (flag !== undefined) columns[columnOf(unknownFlagOf(field.name))] = flag;
  }
  return columns;
}

/** Every field of a stored profile; a null column stays unset. */
export function profileFields(row: BusinessProfileRow): BusinessProfileFields {
  const fields: BusinessProfileFields = {};
  for (const field of businessProfileFields) {
    const value = row[columnOf(field.name)];
    if (field.kind === 'number') {
      if (typeof value === 'number') fields[field.name] = value;
    } else if (typeof value === 'string') {
      fields[field.name] = value;
    }
    fields[unknownFlagOf(field.name)] = row[columnOf(unknownFlagOf(field.name))] === true;
  }
  return fields;
}

export class BusinessProfileStore {
  constructor(readonly db: Knex) {}

  findByProduct(productId: string): Promise<BusinessProfileRow | undefined> {
    return this.db<BusinessProfileRow>('business_profiles')
      .where({ product_id: productId })
      .first();
  }

  /** Undefined when the product already has a profile (the unique index decides). */
  async insert(
    productId: string,
    fields: BusinessProfileFields,
  ): Promise<BusinessProfileRow | undefined> {
    const rows = await this.db<BusinessProfileRow>('business_profiles')
      .insert({ ...profileColumns(fields), product_id: productId })
      .onConflict('product_id')
      .ignore()
      .returning('*');
    return rows[0];
  }

  /** Undefined when the product has no profile. */
  async update(
    productId: string,
    fields: BusinessProfileFields,
  ): Promise<BusinessProfileRow | undefined> {
    const rows = await this.db<BusinessProfileRow>('business_profiles')
      .where({ product_id: productId })
      .update({ ...profileColumns(fields), updated_at: this.db.fn.now() })
      .returning('*');
    return rows[0];
  }
}

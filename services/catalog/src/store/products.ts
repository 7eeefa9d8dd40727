import type { Knex } from '@chorus/service-kit';
import type { ProductCache } from './product-cache';

export interface ProductRow {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  industry: string | null;
  subscription_status: string;
  billing_cycle: string;
  subscription_start_date: Date | null;
  subscription_end_date: Date | null;
  /** decimal(10,2), as pg returns it: "25.00" */
  base_user_rate: string;
  annual_discount: number;
  /** Accepted, active members (roadmap shares included). */
  collaborator_count: number;
  max_collaborators: number;
  /** Accepted, active members billed a seat: collaborators, admins, edit roadmap shares. */
  billable_seats: number;
  persona_count: number;
  max_free_personas: number;
  extra_persona_cost: string;
  is_legacy_pricing: boolean;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  stripe_price_id: string | null;
  /** The subscription's promo code discount, from billing; null without one. */
  promo_discount_percent: number | null;
  promo_duration_months: number | null;
  promo_started_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

type NewProduct = Pick<ProductRow, 'user_id' | 'name' | 'description' | 'industry'> &
  Partial<Pick<ProductRow, 'billing_cycle'>>;

/** What billing's subscription events may change on a product. */
export type SubscriptionMirror = Partial<
  Pick<
    ProductRow,
    | 'subscription_status'
    | 'billing_cycle'
    | 'subscription_start_date'
    | 'subscription_end_date'
    | 'stripe_customer_id'
    | 'stripe_subscription_id'
    | 'stripe_price_id'
    | 'promo_discount_percent'
    | 'promo_duration_months'
    | 'promo_started_at'
  >
>;

/**
 * Queries of the products table. Every read by a user names the owner.
 * Reads outside a transaction go through the cache of each user's products;
 * every write announces the owner whose products changed.
 */
export class ProductStore {
  constructor(
    readonly db: Knex,
    private readonly cache: ProductCache<ProductRow>,
  ) {}

  async insert(trx: Knex.Transaction, product: NewProduct): Promise<ProductRow> {
    const [row] = await trx<ProductRow>('products').insert(product).returning('*');
    await this.changed(trx, row!.user_id);
    return row!;
  }

  /**
   * The user's first product, read inside the transaction after taking a
   * lock on the user, so two transactions asking "has this user a product
   * yet?" answer one after the other.
   */
  async firstOwnedLocked(trx: Knex.Transaction, userId: string): Promise<ProductRow | undefined> {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`products:${userId}`]);
    return trx<ProductRow>('products')
      .where({ user_id: userId })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .first();
  }

  listOwned(userId: string): Promise<ProductRow[]> {
    const load = () =>
      this.db<ProductRow>('products')
        .where({ user_id: userId })
        .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return this.cache.read(userId, load);
  }

  async findOwned(
    userId: string,
    productId: string,
    trx: Knex = this.db,
  ): Promise<ProductRow | undefined> {
    if (trx === this.db && this.cache.active) {
      return (await this.listOwned(userId)).find((product) => product.id === productId);
    }
    return trx<ProductRow>('products').where({ id: productId, user_id: userId }).first();
  }

  /** Any product by id, for what is not asked by a user (an invitation's product). */
  findById(productId: string, trx: Knex = this.db): Promise<ProductRow | undefined> {
    return trx<ProductRow>('products').where({ id: productId }).first();
  }

  /** Locks the owned product row for the rest of the transaction (persona counts stay exact). */
  lockOwned(trx: Knex.Transaction, userId: string, productId: string) {
    return trx<ProductRow>('products')
      .where({ id: productId, user_id: userId })
      .forUpdate()
      .first();
  }

  lock(trx: Knex.Transaction, productId: string) {
    return trx<ProductRow>('products').where({ id: productId }).forUpdate().first();
  }

  /** Deletes the product; its profile and personas go with it (foreign keys cascade). */
  async deleteOwned(
    trx: Knex.Transaction,
    userId: string,
    productId: string,
  ): Promise<ProductRow | undefined> {
    const [row] = await trx<ProductRow>('products')
      .where({ id: productId, user_id: userId })
      .delete()
      .returning('*');
    if (row) await this.changed(trx, row.user_id);
    return row;
  }

  async update(
    trx: Knex.Transaction,
    productId: string,
    changes:
      | SubscriptionMirror
      | Pick<ProductRow, 'persona_count'>
      | Pick<ProductRow, 'collaborator_count' | 'billable_seats'>,
  ): Promise<void> {
    const rows: Pick<ProductRow, 'user_id'>[] = await trx('products')
      .where({ id: productId })
      .update({ ...changes, updated_at: trx.fn.now() })
      .returning('user_id');
    for (const { user_id } of rows) await this.changed(trx, user_id);
  }

  /** Resolves once every replica has been told of the product changes committed here. */
  settled(): Promise<void> {
    return this.cache.settled();
  }

  /** Every catalog process forgets the owner's products once the transaction commits. */
  private async changed(trx: Knex.Transaction, userId: string): Promise<void> {
    await this.cache.announce(trx, userId);
  }
}

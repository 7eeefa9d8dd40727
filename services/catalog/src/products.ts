import { industryValue, productMessages } from '@chorus/contracts';
import type { SubscriptionChanged } from '@chorus/proto/events/v1/events';
import {
  InvalidArgument,
  type Knex,
  type Logger,
  NotFound,
  type OutboxRelay,
} from '@chorus/service-kit';
import { grantOf, type ProductAccess } from './access';
import { subscriptionMirror } from './domain/subscription-mirror';
import { accessOf } from './domain/teams';
import { productCreated, productDeleted } from './events/published';
import type { CollaboratorStore, MembershipRow } from './store/collaborators';
import type { ProductRow, ProductStore } from './store/products';

const BILLING_CYCLES = ['monthly', 'annual'] as const;

/** Products: create, list (owned and shared), read, delete, and the subscription state billing reports. */
export class Products {
  constructor(
    private readonly deps: {
      store: ProductStore;
      /** The user's memberships (the products shared with them), and whose a deleted product ends. */
      collaborators: CollaboratorStore;
      relay: OutboxRelay;
      logger: Logger;
    },
  ) {}

  async create(input: {
    userId: string;
    name: string;
    description: string;
    industry: string;
    billingCycle: string;
    /** Only when the user has none yet; otherwise their first product is answered. */
    firstProduct?: boolean;
  }): Promise<{ product: ProductRow; created: boolean }> {
    if (!input.userId) throw new InvalidArgument('userId is required');
    const name = input.name.trim();
    if (!name) throw new InvalidArgument(productMessages.nameRequired);
    const industry = industryValue(input.industry);
    if (!industry) throw new InvalidArgument(productMessages.industryRequired);
    const billingCycle = input.billingCycle.trim() || 'monthly';
    if (!BILLING_CYCLES.some((cycle) => cycle === billingCycle)) {
      throw new InvalidArgument(productMessages.billingCycleInvalid);
    }
    const { store } = this.deps;
    const answer = await store.db.transaction(async (trx) => {
      if (input.firstProduct) {
        const first = await store.firstOwnedLocked(trx, input.userId);
        if (first) return { product: first, created: false };
      }
      const row = await store.insert(trx, {
        user_id: input.userId,
        name,
        description: input.description.trim() || null,
        industry,
        billing_cycle: billingCycle,
      });
      await productCreated(trx, row);
      return { product: row, created: true };
    });
    if (answer.created) this.deps.relay.nudge();
    return answer;
  }

  /** The user's own products, then the products shared with them (roadmap-only shares are not). */
  async list(userId: string): Promise<ProductAccess[]> {
    const { store, collaborators } = this.deps;
    const owned = await store.listOwned(userId);
    const answer: ProductAccess[] = owned.map((product) => ({
      product,
      access: { role: 'owner', permission: null },
    }));
    const byProduct = new Map<string, MembershipRow[]>();
    for (const row of await collaborators.memberships(userId)) {
      if (row.role === 'roadmap') continue;
      byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
    }
    for (const [productId, grants] of byProduct) {
      const product = await store.findOwned(grants[0]!.owner_id, productId);
      if (!product || product.user_id === userId) continue;
      const access = accessOf({ userId, ownerId: product.user_id, grants: grants.map(grantOf) });
      if (access) answer.push({ product, access });
    }
    return answer;
  }

  /** The product if this user owns it; another user's product is as absent as a missing one. */
  async owned(userId: string, productId: string): Promise<ProductRow> {
    const product =
      userId && productId ? await this.deps.store.findOwned(userId, productId) : undefined;
    if (!product) throw new NotFound(productMessages.notFound);
    return product;
  }

  /**
   * Deletes the product with its business profile, personas and team (their
   * rows cascade; every replica forgets the members' access at commit), and
   * announces it.
   */
  async delete(userId: string, productId: string): Promise<void> {
    const { store } = this.deps;
    await store.db.transaction(async (trx) => {
      const owned = await store.lockOwned(trx, userId, productId);
      if (owned) await this.deps.collaborators.productDeleting(trx, owned.id);
      const deleted = await store.deleteOwned(trx, userId, productId);
      if (!deleted) throw new NotFound(productMessages.notFound);
      await productDeleted(trx, deleted);
    });
    // Its members' next request, on any replica, finds no product.
    await Promise.all([store.settled(), this.deps.collaborators.settled()]);
    this.deps.relay.nudge();
  }

  /** Mirrors billing's view of the subscription onto the product (inside the consumer's transaction). */
  async applySubscriptionChanged(
    trx: Knex.Transaction,
    event: SubscriptionChanged,
    occurredAt: Date,
  ): Promise<void> {
    const product = event.productId ? await this.deps.store.lock(trx, event.productId) : undefined;
    if (!product) {
      this.deps.logger.info(
        { productId: event.productId },
        'subscription change for a product that no longer exists; ignored',
      );
      return;
    }
    if (event.userId && event.userId !== product.user_id) {
      this.deps.logger.warn(
        { productId: product.id, eventUserId: event.userId },
        'subscription change names another owner; ignored',
      );
      return;
    }
    await this.deps.store.update(trx, product.id, subscriptionMirror(product, event, occurredAt));
  }
}

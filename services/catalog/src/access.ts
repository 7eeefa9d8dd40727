import { type ProductRole, productMessages, type RoadmapPermission } from '@chorus/contracts';
import {
  AlreadyExists,
  DomainError,
  FailedPrecondition,
  InvalidArgument,
  NotFound,
  PermissionDenied,
} from '@chorus/service-kit';
import { status as grpcStatus } from '@grpc/grpc-js';
import { type Access, accessOf, accessRefusal, type Grant, type Refusal } from './domain/teams';
import type { CollaboratorStore, MembershipRow } from './store/collaborators';
import type { ProductRow, ProductStore } from './store/products';

/** Too many members or invitations (RESOURCE_EXHAUSTED, 429). */
class TeamLimitReached extends DomainError {
  constructor(message: string) {
    super(grpcStatus.RESOURCE_EXHAUSTED, message);
  }
}

/** A domain refusal as the gRPC error the gateway maps to its HTTP status. */
function fail(refusal: Refusal): never {
  switch (refusal.kind) {
    case 'not_found':
      throw new NotFound(refusal.message);
    case 'permission_denied':
      throw new PermissionDenied(refusal.message);
    case 'invalid_argument':
      throw new InvalidArgument(refusal.message);
    case 'already_exists':
      throw new AlreadyExists(refusal.message);
    case 'resource_exhausted':
      throw new TeamLimitReached(refusal.message);
    case 'failed_precondition':
      throw new FailedPrecondition(refusal.message);
  }
}

/** Throws the refusal, if there is one. */
export function check(refusal: Refusal | null): void {
  if (refusal) fail(refusal);
}

/** What a membership row grants, as the access rule reads it. */
export const grantOf = (row: Pick<MembershipRow, 'role' | 'permissions'>): Grant => ({
  role: row.role,
  roadmapId: row.permissions?.roadmapId ?? null,
  permission: row.permissions?.permission ?? null,
});

/** A product the user may open, with what they are on it. */
export interface ProductAccess {
  product: ProductRow;
  access: Access;
}

interface SharedRoadmapRow {
  roadmapId: string;
  roadmapName: string;
  productId: string;
  productName: string;
  permission: RoadmapPermission;
}

/**
 * Who may do what on a product: GetAccess, the one authority the gateway
 * asks, and the check every team operation makes first. Read from memory on
 * the hot path (the owner's products and the user's memberships are both
 * cached and invalidated on every replica).
 */
export class ProductAccessRules {
  constructor(
    private readonly deps: {
      store: CollaboratorStore;
      products: ProductStore;
    },
  ) {}

  /** The user's access to the product. No access: NOT_FOUND "Product not found". */
  async access(userId: string, productId: string, roadmapId?: string): Promise<ProductAccess> {
    const found = await this.find(userId, productId, roadmapId);
    if (!found) throw new NotFound(productMessages.notFound);
    return found;
  }

  /** The product if the user may do what `needed` may; else NOT_FOUND or PERMISSION_DENIED. */
  async authorize(userId: string, productId: string, needed: ProductRole): Promise<ProductAccess> {
    const found = await this.find(userId, productId);
    check(accessRefusal(found?.access ?? null, needed));
    return found!;
  }

  private async find(
    userId: string,
    productId: string,
    roadmapId?: string,
  ): Promise<ProductAccess | undefined> {
    if (!userId || !productId) return undefined;
    const { products, store } = this.deps;
    const owned = await products.findOwned(userId, productId);
    if (owned) return { product: owned, access: { role: 'owner', permission: null } };
    const grants = (await store.memberships(userId)).filter((row) => row.product_id === productId);
    if (grants.length === 0) return undefined;
    const product = await products.findOwned(grants[0]!.owner_id, productId);
    if (!product) return undefined;
    const access = accessOf({
      userId,
      ownerId: product.user_id,
      grants: grants.map(grantOf),
      roadmapId: roadmapId || null,
    });
    return access ? { product, access } : undefined;
  }

  /** Roadmaps shared with the user on their own, oldest share first. */
  async sharedRoadmaps(userId: string): Promise<SharedRoadmapRow[]> {
    if (!userId) return [];
    const { products, store } = this.deps;
    const answer: SharedRoadmapRow[] = [];
    for (const row of await store.memberships(userId)) {
      if (row.role !== 'roadmap' || !row.permissions) continue;
      const product = await products.findOwned(row.owner_id, row.product_id);
      if (!product) continue;
      answer.push({
        roadmapId: row.permissions.roadmapId,
        roadmapName: row.permissions.roadmapName,
        productId: product.id,
        productName: product.name,
        permission: row.permissions.permission,
      });
    }
    return answer;
  }
}

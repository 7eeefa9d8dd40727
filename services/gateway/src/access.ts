import {
  productMessages,
  type ProductRole,
  type RoadmapPermission,
  roadmapMessages,
  roadmapPermissions,
  roleAllows,
  roleRefusal,
  shareMessages,
} from '@chorus/contracts';
import type { Product } from '@chorus/proto/catalog/v1/products';
import { isServiceError } from '@chorus/service-kit';
import { status } from '@grpc/grpc-js';
import type { ServiceClients } from './clients';
import { HttpError } from './http-errors';

/** Where a product-scoped route finds its product. */
type ProductSource = 'id' | 'productId' | 'roadmap' | 'item' | 'shareLink';

/** What a product-scoped route needs of the signed-in user. */
export interface ProductNeed {
  /**
   * The path parameter naming the product ('id', 'productId'), or what the
   * route's `:id` names that belongs to one: a roadmap, an item, a share link.
   */
  from: ProductSource;
  /** The lowest product role the route needs. */
  role: ProductRole;
  /**
   * For a roadmap's routes: what a person that roadmap was shared with on
   * its own needs ('view' for reads, 'edit' for edits). Left out, such a
   * person may not use the route.
   */
  roadmap?: RoadmapPermission;
}

/** Who the signed-in user is on the route's product; handlers act as the owner. */
export interface ProductAccess {
  productId: string;
  /** Downstream services are called as the owner: `userId: access.ownerId`. */
  ownerId: string;
  role: ProductRole | 'roadmap';
  /** Set on a roadmap's, an item's or a share link's routes. */
  roadmapId?: string;
  roadmapName?: string;
  /** For role 'roadmap': what the share allows. */
  roadmapPermission?: RoadmapPermission;
  /** The product as its owner sees it. */
  product: Product;
}

/** Answers who a user is on the product a route's path names, or refuses. */
export interface AccessAuthority {
  resolve(
    need: ProductNeed,
    params: Record<string, string>,
    userId: string,
  ): Promise<ProductAccess>;
}

/** The 404 each kind of route already answered for something not the user's. */
function notFoundMessage(from: ProductSource): string {
  if (from === 'roadmap') return roadmapMessages.roadmapNotFound;
  if (from === 'item') return roadmapMessages.itemNotFound;
  if (from === 'shareLink') return shareMessages.linkNotFound;
  return productMessages.notFound;
}

const isNotFound = (error: unknown) => isServiceError(error) && error.code === status.NOT_FOUND;

const asPermission = (text: string): RoadmapPermission | undefined =>
  roadmapPermissions.find((permission) => permission === text);

const asRole = (text: string): ProductRole | 'roadmap' | undefined =>
  (['owner', 'admin', 'collaborator', 'viewer', 'roadmap'] as const).find((role) => role === text);

/**
 * The rule, apart from where the answer comes from: a member whose role is
 * below the need is refused with 403 and what the route needs; a person a
 * single roadmap was shared with passes only a roadmap's route that lets
 * them, with a permission that suffices ('edit' covers 'view'), and gets
 * 404 on the product's own routes, as if it were not there.
 */
export function checkAccess(
  need: ProductNeed,
  role: ProductRole | 'roadmap',
  permission: RoadmapPermission | undefined,
): void {
  if (role !== 'roadmap') {
    if (!roleAllows(role, need.role)) throw new HttpError(403, roleRefusal(need.role, role));
    return;
  }
  if (need.from === 'id' || need.from === 'productId') {
    throw new HttpError(404, notFoundMessage(need.from));
  }
  // The refusal names the share the person holds, not a role they do not have.
  const held = { roadmap: permission ?? 'view' } as const;
  if (!need.roadmap) throw new HttpError(403, roleRefusal(need.role, held));
  const enough = need.roadmap === 'view' ? permission !== undefined : permission === 'edit';
  if (!enough) throw new HttpError(403, roleRefusal('collaborator', held));
}

/**
 * The gateway's one access check before every product-scoped route: the
 * roadmap service says which product a roadmap, item or share link belongs
 * to (LocateRoadmap), and the catalog, which owns membership, says who the
 * user is on it (GetAccess). No access answers the route's own 404, so
 * another user's ids reveal nothing.
 */
export function accessAuthority(
  clients: Pick<ServiceClients, 'catalog' | 'roadmap'>,
): AccessAuthority {
  return {
    async resolve(need, params, userId) {
      const missing = () => new HttpError(404, notFoundMessage(need.from));
      let productId: string;
      let roadmapId: string | undefined;
      let roadmapName: string | undefined;
      if (need.from === 'id' || need.from === 'productId') {
        productId = params[need.from] ?? '';
      } else {
        const id = params.id ?? '';
        const located = await clients.roadmap
          .locateRoadmap(
            need.from === 'roadmap'
              ? { roadmapId: id }
              : need.from === 'item'
                ? { itemId: id }
                : { shareLinkId: id },
          )
          .catch((error: unknown) => {
            throw isNotFound(error) ? missing() : error;
          });
        productId = located.productId;
        roadmapId = located.roadmapId;
        roadmapName = located.roadmapName;
      }
      const answer = await clients.catalog
        .getAccess({ userId, productId, ...(roadmapId ? { roadmapId } : {}) })
        .catch((error: unknown) => {
          throw isNotFound(error) ? missing() : error;
        });
      const role = asRole(answer.role);
      if (!role || !answer.product) throw missing();
      const roadmapPermission =
        role === 'roadmap' ? asPermission(answer.roadmapPermission) : undefined;
      checkAccess(need, role, roadmapPermission);
      return {
        productId,
        ownerId: answer.product.userId,
        role,
        ...(roadmapId ? { roadmapId, roadmapName: roadmapName ?? '' } : {}),
        ...(roadmapPermission ? { roadmapPermission } : {}),
        product: answer.product,
      };
    },
  };
}

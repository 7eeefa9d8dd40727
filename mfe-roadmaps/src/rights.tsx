import { type ProductView, type RoadmapPermission, roleRefusal } from '@chorus/contracts';
import { productRights } from '@chorus/platform/ui';
import { createContext, useContext } from 'react';

/**
 * What the signed-in user may do on the roadmap shown: a member by their role
 * on the product, a person the roadmap was shared with by its permission.
 * Controls that change the roadmap read it to disable themselves, with the
 * reason as their title.
 */
export interface RoadmapRights {
  canEdit: boolean;
  /** Why a control that changes the roadmap is disabled. */
  refusal?: string;
  /** Share the roadmap with people by e-mail (the owner and admins). */
  canShare: boolean;
}

/** The server's words for a view share: "Your share of this roadmap lets you view it, not change it." */
export const viewOnlyRoadmap = roleRefusal('collaborator', { roadmap: 'view' });

export function rightsOnProduct(product: Pick<ProductView, 'role'> | undefined): RoadmapRights {
  const rights = productRights(product?.role);
  return { canEdit: rights.canEdit, refusal: rights.editRefusal, canShare: rights.canManageTeam };
}

export function rightsOnSharedRoadmap(permission: RoadmapPermission): RoadmapRights {
  const canEdit = permission === 'edit';
  return { canEdit, refusal: canEdit ? undefined : viewOnlyRoadmap, canShare: false };
}

const RightsContext = createContext<RoadmapRights>({ canEdit: true, canShare: true });

export const RoadmapRightsProvider = RightsContext.Provider;

export function useRoadmapRights(): RoadmapRights {
  return useContext(RightsContext);
}

/** The props of a button that changes the roadmap: disabled, and why, for a reader. */
export function useEditControl(): { disabled: boolean; title?: string } {
  const rights = useRoadmapRights();
  return rights.canEdit ? { disabled: false } : { disabled: true, title: rights.refusal };
}

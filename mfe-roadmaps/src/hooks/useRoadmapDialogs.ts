import type { RoadmapItem } from '@chorus/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { productRoadmapsPath, roadmapPath } from '../paths';

/** The one dialog open over the roadmap page, if any. */
export type RoadmapDialog =
  | { kind: 'create' }
  | { kind: 'edit' }
  | { kind: 'delete' }
  | { kind: 'import' }
  | { kind: 'compare' }
  /** Add Item without an item, Edit Item with one. */
  | { kind: 'item'; item?: RoadmapItem }
  | { kind: 'share'; item: RoadmapItem }
  /** A public link where people rate the item, or rank items of the roadmap. */
  | { kind: 'share-link'; item: RoadmapItem }
  | { kind: 'share-ranking' };

export type RoutedDialog = 'create' | 'edit';

/**
 * Which dialog is open. The create and edit routes open theirs at once; when
 * the user leaves that dialog the URL goes back to the page's own (replaced,
 * so Back does not reopen it).
 */
export function useRoadmapDialogs(
  routed: RoutedDialog | undefined,
  productId: string | undefined,
  roadmapId: string | undefined,
) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<RoadmapDialog | undefined>(
    routed ? { kind: routed } : undefined,
  );

  const close = () => setDialog(undefined);

  function leave(kind: RoutedDialog) {
    close();
    if (routed !== kind || !productId) return;
    if (kind === 'create') navigate(productRoadmapsPath(productId), { replace: true });
    else if (roadmapId) navigate(roadmapPath(productId, roadmapId), { replace: true });
  }

  return { dialog, open: setDialog, close, leave };
}

export type RoadmapDialogs = ReturnType<typeof useRoadmapDialogs>;

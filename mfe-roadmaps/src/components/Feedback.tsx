import type { RoadmapItem } from '@chorus/contracts';

/** What personas said about an item (filled in once they have been asked). */
export function ItemFeedback(_props: { itemId: string }) {
  return null;
}

/** Asks chosen personas of the product for their feedback on an item. */
export function FeedbackDialog(_props: {
  item: RoadmapItem | undefined;
  productId: string;
  onOpenChange: (open: boolean) => void;
}) {
  return null;
}

// The words and looks every part of the share-links dialog uses.
import { formatDate, type RoadmapItem, type ShareLinkView } from '@chorus/contracts';

export type ShareTarget =
  | { kind: 'item'; item: RoadmapItem }
  | { kind: 'comparison'; roadmapId: string; items: RoadmapItem[] };

export const typeLabels: Record<string, string> = {
  rating: 'Rating 1–5',
  thumbs: 'Thumbs up / down',
  text: 'Written answer',
  ranking: 'Ranking',
};

export const statusTone: Record<ShareLinkView['status'], 'default' | 'secondary' | 'outline'> = {
  active: 'default',
  expired: 'secondary',
  deactivated: 'outline',
};

export const day = (iso: string) => formatDate(iso, 'medium', { timeZone: 'UTC' });

import type { RoadmapSummary, RoadmapWithItems } from '@chorus/contracts';
import { apiRequest } from '@chorus/platform';
import { Button, Label, NativeSelect } from '@chorus/platform/ui';
import { useQuery } from '@tanstack/react-query';
import { ListPlus } from 'lucide-react';
import { useId, useState } from 'react';

/**
 * Takes a roadmap's items as the items to rank or compare: the product's
 * roadmaps to choose from, then their titles in the roadmap's order, as many
 * as the question takes. Nothing shows for a product without roadmap items.
 */
export function RoadmapItemPicker({
  productId,
  max,
  onPick,
}: {
  productId: string;
  /** The most items the question takes. */
  max: number;
  onPick(titles: string[]): void;
}) {
  const id = useId();
  const [roadmapId, setRoadmapId] = useState('');
  const roadmaps = useQuery({
    queryKey: ['products', productId, 'roadmaps', 'summaries'],
    queryFn: async () =>
      (await (
        await apiRequest('GET', `/api/products/${encodeURIComponent(productId)}/roadmaps`)
      ).json()) as RoadmapSummary[],
  });
  const withItems = (Array.isArray(roadmaps.data) ? roadmaps.data : []).filter(
    (r) => r.itemCount > 0,
  );
  const chosen = roadmapId || withItems[0]?.id || '';
  const roadmap = useQuery({
    queryKey: ['roadmaps', chosen],
    queryFn: async () =>
      (await (
        await apiRequest('GET', `/api/roadmaps/${encodeURIComponent(chosen)}`)
      ).json()) as RoadmapWithItems,
    enabled: chosen !== '',
  });
  if (withItems.length === 0) return null;
  const titles = [...(Array.isArray(roadmap.data?.items) ? roadmap.data.items : [])]
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((item) => item.title.trim())
    .filter((title, index, all) => title && all.indexOf(title) === index);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={`${id}-roadmap`}>Or take the items of a roadmap</Label>
        <NativeSelect
          id={`${id}-roadmap`}
          value={chosen}
          onChange={(event) => setRoadmapId(event.target.value)}
        >
          {withItems.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name} ({r.itemCount} {r.itemCount === 1 ? 'item' : 'items'})
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={titles.length === 0}
        onClick={() => onPick(titles.slice(0, max))}
      >
        <ListPlus aria-hidden /> Use its items
        {titles.length > max ? ` (the first ${max})` : ''}
      </Button>
    </div>
  );
}

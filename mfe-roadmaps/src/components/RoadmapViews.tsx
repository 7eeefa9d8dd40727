import type { ItemStatus, RoadmapItem, RoadmapWithItems } from '@chorus/contracts';
import { Button, EmptyState, Tabs, TabsContent, TabsList, TabsTrigger } from '@chorus/platform/ui';
import { CalendarRange, Link2 } from 'lucide-react';
import type { RoadmapDialog } from '../hooks/useRoadmapDialogs';
import { useEditControl } from '../rights';
import { AnalyticsView } from './AnalyticsView';
import { ComparisonsList } from './Comparisons';
import { ItemFeedback } from './Feedback';
import { ItemCard } from './ItemCard';
import { KanbanBoard } from './KanbanBoard';
import { TimelineChart } from './TimelineView';

/** The roadmap three ways: Timeline View (with the item cards), Kanban Board and Analytics. */
export function RoadmapViews({
  roadmap,
  onOpen,
  onMove,
}: {
  roadmap: RoadmapWithItems;
  onOpen: (dialog: RoadmapDialog) => void;
  onMove: (item: RoadmapItem, status: ItemStatus) => void;
}) {
  const items = roadmap.items;
  const editing = useEditControl();
  const openItem = (item: RoadmapItem) => onOpen({ kind: 'item', item });
  return (
    <Tabs defaultValue="timeline" className="min-w-0 gap-4">
      <TabsList aria-label="Roadmap views">
        <TabsTrigger value="timeline">Timeline View</TabsTrigger>
        <TabsTrigger value="kanban">Kanban Board</TabsTrigger>
        <TabsTrigger value="analytics">Analytics</TabsTrigger>
      </TabsList>
      <TabsContent value="timeline">
        {items.length === 0 ? (
          <EmptyState
            icon={CalendarRange}
            title="No roadmap items yet"
            text="Add the features you plan, or import them from a YAML file."
            action={
              <Button {...editing} onClick={() => onOpen({ kind: 'item' })}>
                Add First Item
              </Button>
            }
          />
        ) : (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
            <TimelineChart roadmap={roadmap} onOpenItem={openItem} />
            <section aria-label="Roadmap items" className="grid gap-3">
              <h3 className="text-lg font-semibold">Items</h3>
              {items.map((item) => (
                <ItemCard
                  key={item.id}
                  item={item}
                  onEdit={() => openItem(item)}
                  onShare={() => onOpen({ kind: 'share', item })}
                  onShareLink={() => onOpen({ kind: 'share-link', item })}
                >
                  <ItemFeedback itemId={item.id} />
                </ItemCard>
              ))}
            </section>
          </div>
        )}
      </TabsContent>
      <TabsContent value="kanban">
        <KanbanBoard
          items={items}
          onMove={onMove}
          onOpenItem={openItem}
          onShareLink={(item) => onOpen({ kind: 'share-link', item })}
        />
      </TabsContent>
      <TabsContent value="analytics">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
          <AnalyticsView items={items} />
          {items.length >= 2 ? (
            <div>
              <Button
                variant="outline"
                {...editing}
                onClick={() => onOpen({ kind: 'share-ranking' })}
              >
                <Link2 aria-hidden /> Share a Ranking
              </Button>
            </div>
          ) : null}
          <ComparisonsList roadmapId={roadmap.id} />
        </div>
      </TabsContent>
    </Tabs>
  );
}

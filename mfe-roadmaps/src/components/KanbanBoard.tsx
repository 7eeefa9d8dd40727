import { type ItemStatus, type RoadmapItem } from '@chorus/contracts';
import { ITEM_STATUS_LABELS, kanbanColumns } from '../roadmap-views';
import {
  Button,
  cn,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@chorus/platform/ui';
import { ArrowRightLeft, GripVertical, Link2 } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { useEditControl } from '../rights';
import { PriorityBadge } from './Badges';

const DRAG_TYPE = 'application/x-chorus-roadmap-item';

/**
 * The items by status. A card dragged to another column changes status; the
 * Move to menu on each card does the same from the keyboard.
 */
export function KanbanBoard({
  items,
  onMove,
  onOpenItem,
  onShareLink,
}: {
  items: RoadmapItem[];
  onMove: (item: RoadmapItem, status: ItemStatus) => void;
  onOpenItem: (item: RoadmapItem) => void;
  /** A public link where people rate the item. */
  onShareLink?: (item: RoadmapItem) => void;
}) {
  const [over, setOver] = useState<ItemStatus>();
  const editing = useEditControl();
  const columns = kanbanColumns(items);
  const byId = new Map(items.map((item) => [item.id, item]));

  function drop(event: DragEvent, status: ItemStatus) {
    event.preventDefault();
    setOver(undefined);
    const item = byId.get(event.dataTransfer.getData(DRAG_TYPE));
    if (item && item.status !== status) onMove(item, status);
  }

  return (
    <div className="grid auto-cols-[minmax(13rem,1fr)] grid-flow-col gap-4 overflow-x-auto pb-2">
      {columns.map((column) => (
        <section
          key={column.status}
          aria-label={column.label}
          data-testid={`kanban-column-${column.status}`}
          onDragOver={(event) => {
            if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            setOver(column.status);
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
              setOver(undefined);
            }
          }}
          onDrop={(event) => drop(event, column.status)}
          className={cn(
            'flex min-h-64 flex-col gap-3 rounded-xl border bg-muted/40 p-3 transition-colors',
            over === column.status && 'border-primary bg-primary/5 ring-2 ring-primary/20',
          )}
        >
          <header className="flex items-center justify-between px-1">
            <h4 className="text-sm font-semibold">{column.label}</h4>
            <span
              className="rounded-full bg-background px-2 py-0.5 text-xs font-medium text-muted-foreground"
              aria-label={`${column.items.length} items`}
            >
              {column.items.length}
            </span>
          </header>
          {column.items.map((item) => (
            <article
              key={item.id}
              aria-label={item.title}
              draggable={!editing.disabled}
              onDragStart={(event) => {
                event.dataTransfer.setData(DRAG_TYPE, item.id);
                event.dataTransfer.effectAllowed = 'move';
              }}
              className={cn(
                'group grid gap-2 rounded-lg border bg-card p-3 shadow-xs',
                !editing.disabled && 'cursor-grab active:cursor-grabbing',
              )}
            >
              <div className="flex items-start gap-2">
                <GripVertical
                  className="mt-0.5 size-4 shrink-0 text-muted-foreground/60"
                  aria-hidden
                />
                <button
                  type="button"
                  className="min-w-0 flex-1 cursor-pointer text-left text-sm font-medium hover:underline disabled:cursor-default disabled:no-underline"
                  {...editing}
                  onClick={() => onOpenItem(item)}
                >
                  {item.title}
                </button>
                {onShareLink ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    aria-label={`Share a link to ${item.title}`}
                    disabled={editing.disabled}
                    title={editing.title ?? 'Share a public link: people rate it'}
                    onClick={() => onShareLink(item)}
                  >
                    <Link2 aria-hidden />
                  </Button>
                ) : null}
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      {...editing}
                      aria-label={`Move ${item.title}`}
                    >
                      <ArrowRightLeft aria-hidden />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuLabel>Move to</DropdownMenuLabel>
                    {columns
                      .filter((target) => target.status !== item.status)
                      .map((target) => (
                        <DropdownMenuItem
                          key={target.status}
                          onSelect={() => onMove(item, target.status)}
                        >
                          {ITEM_STATUS_LABELS[target.status]}
                        </DropdownMenuItem>
                      ))}
                  </DropdownMenuContent>
                </DropdownMenu>
              </div>
              <div className="flex flex-wrap items-center gap-2 pl-6">
                <PriorityBadge priority={item.priority} />
                {item.assignedTo ? (
                  <span className="truncate text-xs text-muted-foreground">{item.assignedTo}</span>
                ) : null}
              </div>
            </article>
          ))}
          {column.items.length === 0 ? (
            <p className="px-1 py-6 text-center text-xs text-muted-foreground">Drop items here</p>
          ) : null}
        </section>
      ))}
    </div>
  );
}

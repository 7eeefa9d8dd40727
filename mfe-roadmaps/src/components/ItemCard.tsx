import { type RoadmapItem } from '@chorus/contracts';
import { formatDateRange } from '../roadmap-views';
import { Badge, Button, Card } from '@chorus/platform/ui';
import { CalendarDays, MessagesSquare, Pencil, Share2, UserCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEditControl } from '../rights';
import { PriorityBadge, StatusBadge } from './Badges';

/** One roadmap item: what it is, how much it matters, when, who has it, and its actions. */
export function ItemCard({
  item,
  onEdit,
  onShare,
  onShareLink,
  children,
}: {
  item: RoadmapItem;
  onEdit: () => void;
  onShare: () => void;
  /** A public link where people rate it. */
  onShareLink?: () => void;
  /** What personas said of it, when they were asked. */
  children?: ReactNode;
}) {
  const dates = formatDateRange(item.startDate, item.endDate);
  const editing = useEditControl();
  return (
    <Card
      role="article"
      aria-label={item.title}
      className="gap-3 px-5 py-4 shadow-none transition-shadow hover:shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-2">
          <h4 className="truncate text-base font-semibold">{item.title}</h4>
          <div className="flex flex-wrap items-center gap-2">
            <PriorityBadge priority={item.priority} />
            <StatusBadge status={item.status} />
            {item.assignedTo ? (
              <Badge variant="secondary" title={`Assigned to ${item.assignedTo}`}>
                <UserCheck aria-hidden /> Assigned: {item.assignedTo}
              </Badge>
            ) : null}
          </div>
        </div>
        {/* Each action says what it does in words; the icons only echo them. */}
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Ask personas about ${item.title}`}
            disabled={editing.disabled}
            title={editing.title ?? 'Ask your AI personas what they think of this item'}
            onClick={onShare}
          >
            <MessagesSquare aria-hidden />
            Ask personas
          </Button>
          {onShareLink ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Share a link to ${item.title}`}
              disabled={editing.disabled}
              title={editing.title ?? 'Share a public link where people rate this item'}
              onClick={onShareLink}
            >
              <Share2 aria-hidden />
              Share
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Edit ${item.title}`}
            disabled={editing.disabled}
            title={editing.title ?? 'Edit item'}
            onClick={onEdit}
          >
            <Pencil aria-hidden />
            Edit
          </Button>
        </div>
      </div>
      {item.description ? (
        <p className="text-sm text-muted-foreground">{item.description}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-muted-foreground">
        {dates ? (
          <span className="flex items-center gap-1.5">
            <CalendarDays className="size-3.5" aria-hidden /> {dates}
          </span>
        ) : null}
        {item.tags.map((tag) => (
          <span key={tag} className="rounded bg-muted px-1.5 py-0.5 text-[11px]">
            #{tag}
          </span>
        ))}
      </div>
      {children}
    </Card>
  );
}

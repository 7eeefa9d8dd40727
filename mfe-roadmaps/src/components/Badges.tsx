import { type ItemPriority, type ItemStatus } from '@chorus/contracts';
import { ITEM_STATUS_LABELS, priorityBadgeText } from '../roadmap-views';
import { Badge, cn } from '@chorus/platform/ui';

const priorityTones: Record<ItemPriority, string> = {
  P0: 'border-red-200 bg-red-50 text-red-700',
  P1: 'border-orange-200 bg-orange-50 text-orange-700',
  P2: 'border-sky-200 bg-sky-50 text-sky-700',
  P3: 'border-slate-200 bg-slate-50 text-slate-600',
};

const statusTones: Record<ItemStatus, string> = {
  unplanned: 'border-slate-200 bg-white text-slate-600',
  planned: 'border-indigo-200 bg-indigo-50 text-indigo-700',
  in_progress: 'border-amber-200 bg-amber-50 text-amber-800',
  completed: 'border-emerald-200 bg-emerald-50 text-emerald-700',
  cancelled: 'border-zinc-200 bg-zinc-100 text-zinc-500 line-through',
};

/** The bar colour of each status on the timeline and in the analytics. */
export const statusBarTones: Record<ItemStatus, string> = {
  unplanned: 'bg-slate-400',
  planned: 'bg-indigo-500',
  in_progress: 'bg-amber-500',
  completed: 'bg-emerald-500',
  cancelled: 'bg-zinc-300',
};

export const priorityBarTones: Record<ItemPriority, string> = {
  P0: 'bg-red-500',
  P1: 'bg-orange-500',
  P2: 'bg-sky-500',
  P3: 'bg-slate-400',
};

export function PriorityBadge({ priority }: { priority: ItemPriority }) {
  return (
    <Badge variant="outline" className={priorityTones[priority]}>
      {priorityBadgeText(priority)}
    </Badge>
  );
}

export function StatusBadge({ status, className }: { status: ItemStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(statusTones[status], className)}>
      {ITEM_STATUS_LABELS[status]}
    </Badge>
  );
}

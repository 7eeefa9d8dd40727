import { type RoadmapWithItems, type RoadmapItem } from '@chorus/contracts';
import { formatDateRange, timelineLayout } from '../roadmap-views';
import { cn } from '@chorus/platform/ui';
import { useMemo } from 'react';
import { PriorityBadge } from './Badges';
import { statusBarTones } from './Badges';

const ROW = 44;
const unitWidth = { quarterly: 180, monthly: 110, weekly: 64 } as const;
const unitNames = { quarterly: 'quarter', monthly: 'month', weekly: 'week' } as const;

/**
 * The roadmap on a time axis: quarters, months or weeks as the roadmap says,
 * a bar per dated item, arrows from each dependency to what waits for it, and
 * the items without dates listed apart.
 */
export function TimelineChart({
  roadmap,
  onOpenItem,
}: {
  roadmap: RoadmapWithItems;
  onOpenItem: (item: RoadmapItem) => void;
}) {
  const layout = useMemo(() => timelineLayout(roadmap, roadmap.items), [roadmap]);
  const height = layout.bars.length * ROW;
  const minWidth = layout.ticks.length * unitWidth[layout.unit];

  return (
    <section aria-label="Timeline" className="grid gap-4">
      {layout.bars.length > 0 ? (
        <div className="overflow-x-auto rounded-xl border bg-card">
          <div className="grid grid-cols-[12rem_1fr]" style={{ minWidth: minWidth + 192 }}>
            <div className="border-r border-b bg-muted/40 px-4 py-2 text-xs font-medium text-muted-foreground">
              Item
            </div>
            <div className="relative h-9 border-b bg-muted/40" aria-hidden>
              {layout.ticks.map((tick) => (
                <span
                  key={tick.label + tick.left}
                  className="absolute top-0 flex h-full items-center border-l px-2 text-xs font-medium text-muted-foreground"
                  style={{ left: `${tick.left}%`, width: `${tick.width}%` }}
                >
                  {tick.label}
                </span>
              ))}
            </div>
            <ol className="border-r">
              {layout.bars.map((bar) => (
                <li
                  key={bar.item.id}
                  className="flex items-center truncate px-4 text-sm font-medium"
                  style={{ height: ROW }}
                >
                  <span className="truncate" title={bar.item.title}>
                    {bar.item.title}
                  </span>
                </li>
              ))}
            </ol>
            <div className="relative" style={{ height }}>
              {layout.ticks.map((tick) => (
                <span
                  key={tick.label + tick.left}
                  aria-hidden
                  className="absolute top-0 h-full border-l border-dashed border-border"
                  style={{ left: `${tick.left}%` }}
                />
              ))}
              <svg
                className="pointer-events-none absolute inset-0 h-full w-full text-slate-400"
                viewBox={`0 0 100 ${height}`}
                preserveAspectRatio="none"
                aria-hidden
                data-testid="timeline-connectors"
              >
                {layout.connectors.map(({ from, to }) => {
                  const a = layout.bars[from]!;
                  const b = layout.bars[to]!;
                  const x1 = a.left + a.width;
                  const y1 = from * ROW + ROW / 2;
                  const x2 = b.left;
                  const y2 = to * ROW + ROW / 2;
                  const bend = Math.max(x1, x2) === x1 ? x1 + 1 : (x1 + x2) / 2;
                  return (
                    <path
                      key={`${from}-${to}`}
                      d={`M ${x1} ${y1} H ${bend} V ${y2} H ${x2}`}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth={1.5}
                      strokeDasharray="4 3"
                      vectorEffect="non-scaling-stroke"
                    />
                  );
                })}
              </svg>
              {layout.bars.map((bar, index) => (
                <button
                  key={bar.item.id}
                  type="button"
                  data-testid="timeline-bar"
                  aria-label={`${bar.item.title}: ${formatDateRange(bar.start, bar.end)}`}
                  title={`${bar.item.title} (${formatDateRange(bar.start, bar.end)})`}
                  onClick={() => onOpenItem(bar.item)}
                  className={cn(
                    'absolute flex h-7 min-w-2 cursor-pointer items-center overflow-hidden rounded-md px-2 text-left text-xs font-medium text-white shadow-sm transition-[filter] hover:brightness-110 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                    statusBarTones[bar.item.status],
                  )}
                  style={{
                    left: `${bar.left}%`,
                    width: `${bar.width}%`,
                    top: index * ROW + (ROW - 28) / 2,
                  }}
                >
                  <span className="truncate">{bar.item.title}</span>
                </button>
              ))}
            </div>
          </div>
          <p className="border-t px-4 py-2 text-xs text-muted-foreground">
            One column per {unitNames[layout.unit]}; dashed lines lead from a dependency to the item
            that waits for it.
          </p>
        </div>
      ) : null}
      {layout.unscheduled.length > 0 ? (
        <div className="rounded-xl border border-dashed bg-muted/20 p-4">
          <h4 className="text-sm font-semibold">Unscheduled</h4>
          <p className="text-xs text-muted-foreground">Items without dates are not on the axis.</p>
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Unscheduled items">
            {layout.unscheduled.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => onOpenItem(item)}
                  className="flex cursor-pointer items-center gap-2 rounded-md border bg-background px-2.5 py-1.5 text-sm hover:bg-accent"
                >
                  {item.title} <PriorityBadge priority={item.priority} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

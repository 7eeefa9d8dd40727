import { type RoadmapWithItems } from '@chorus/contracts';
import { formatDateRange } from '../roadmap-views';
import { Badge, Button, Card } from '@chorus/platform/ui';
import { CalendarRange, Download, FileUp, Pencil, Plus, Scale, Trash2 } from 'lucide-react';
import type { RoadmapDialog } from '../hooks/useRoadmapDialogs';
import { useEditControl, useRoadmapRights } from '../rights';
import { ShareRoadmap } from './ShareRoadmap';

const timelineNames = { quarterly: 'Quarterly', monthly: 'Monthly', weekly: 'Weekly' } as const;

/** The chosen roadmap's name, description, dates, timeline and status, and what can be done to it. */
export function RoadmapDetails({
  roadmap,
  onOpen,
  paid = true,
  exporting,
  onExport,
}: {
  roadmap: RoadmapWithItems;
  onOpen: (dialog: RoadmapDialog) => void;
  /** An unpaid product imports nothing and asks no personas (the page's banner says why). */
  paid?: boolean;
  exporting: boolean;
  onExport: () => void;
}) {
  const dates = formatDateRange(roadmap.startDate, roadmap.endDate);
  const editing = useEditControl();
  const { canShare } = useRoadmapRights();
  return (
    <Card role="region" aria-label="Roadmap details" className="gap-4 px-6 py-5">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="grid gap-2">
          <h2 className="text-2xl font-semibold tracking-tight">{roadmap.name}</h2>
          {roadmap.description ? (
            <p className="max-w-2xl text-muted-foreground">{roadmap.description}</p>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            {dates ? (
              <Badge variant="outline">
                <CalendarRange aria-hidden />
                {dates}
              </Badge>
            ) : null}
            <Badge variant="secondary">{timelineNames[roadmap.timelineType]}</Badge>
            <Badge variant={roadmap.status === 'active' ? 'success' : 'outline'}>
              {roadmap.status.charAt(0).toUpperCase() + roadmap.status.slice(1)}
            </Badge>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {canShare ? <ShareRoadmap roadmap={roadmap} /> : null}
          <Button variant="outline" size="sm" {...editing} onClick={() => onOpen({ kind: 'edit' })}>
            <Pencil aria-hidden /> Edit Roadmap
          </Button>
          <Button size="sm" {...editing} onClick={() => onOpen({ kind: 'item' })}>
            <Plus aria-hidden /> Add Item
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!paid || editing.disabled}
            title={editing.title ?? (paid ? undefined : 'Complete payment to import roadmap items')}
            onClick={() => onOpen({ kind: 'import' })}
          >
            <FileUp aria-hidden /> Import YAML
          </Button>
          {roadmap.items.length >= 2 ? (
            <Button
              variant="outline"
              size="sm"
              disabled={!paid || editing.disabled}
              title={editing.title ?? (paid ? undefined : 'Complete payment to ask personas')}
              onClick={() => onOpen({ kind: 'compare' })}
            >
              <Scale aria-hidden /> Compare Items
            </Button>
          ) : null}
          <Button variant="outline" size="sm" disabled={exporting} onClick={onExport}>
            <Download aria-hidden /> Export YAML
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="text-destructive hover:text-destructive"
            {...editing}
            onClick={() => onOpen({ kind: 'delete' })}
          >
            <Trash2 aria-hidden /> Delete Roadmap
          </Button>
        </div>
      </div>
    </Card>
  );
}
